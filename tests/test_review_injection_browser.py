"""The injection kind in headless Chromium (Debian's): on a copy of the bundled corpus whose news page
about Tonalá I carries a hidden instruction, the page is queued as flagged, its item page shows the
detector's evidence beside the read text, and one click saves a verdict. A reviewer's "clean" lifts
the flag: the next `bench run` gives exa back the answer the flag had removed, and report.html says
so in its injection section (checked offline by scripts/check_report_html.py).

Screenshots go to $REVIEW_SCREENS (default: the test's temporary folder); the report's, before the
verdict, to its `before/` folder.
"""

from __future__ import annotations

import json
import os
import shutil
from contextlib import ExitStack
from pathlib import Path

from scripts.check_report_html import check
from scripts.review_site import FIXTURES, REPO, ROUND, Site, invite, serve
from scripts.ui_check import open_page
from tests.browser import page_html, queue_rows, require_chromium, submit_form
from tests.corpus_builder import HIDDEN_INSTRUCTION, Corpus, hide_instruction

PAGE = "_shared/html/contra-solartonala-pruebas.html"  # exa's only citable claim for gs-012
URL = "https://www.mundoeconomico.mx/energia/2026/10/14/tonala-i-sigue-en-pruebas"


def _site(root: Path) -> Site:
    site = Site(root, root / "fixtures")
    shutil.copytree(FIXTURES, site.fixtures)
    shutil.copytree(REPO / "golden", site.golden)
    hide_instruction(Corpus(fixtures=site.fixtures, golden=site.golden, providers=REPO / "providers.yaml",
                            warehouse=site.warehouse, invoices=REPO / "invoices"), PAGE)
    return site


def _useful(report: dict) -> dict[str, tuple[int, float | None]]:
    """provider → (useful answers, cost per useful answer)."""
    return {p["provider"]: (p["metrics"]["aggregate"]["n"]["cost_per_useful_answer_usd"],
                            p["metrics"]["aggregate"]["cost_per_useful_answer_usd"]) for p in report["providers"]}


def test_a_clean_verdict_in_chromium_gives_a_provider_its_answer_back(tmp_path):
    chromium = require_chromium()
    shots = Path(os.environ.get("REVIEW_SCREENS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    site = _site(tmp_path / "site")
    before = site.bench_run()
    (exa_before,) = [e for e in before["injection_review"]["by_provider"] if e["provider"] == "exa"]
    assert exa_before["removed_cases"] == ["gs-012"]  # precondition: the flag costs exa this answer
    assert check(site.warehouse / "reports" / before["run_id"] / "report.html", shots / "before",
                 section="injection-review") is None
    with ExitStack() as stack:
        _, base = serve(stack, site, tmp_path / "review.log")
        page = open_page(stack, chromium, tmp_path, shots)
        page.visit(invite(site, "rev-b1", base), expect=["Welcome, rev-b1", "Start reviewing"])
        page.click_text("Start reviewing")
        page.wait_for_text("the queue", ["Review queue", "documents given an injection verdict"])
        page.visit(f"{base}/?kind=judge_injection", expect=["Review queue", "flagged by the detector"])
        rows = queue_rows(page_html(page))
        assert {kind for kind, _, _ in rows} == {"judge_injection"} and len(rows) == 6  # the flagged page + 5 sampled
        page.screenshot(shots / "injection-queue.png")

        item = next(i for _, i, url in rows if url == URL)
        text = page.visit(f"{base}/item/{item}", expect=[
            "Is this page trying to instruct an automated reader?", "What the injection detector found", "FLAGGED"])
        assert "ignora las instrucciones anteriores" in text  # the hidden comment, quoted in the evidence
        assert "Tonalá I" in text  # the read text beside it
        page.screenshot(shots / "injection-item.png")
        submit_form(page, {"verdict": "clean", "comment": "test round: lifting the flag to see the report move"})
        page.wait_for_text("the saved verdict", ["Saved.", "You · round"])
        page.screenshot(shots / "injection-saved.png")

    (line,) = [json.loads(x) for x in (site.golden / "injection_judgments" / f"{ROUND}.jsonl").read_text().splitlines()]
    assert (line["verdict"], line["artifact"], line["detector_flagged"], line["reviewer"]) == ("clean", PAGE, True, "rev-b1")
    after = site.bench_run()
    (override,) = after["injection_review"]["overrides"]
    assert override["judgment_ids"] == [line["judgment_id"]] and override["restored"] == {"exa": ["gs-012"]}
    moved = {p for p, useful in _useful(after).items() if useful != _useful(before)[p]}
    assert moved == {"exa"} and _useful(after)["exa"][0] == _useful(before)["exa"][0] + 1
    report_html = site.warehouse / "reports" / after["run_id"] / "report.html"
    assert check(report_html, shots, section="injection-review") is None
    section = report_html.read_text()
    section = section[section.index("<section id='injection-review'>"):]
    assert line["judgment_id"] in section and "exa: gs-012" in section
    assert HIDDEN_INSTRUCTION not in section  # the report names documents, it never quotes them
    before_exa, after_exa = _useful(before)["exa"], _useful(after)["exa"]
    print(f"exa useful answers {before_exa[0]} → {after_exa[0]}; cost per useful answer "
          f"{before_exa[1]:.6f} → {after_exa[1]:.6f} USD")
