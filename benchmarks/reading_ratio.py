"""3. HTML reading (extraction + spans + injection scan) vs bare `trafilatura.extract`, as one verdict:
the reading room's benchmark (`benchmarks/html_reading.py`) on the real pages in ../shared/realdata
and the bundled corpus's HTML (the corpus alone when realdata is absent)."""

from __future__ import annotations

from benchmarks.html_reading import DEFAULT_CORPUS, DEFAULT_REALDATA, corpus_pages, measure, real_pages
from benchmarks.measure import Verdict

ROUNDS = 3


def bench() -> Verdict:
    name, target = "3 html reading vs trafilatura", "≤ 1.5 (time)"
    real, bundled = real_pages(DEFAULT_REALDATA), corpus_pages(DEFAULT_CORPUS)
    pages = real + bundled
    where = f"pages ({len(real)} real from realdata, {len(bundled)} from the bundled corpus)"
    if not pages:
        return Verdict(name, None, target, None, "no HTML pages: neither realdata nor the bundled corpus is present")
    bare_s, ours_s = measure(pages, ROUNDS)
    ratio = ours_s / bare_s
    per_page = ROUNDS * len(pages) / 1000
    return Verdict(name, ratio, target, ratio <= 1.5,
                   f"ours {ours_s / per_page:.1f} ms/page, trafilatura.extract {bare_s / per_page:.1f} ms/page "
                   f"over {len(pages)} {where}, {ROUNDS} alternating rounds")
