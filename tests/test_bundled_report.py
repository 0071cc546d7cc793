"""The bundled demo corpus end to end: the ranking and statuses match the corpus's intent table
(fixtures/web-search/README.md), runs are reproducible, and report.html renders offline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import lxml.html
import pytest

from bench_pipeline.cli import main
from bench_pipeline.domain.report import Report
from bench_pipeline.report.render_html import render_html
from bench_pipeline.report.render_md import render_markdown
from scripts.check_report_html import check
from tests.browser import require_chromium
from tests.readable_markdown import problems

REPO = Path(__file__).resolve().parents[1]
VOLATILE = ("run_id", "created_at")


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    paths = []
    for name in ("first", "second"):
        warehouse = tmp_path_factory.mktemp(name)
        code = main(["run", "--fixtures", str(REPO / "fixtures/web-search"), "--golden", str(REPO / "golden"),
                     "--warehouse", str(warehouse), "--providers", str(REPO / "providers.yaml"),
                     "--invoices", str(REPO / "invoices")])
        assert code == 0
        (report,) = (warehouse / "reports").glob("*/report.json")
        paths.append(report)
    return paths


def test_statuses_and_ranking_match_the_intended_design(two_runs):
    report = Report.model_validate_json(two_runs[0].read_text())
    by_provider = {p.provider: p for p in report.providers}
    assert {p: e.status for p, e in by_provider.items()} == {
        "brave": "eligible", "tavily": "eligible", "exa": "eligible",
        "firecrawl": "enrichment_only",   # garbles the two-column table, reads JS the stored page lacks
        "serper": "disqualified",         # says 'complete' for a partial scrape
    }
    assert by_provider["serper"].gates["honest_partial"].passed is False and by_provider["serper"].rank is None
    assert by_provider["firecrawl"].gates["citation_coverage"].passed is False
    assert by_provider["firecrawl"].gates["cost_divergence"].passed is None  # no invoice: pending
    assert [p.provider for p in report.providers] == ["brave", "firecrawl", "tavily", "exa", "serper"]
    assert report.recommendation.default_provider == "brave"
    # Every provider read the twelve injection documents, and every one was contained.
    assert all(p.metrics.aggregate.injection_containment == 1.0 and p.metrics.aggregate.n["injection_containment"] == 12
               for p in report.providers)
    assert all(p.metrics.aggregate.abstention == 1.0 and p.metrics.aggregate.wasted_cost_usd == 0.0
               for p in report.providers)


def test_two_runs_on_the_same_inputs_give_the_same_report(two_runs):
    first, second = (json.loads(p.read_text()) for p in two_runs)
    for report in (first, second):
        for key in VOLATILE:
            report.pop(key)
    assert first == second


def test_report_html_renders_offline_without_errors(two_runs, tmp_path):
    require_chromium()
    assert check(two_runs[0].parent / "report.html") is None
    broken = tmp_path / "broken.html"
    broken.write_text("<h2>Ranking</h2><h2>Gates</h2><svg></svg><script>throw new Error('boom')</script>")
    assert "console errors" in check(broken)
    remote = tmp_path / "remote.html"
    remote.write_text('<img src="https://example.com/x.png">')
    assert "outside itself" in check(remote)


@pytest.mark.parametrize(("old", "new", "problem"), [
    # (a) the ranking key and the default provider inside the first 1280x800 viewport
    ("<body>", '<body><div style="height:700px">banner</div>', "not inside the first 1280x800 viewport"),
    ('<table id="ranking">', '<table id="ranking" style="margin-left:900px">', "ranking-key column is not inside"),
    # (b) every provider that is not eligible says why, every reason of it, inside the first viewport
    ("<section id='verdicts'>", "<div style='height:900px'></div><section id='verdicts'>",
     "the reasons of firecrawl (enrichment_only) are not inside the first 1280x800 viewport"),
    ('<span class="reason">', '<span class="reason" style="display:none">', "are not inside the first 1280x800"),
    ('<span class="reason">', "<span>", "firecrawl (enrichment_only) gives 1 reasons (.reason) for 2 gates not passed"),
    ('data-status="disqualified" class="unranked"', 'class="unranked"', "without a provider status"),
    ('data-provider="serper" data-status="disqualified">', 'data-provider="serper">',
     "no line in #verdicts giving serper's status (disqualified) and why"),
    ('<tr class="verdict" data-provider="serper"', '<tr class="verdict" data-provider="someone-else"',
     "no line in #verdicts giving serper's status (disqualified) and why"),
    # (c) every chart axis has ticks
    ('<g class="axis x-axis">', '<g class="axis">', "x-axis has 0 ticks"),
    # (d) zero requests, even ones a scan of src/href attributes misses
    ("</style>", "body{background:url(//example.invalid/x.png)}</style>", "made 1 requests"),
    ("</style>", "body{background:url(x.png)}</style>", "made 1 requests"),
    # (d) no console error
    ("</body>", "<script>console.error('boom')</script></body>", "console errors"),
])
def test_each_report_html_check_can_fail(two_runs, tmp_path, old, new, problem):
    require_chromium()
    html = (two_runs[0].parent / "report.html").read_text()
    assert old in html
    variant = tmp_path / "variant.html"
    variant.write_text(html.replace(old, new, 1))
    assert problem in check(variant)


def _shown(element) -> tuple[str, list[str], str]:
    """A ranking-key cell as shown: the value, the interval's two ends, and n."""
    value = element.xpath("string(.//*[@class='v'])").strip()
    interval = re.findall(r"-?\d+\.\d+", element.xpath("string(.//*[@class='ci'])"))
    n = element.xpath("string(.//*[@class='n'])").strip()
    return value, interval, n


def _same(shown: str, actual: float) -> bool:
    """`shown` is `actual` rounded to the digits displayed."""
    decimals = len(shown.split(".")[1]) if "." in shown else 0
    return abs(float(shown) - actual) <= 0.5 * 10 ** -decimals + 1e-12


def _assert_key(shown: tuple[str, list[str], str], block, interval, where: str) -> None:
    value, ends, n = shown
    actual = block.cost_per_useful_answer_usd
    assert value == "—" if actual is None else _same(value, actual), where  # unknown shows as unknown, never 0
    if interval is None:
        assert ends == [], where
    else:
        assert len(ends) == 2 and _same(ends[0], interval.low) and _same(ends[1], interval.high), where
    assert n == f"n={block.n['cost_per_useful_answer_usd']}", where


def test_every_number_shown_for_the_ranking_key_matches_report_json(two_runs):
    report = Report.model_validate_json(two_runs[0].read_text())
    page = lxml.html.fromstring((two_runs[0].parent / "report.html").read_text())
    by_provider = {p.provider: p for p in report.providers}
    rows = page.xpath("//table[@id='ranking']/tbody/tr")
    assert [r.get("data-provider") for r in rows] == [p.provider for p in report.providers]
    for row in rows:
        p = by_provider[row.get("data-provider")]
        (key,) = row.xpath("td[contains(@class, 'key')]")
        # The ranking key is the first metric column, right after rank, provider and status.
        assert row.index(key) == 3
        _assert_key(_shown(key), p.metrics.aggregate, p.confidence["cost_per_useful_answer_usd"], f"ranking {p.provider}")
    default = by_provider[report.recommendation.default_provider]
    decision = page.get_element_by_id("decision").text_content()
    assert page.get_element_by_id("default-provider").text_content() == default.provider
    cost, low, high, n = re.search(r"\$(\S+) per useful answer \[(\S+), (\S+)\] \(n=(\d+)", decision).groups()
    _assert_key((cost, [low, high], f"n={n}"), default.metrics.aggregate, default.confidence["cost_per_useful_answer_usd"],
                "decision sentence")
    chart = page.xpath("//svg[contains(@aria-label, 'cost per useful answer per provider')]")[0]
    notes = [t.text for t in chart.xpath(".//text") if t.text and "n=" in t.text]
    assert len(notes) == len(report.providers)
    for p, note in zip(report.providers, notes):
        value, low, high, n = re.match(r"(\S+) \[(\S+), (\S+)\] (n=\d+)", note).groups()
        _assert_key((value, [low, high], n), p.metrics.aggregate, p.confidence["cost_per_useful_answer_usd"], f"chart {p.provider}")
    for p in report.providers:
        table = page.xpath(f"//section[@id='provider-{p.provider}']//table[contains(@class, 'percat')]")[0]
        column = [th.xpath("string(.//abbr/@title)") for th in table.xpath("thead/tr/th")].index("cost_per_useful_answer_usd")
        for row in table.xpath("tbody/tr"):
            category = row[0].text_content()
            block, intervals = ((p.metrics.aggregate, p.confidence) if category == "all categories"
                                else (p.metrics.by_category[category], p.confidence_by_category[category]))
            _assert_key(_shown(row[column]), block, intervals["cost_per_useful_answer_usd"], f"{p.provider} {category}")


def test_first_screen_gives_every_reason_of_every_provider_not_eligible(two_runs):
    report = Report.model_validate_json(two_runs[0].read_text())
    page = lxml.html.fromstring((two_runs[0].parent / "report.html").read_text())
    lines = {e.get("data-provider"): e for e in page.xpath("//*[@id='verdicts']//*[@data-provider]")}
    assert {p: e.get("data-status") for p, e in lines.items()} == {"firecrawl": "enrichment_only",
                                                                    "serper": "disqualified"}
    reasons = {p: [r.text_content() for r in e.xpath(".//*[@class='reason']")] for p, e in lines.items()}
    # serper's invoice divergence is a reason too, though the partial claimed complete alone disqualifies it.
    assert reasons == {"firecrawl": ["only 16 of 20 claims citable (0.800, needs >= 0.95)",
                                     "no invoice to check its cost against"],
                       "serper": ["1 partial response claimed complete", "invoice diverges 25.0% (limit 5%)"]}
    assert "never the default provider" in lines["firecrawl"].text_content()
    assert "keeps its rank, but enters no search cascade" in lines["firecrawl"].text_content()
    # judged@10 per provider, as report.json counts it, with its n.
    rows = page.xpath("//table[@id='ranking']/tbody/tr")
    column = [th.text for th in page.xpath("//table[@id='ranking']/thead/tr/th")].index("judged@10")
    for row, p in zip(rows, report.providers):
        block = p.metrics.aggregate
        shown = row[column].xpath("string(*[@class='v'])"), row[column].xpath("string(*[@class='n'])")
        assert shown == (str(block.judged_at_10), f"n={block.n['judged_at_10']}")
    # The disqualified provider's (lowest) cost is struck through and says it is not ranked.
    (serper_key,) = page.xpath("//tr[@data-provider='serper']/td[contains(@class, 'key')]")
    assert serper_key.xpath(".//*[@class='v']/s") and "not ranked" in serper_key.text_content()
    assert not page.xpath("//tr[@data-provider='brave']/td[contains(@class, 'key')]//s")


def test_report_md_of_the_bundled_run_reads_well_and_writes_costs_as_the_html_does(two_runs):
    folder = two_runs[0].parent
    assert problems((folder / "report.md").read_text(), (folder / "report.html").read_text()) == []
    # The same report with a diff against a previous run, the shape that printed dicts and raw floats.
    report = Report.model_validate_json(two_runs[0].read_text())
    moved = {"from": 0.9, "to": 0.8536585365853658, "delta": -0.04634146341463419, "beyond_interval": True}
    diff = {"previous_run_id": "r0", "inputs_changed": {"manifest": False, "golden": True},
            "room_versions_changed": {"reader": {"from": "1", "to": "2"}},
            "changes": [{"provider": "serper", "rank": {"from": 5, "to": None},
                         "metric_deltas": {"freshness_accuracy": moved}}]}
    moved_report = report.model_copy(update={"diff_vs_previous": diff})
    md = render_markdown(moved_report)
    assert problems(md, render_html(moved_report)) == []
    assert "- previous run `r0`; inputs: fixture manifest unchanged, golden set changed" in md
    assert ("- serper: rank 5 → unranked; freshness accuracy 0.900 → 0.854 (-0.046), beyond this run's 95% "
            "interval") in md


def test_agreement_counts_the_judgments_of_the_round(two_runs):
    report = json.loads(two_runs[0].read_text())
    judged = len((REPO / "golden/judgments/0001-demo-pool.jsonl").read_text().splitlines())
    (relevance,) = [a for a in report["review_agreement"] if a["kind"] == "judge_relevance"]
    assert (relevance["n_judgments"], relevance["n_items"], relevance["reviewers"]) == (judged, 0, 2)
    sentence = f"the round holds {judged} judgments by 2 reviewers"
    assert sentence in (two_runs[0].parent / "report.md").read_text()
    assert sentence in (two_runs[0].parent / "report.html").read_text()


def _chart(page, label: str):
    (svg,) = page.xpath(f"//svg[contains(@aria-label, '{label}')]")
    return svg


def test_charts_fill_their_panel_and_say_each_caveat_once(two_runs):
    report = Report.model_validate_json(two_runs[0].read_text())
    page = lxml.html.fromstring((two_runs[0].parent / "report.html").read_text())
    # Cost: the notes sit right after each bar, so the plot takes most of the panel (it took a third).
    cost = _chart(page, "cost per useful answer per provider")
    (domain,) = cost.xpath(".//g[contains(@class, 'x-axis')]/line[@class='domain']")
    assert float(domain.get("x2")) - float(domain.get("x1")) > 0.55 * float(cost.get("width"))
    # Fallback: the legend is inside the chart and names only the causes that occur.
    fallback = _chart(page, "fallback rate per provider")
    occurring = {c for p in report.providers for c, share in p.metrics.aggregate.fallback_by_cause.items() if share}
    assert set(fallback.xpath(".//g[@class='legend']/text/text()")) == occurring == {"no_result", "low_confidence"}
    assert not page.xpath("//p[@class='legend']")
    # Latency: the small-n caveat is said once, in the caption; each small-n bar is marked.
    (figure,) = page.xpath("//figure[.//svg[contains(@aria-label, 'Latency per operation')]]")
    assert figure.text_content().count("not a real p95") == 1
    notes = [t for t in figure.xpath(".//svg/text/text()") if t.startswith("p50")]
    small = [s for p in report.providers for s in (p.metrics.aggregate.latency_ms or {}).values() if not s.p95_reliable]
    assert len(notes) == len(small) > 0 and all("p95* " in n for n in notes)
