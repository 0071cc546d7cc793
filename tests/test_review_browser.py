"""A review round in headless Chromium (Debian's): follow an invitation, judge one item of each kind
through the real forms (no script on the pages; the DevTools protocol only fills fields and clicks),
then `bench run` shows the new judged counts and the metrics that moved, and a proposal file exists.

Screenshots of the queue and an item page go to $REVIEW_SCREENS (default: the test's temporary folder).
"""

from __future__ import annotations

import json
import os
import re
from contextlib import ExitStack
from pathlib import Path

from scripts.review_site import ROUND, invite, serve
from scripts.ui_check import open_page
from tests.browser import page_html, queue_rows, require_chromium, submit_form

STORED_PAGE = "https://www.acerosdelbajio.com.mx/nosotros"  # a gs-001 result with a stored artifact and a claim


def _progress(html: str) -> dict[str, int]:
    """label → done, from the queue page's progress counters."""
    return {label: int(done) for done, label in re.findall(r"<li><b>(\d+)</b> of <b>\d+</b> ([a-z ]+)</li>", html)}


def test_a_review_round_in_chromium_moves_the_report(review_site_base, tmp_path):
    chromium = require_chromium()
    shots = Path(os.environ.get("REVIEW_SCREENS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    site = review_site_base.copy(tmp_path / "site")
    with ExitStack() as stack:
        _, base = serve(stack, site, tmp_path / "review.log")
        page = open_page(stack, chromium, tmp_path, shots)
        page.visit(invite(site, "rev-b1", base), expect=["Welcome, rev-b1", "Start reviewing"])
        page.click_text("Start reviewing")
        page.wait_for_text("the queue", ["Review queue", "signed in as rev-b1", "pooled results judged"])
        before = _progress(page_html(page))
        rows = queue_rows(page_html(page))
        assert {kind for kind, _, _ in rows} == {"judge_relevance", "verify_date", "golden_addition", "judge_injection"}
        page.screenshot(shots / "review-queue.png")

        page.visit(f"{base}/?kind=judge_relevance&case=gs-001", expect=["Review queue"])
        assert {kind for kind, _, _ in queue_rows(page_html(page))} == {"judge_relevance"}

        relevance = next(i for kind, i, url in rows if kind == "judge_relevance" and url == STORED_PAGE)
        page.visit(f"{base}/item/{relevance}", expect=["The case", "as our reader read it", "SNIPPET — NOT READ"])
        assert "<mark>" in page_html(page)
        submit_form(page, {"relevant": "yes", "reason": "grounds_claim", "comment": "the page states what the company makes"})
        page.wait_for_text("the saved relevance judgment", ["Saved."])
        page.screenshot(shots / "review-item.png")

        date_item = next(i for kind, i, _ in rows if kind == "verify_date")
        page.visit(f"{base}/item/{date_item}", expect=["The publication date shown on the page itself"])
        submit_form(page, {"shown": "none"})
        page.wait_for_text("the saved date", ["Saved."])

        addition = next(i for kind, i, _ in rows if kind == "golden_addition")
        page.visit(f"{base}/item/{addition}", expect=["to this case's expected hosts?"])
        snippet = page.call("Runtime.evaluate", returnByValue=True,
                            expression="document.querySelector('.snippet p:last-child').innerText")["result"]["value"]
        submit_form(page, {"decision": "accept", "evidence": snippet})
        page.wait_for_text("the saved addition", ["Saved."])
        page.screenshot(shots / "review-addition.png")
        page.visit(f"{base}/", expect=["Review queue"])
        after = _progress(page_html(page))
        assert {label: after[label] - before[label] for label in before} == {
            "pooled results judged": 1, "dated documents verified": 1, "proposed additions decided": 1,
            "documents given an injection verdict": 0}

    assert len((site.golden / "judgments" / f"{ROUND}.jsonl").read_text().splitlines()) == 1
    assert json.loads((site.golden / f"verified_dates-{ROUND}.jsonl").read_text())["verified_published_at"] is None
    (proposal,) = (site.golden / "proposals").glob("*.yaml")
    assert "add_to_expect_hosts" in proposal.read_text()

    report = site.bench_run()
    moved = {c["provider"]: c.get("metric_deltas", {}) for c in report["diff_vs_previous"]["changes"]}
    assert moved and all(d["judged_at_10"]["delta"] == 1 for d in moved.values())
    assert any("precision_at_10" in d for d in moved.values())
    assert report["diff_vs_previous"]["inputs_changed"]["golden"] is True
    log = (tmp_path / "review.log").read_text()
    assert "GET /" not in log and "POST /" not in log  # no access log: no client address kept
