"""Which corpus the operational checks run on: the bundled one, or the small test corpus when it is absent.

Prints `export BENCH_…=…` lines for a shell (`eval "$(python scripts/corpus_env.py DIR)"`);
`corpus_env(DIR)` gives the same mapping to Python callers. DIR receives the warehouse (and the
test corpus when that is the one used).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def corpus_env(workdir: Path) -> dict[str, str]:
    bundled = REPO / "fixtures" / "web-search"
    env = {"BENCH_WAREHOUSE": str(workdir / "warehouse")}
    if (bundled / "manifest.json").is_file():
        return {**env, "BENCH_FIXTURES": str(bundled), "BENCH_GOLDEN": str(REPO / "golden"),
                "BENCH_PROVIDERS": str(REPO / "providers.yaml"), "BENCH_INVOICES": str(REPO / "invoices")}
    sys.path.insert(0, str(REPO))
    from tests.corpus_builder import build_corpus

    print(f"note: no bundled corpus at {bundled}; using the small test corpus", file=sys.stderr)
    corpus = build_corpus(workdir / "corpus")
    return {**env, "BENCH_FIXTURES": str(corpus.fixtures), "BENCH_GOLDEN": str(corpus.golden),
            "BENCH_PROVIDERS": str(corpus.providers), "BENCH_INVOICES": str(corpus.invoices)}


if __name__ == "__main__":
    for name, value in corpus_env(Path(sys.argv[1])).items():
        print(f"export {name}={shlex.quote(value)}")
