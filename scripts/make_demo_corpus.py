"""Regenerate the bundled demo corpus (`fixtures/web-search/`) and the golden set (`golden/`).

    .venv/bin/python scripts/make_demo_corpus.py [--fixtures DIR] [--golden DIR]

Deterministic: two runs give byte-identical files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.demo_corpus.build import build_corpus  # noqa: E402
from scripts.demo_corpus.golden_files import HOST_FAMILIES, write_golden  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=Path("fixtures/web-search"))
    parser.add_argument("--golden", type=Path, default=Path("golden"))
    args = parser.parse_args(argv)
    pooled = build_corpus(args.fixtures, HOST_FAMILIES)
    write_golden(args.golden, pooled)
    print(f"wrote {args.fixtures} and {args.golden}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
