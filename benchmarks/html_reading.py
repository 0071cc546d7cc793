"""Pages per second: our HTML reading (trafilatura + offset spans + dates + injection scan) against
bare `trafilatura.extract` on the same pages: the real ones (trafilatura eval, fundus) and the
bundled corpus's `_shared/html`. A benchmark to run by hand, not a timed test.

    .venv/bin/python benchmarks/html_reading.py [--realdata DIR] [--corpus DIR] [--rounds N]
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from pathlib import Path

import trafilatura

from bench_pipeline.injection.detector import scan_html
from bench_pipeline.reading.html import read_html
from bench_pipeline.reading.source import HtmlSource

DEFAULT_REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "web-search"


def real_pages(realdata: Path) -> list[bytes]:
    trafilatura_pages = sorted((realdata / "trafilatura" / "files" / "tests" / "eval").glob("*.html"))
    fundus_pages = sorted((realdata / "fundus" / "files" / "tests" / "resources" / "parser" / "test_data").glob("*/*.html.gz"))
    return [path.read_bytes() for path in trafilatura_pages] + [gzip.decompress(path.read_bytes()) for path in fundus_pages]


def corpus_pages(corpus: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted((corpus / "_shared" / "html").glob("*.html"))]


def ours(page: bytes) -> None:
    source = HtmlSource(page)
    read_html(source)
    scan_html(source)


def bare(page: bytes) -> None:
    trafilatura.extract(page)


def seconds(read, page: bytes) -> float:
    started = time.perf_counter()
    read(page)
    return time.perf_counter() - started


def measure(pages: list[bytes], rounds: int) -> tuple[float, float]:
    """Seconds spent by bare trafilatura and by ours over `rounds` passes of `pages`."""
    for page in pages:  # warm-up: imports, lxml and regex caches
        ours(page)
        bare(page)
    # The two readers alternate page by page, so that load from other processes hits both alike.
    bare_time = our_time = 0.0
    for _ in range(rounds):
        for page in pages:
            bare_time += seconds(bare, page)
            our_time += seconds(ours, page)
    return bare_time, our_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realdata", type=Path, default=DEFAULT_REALDATA)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    real = real_pages(args.realdata)
    if not real:
        print(f"realdata is absent ({args.realdata}): nothing to measure", file=sys.stderr)
        return 1
    pages = real + corpus_pages(args.corpus)
    bare_time, our_time = measure(pages, args.rounds)
    bare_rate = args.rounds * len(pages) / bare_time
    our_rate = args.rounds * len(pages) / our_time
    print(f"pages: {len(real)} real (trafilatura eval + fundus) + {len(pages) - len(real)} corpus, {args.rounds} rounds")
    print(f"trafilatura.extract: {bare_rate:.1f} pages/s")
    print(f"ours (extract + spans + dates + injection scan): {our_rate:.1f} pages/s")
    print(f"time ratio ours/trafilatura: {bare_rate / our_rate:.2f}x (target <= 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
