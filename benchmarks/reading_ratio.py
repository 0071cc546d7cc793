"""3. HTML reading (extraction + spans + injection scan) vs bare `trafilatura.extract`, as one verdict:
the reading room's benchmark (`benchmarks/html_reading.py`) on the real pages in ../shared/realdata,
or on the bundled corpus's HTML when realdata is absent."""

from __future__ import annotations

from pathlib import Path

from benchmarks.html_reading import DEFAULT_REALDATA, measure, real_pages
from benchmarks.measure import Verdict

BUNDLED_HTML = Path(__file__).resolve().parents[1] / "fixtures" / "web-search" / "_shared" / "html"
ROUNDS = 3


def bench() -> Verdict:
    name, target = "3 html reading vs trafilatura", "≤ 1.5 (time)"
    pages, where = real_pages(DEFAULT_REALDATA), "real pages (realdata: trafilatura eval + fundus)"
    if not pages:
        pages, where = [p.read_bytes() for p in sorted(BUNDLED_HTML.glob("*.html"))], "bundled corpus pages"
    if not pages:
        return Verdict(name, None, target, None, "no HTML pages: neither realdata nor the bundled corpus is present")
    bare_s, ours_s = measure(pages, ROUNDS)
    ratio = ours_s / bare_s
    per_page = ROUNDS * len(pages) / 1000
    return Verdict(name, ratio, target, ratio <= 1.5,
                   f"ours {ours_s / per_page:.1f} ms/page, trafilatura.extract {bare_s / per_page:.1f} ms/page "
                   f"over {len(pages)} {where}, {ROUNDS} alternating rounds")
