"""Pages per second for reading PDFs with pypdf (`read_pdf`), on the >100-page real PDF by default.
A benchmark to run by hand, not a timed test.

    .venv/bin/python benchmarks/pdf_reading.py [PDF …] [--realdata DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bench_pipeline.reading.pdf import read_pdf

DEFAULT_REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
LONG_PDF = ("tezca-mx", "files", "data", "raw", "pdfs", "mun-guadalajara-reglamento-interno-y-de-carrera-policial-de-la-com.pdf")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdfs", nargs="*", type=Path)
    parser.add_argument("--realdata", type=Path, default=DEFAULT_REALDATA)
    args = parser.parse_args(argv)
    paths = args.pdfs or [args.realdata.joinpath(*LONG_PDF)]
    missing = [path for path in paths if not path.exists()]
    if missing:
        print(f"absent: {missing[0]} (realdata lives in ../shared/realdata)", file=sys.stderr)
        return 1
    for path in paths:
        data = path.read_bytes()
        started = time.perf_counter()
        reading = read_pdf(data)
        elapsed = time.perf_counter() - started
        print(f"{path.name}: {len(reading.pages)} pages in {elapsed:.2f} s = {len(reading.pages) / elapsed:.1f} pages/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
