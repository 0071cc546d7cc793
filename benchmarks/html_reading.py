"""3. HTML reading (extraction + spans + injection scan) vs bare `trafilatura.extract`, on the bundled HTML."""

from __future__ import annotations

from pathlib import Path

from benchmarks.measure import Verdict, best_of

HTML_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "web-search" / "_shared" / "html"
ROUNDS = 5


def bench() -> Verdict:
    try:
        import trafilatura

        from bench_pipeline.injection.detector import scan_html
        from bench_pipeline.reading.html import read_html
        from bench_pipeline.reading.source import HtmlSource
    except ImportError as exc:
        return Verdict("3 html reading vs trafilatura", None, "≤ 1.5 (time)", None, f"reading modules absent: {exc}")
    pages = [p.read_bytes() for p in sorted(HTML_DIR.glob("*.html"))]
    if not pages:
        return Verdict("3 html reading vs trafilatura", None, "≤ 1.5 (time)", None, f"no HTML under {HTML_DIR}")

    def ours():
        for _ in range(ROUNDS):
            for page in pages:
                source = HtmlSource(page)
                read_html(source)
                scan_html(source)

    def bare():
        for _ in range(ROUNDS):
            for page in pages:
                trafilatura.extract(page)

    ours_s, bare_s = best_of(ours), best_of(bare)
    ratio = ours_s / bare_s
    return Verdict("3 html reading vs trafilatura", ratio, "≤ 1.5 (time)", ratio <= 1.5,
                   f"ours {ours_s / ROUNDS / len(pages) * 1000:.1f} ms/page, trafilatura.extract "
                   f"{bare_s / ROUNDS / len(pages) * 1000:.1f} ms/page over {len(pages)} bundled pages")
