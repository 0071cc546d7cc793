"""Pages per second: our HTML reading (trafilatura + offset spans + dates + injection scan) against
bare `trafilatura.extract` on the same real pages. A benchmark to run by hand, not a timed test.

    .venv/bin/python benchmarks/html_reading.py [--realdata DIR] [--rounds N]
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


def real_pages(realdata: Path) -> list[bytes]:
    trafilatura_pages = sorted((realdata / "trafilatura" / "files" / "tests" / "eval").glob("*.html"))
    fundus_pages = sorted((realdata / "fundus" / "files" / "tests" / "resources" / "parser" / "test_data").glob("*/*.html.gz"))
    return [path.read_bytes() for path in trafilatura_pages] + [gzip.decompress(path.read_bytes()) for path in fundus_pages]


def ours(page: bytes) -> None:
    source = HtmlSource(page)
    read_html(source)
    scan_html(source)


def bare(page: bytes) -> None:
    trafilatura.extract(page)


def seconds(read, pages: list[bytes]) -> float:
    started = time.perf_counter()
    for page in pages:
        read(page)
    return time.perf_counter() - started


def measure(pages: list[bytes], rounds: int) -> tuple[float, float]:
    """Seconds spent by bare trafilatura and by ours over `rounds` passes of `pages`."""
    for page in pages:  # warm-up: imports, lxml and regex caches
        ours(page)
        bare(page)
    # Rounds alternate between the two readers so that load from other processes hits both alike.
    bare_time = our_time = 0.0
    for _ in range(rounds):
        bare_time += seconds(bare, pages)
        our_time += seconds(ours, pages)
    return bare_time, our_time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realdata", type=Path, default=DEFAULT_REALDATA)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    pages = real_pages(args.realdata)
    if not pages:
        print(f"realdata is absent ({args.realdata}): nothing to measure", file=sys.stderr)
        return 1
    bare_time, our_time = measure(pages, args.rounds)
    bare_rate = args.rounds * len(pages) / bare_time
    our_rate = args.rounds * len(pages) / our_time
    print(f"pages: {len(pages)} real pages (trafilatura eval + fundus), {args.rounds} rounds")
    print(f"trafilatura.extract: {bare_rate:.1f} pages/s")
    print(f"ours (extract + spans + dates + injection scan): {our_rate:.1f} pages/s")
    print(f"time ratio ours/trafilatura: {bare_rate / our_rate:.2f}x (target <= 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
