"""What trafilatura's fallback extractors buy our reading: the main text read with them (its default) and
without them (`fast=True`, what `bench_pipeline.reading.html` uses), against two ground truths nobody here
wrote — the scrapinghub article-extraction benchmark's article bodies (token precision and recall per page,
averaged, and the F1 of those means) and trafilatura's own evaluation snippets (wanted snippets kept, unwanted
ones kept) — with the seconds each spends. A benchmark to run by hand, not a test; it needs the real captures
folder.

    .venv/bin/python benchmarks/reading_quality.py [--realdata DIR]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

from trafilatura import bare_extraction

from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.textmap import collapse_ws
from benchmarks.html_reading import DEFAULT_REALDATA

_TOKEN = re.compile(r"\w+")


def _text(html: str, fast: bool) -> tuple[str, float]:
    started = time.perf_counter()
    document = bare_extraction(html, include_comments=False, fast=fast)
    return (document.text or "") if document is not None else "", time.perf_counter() - started


def scrapinghub(root: Path, fast: bool) -> tuple[int, float, float, float]:
    """Pages, mean token precision, mean token recall, seconds."""
    truth = json.loads((root / "ground-truth.json").read_text(encoding="utf-8"))
    pages, precision, recall, seconds = 0, 0.0, 0.0, 0.0
    for key, entry in sorted(truth.items()):
        path = root / "html" / f"{key}.html.gz"
        if not path.exists():
            continue
        text, spent = _text(decode_html(gzip.decompress(path.read_bytes())), fast)
        ours = Counter(_TOKEN.findall(text.lower()))
        wanted = Counter(_TOKEN.findall((entry.get("articleBody") or "").lower()))
        common = sum((ours & wanted).values())
        precision += common / max(1, sum(ours.values()))
        recall += common / max(1, sum(wanted.values()))
        pages += 1
        seconds += spent
    return pages, precision / max(1, pages), recall / max(1, pages), seconds


def trafilatura_snippets(root: Path, fast: bool) -> tuple[int, int, int, int, float]:
    """Wanted snippets kept of wanted, unwanted snippets kept of unwanted, seconds."""
    evaldata = json.loads((root / "evaldata.json").read_text(encoding="utf-8"))
    kept = wanted = leaked = unwanted = 0
    seconds = 0.0
    for entry in evaldata.values():
        path = root / "eval" / entry["file"]
        if not path.exists():
            continue
        text, spent = _text(decode_html(path.read_bytes()), fast)
        text = collapse_ws(text)
        wanted += len(entry["with"])
        kept += sum(collapse_ws(snippet) in text for snippet in entry["with"])
        unwanted += len(entry["without"])
        leaked += sum(collapse_ws(snippet) in text for snippet in entry["without"])
        seconds += spent
    return kept, wanted, leaked, unwanted, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realdata", type=Path, default=DEFAULT_REALDATA)
    args = parser.parse_args(argv)
    scrapinghub_root = args.realdata / "scrapinghub-article-extraction-benchmark" / "files"
    trafilatura_root = args.realdata / "trafilatura" / "files" / "tests"
    if not scrapinghub_root.exists() or not trafilatura_root.exists():
        print(f"realdata is absent ({args.realdata}): nothing to measure", file=sys.stderr)
        return 1
    print("| trafilatura | scrapinghub pages | precision | recall | F1 | seconds | eval snippets kept"
          " | unwanted kept | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, fast in (("default (with fallbacks)", False), ("fast=True (ours)", True)):
        pages, precision, recall, seconds = scrapinghub(scrapinghub_root, fast)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        kept, wanted, leaked, unwanted, snippet_seconds = trafilatura_snippets(trafilatura_root, fast)
        print(f"| {label} | {pages} | {precision:.4f} | {recall:.4f} | {f1:.4f} | {seconds:.2f} | {kept} / {wanted}"
              f" | {leaked} / {unwanted} | {snippet_seconds:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
