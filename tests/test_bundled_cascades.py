"""The bundled demo corpus's cascades end to end: a recommended cascade per category with its intervals, roles
respected, the same resamples as the ranking, and report.html showing exactly report.json's figures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import lxml.html
import pytest

from bench_pipeline.cli import main
from bench_pipeline.domain.report import Report
from bench_pipeline.report.cascade_history import cascade_changes
from scripts.check_report_html import cascade_numbers_problem, check
from tests.browser import require_chromium

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> list[Path]:
    """Two runs on one warehouse: the second has a previous run to be compared with."""
    warehouse = tmp_path_factory.mktemp("warehouse")
    for _ in range(2):
        assert main(["run", "--fixtures", str(REPO / "fixtures/web-search"), "--golden", str(REPO / "golden"),
                     "--warehouse", str(warehouse), "--providers", str(REPO / "providers.yaml"),
                     "--invoices", str(REPO / "invoices")]) == 0
    return sorted((warehouse / "reports").glob("*/report.json"), key=lambda p: json.loads(p.read_text())["created_at"])


def test_every_category_has_a_recommended_cascade_with_intervals(reports):
    report = Report.model_validate_json(reports[0].read_text())
    assert set(report.cascades) == {c for p in report.providers for c, b in p.metrics.by_category.items()
                                    if b.n.get("fallback_rate")}
    for category, found in report.cascades.items():
        (chosen,) = [o for o in found.orders if o.recommended]
        assert chosen.providers == found.recommended
        assert chosen.confidence["answered_rate"] is not None and chosen.confidence["cost_per_useful_answer_usd"]
        assert chosen.n["answered_rate"] == found.answerable and chosen.no_fewer_answers_than_most
        assert found.orders_considered == 15  # 3 + 6 + 6 orders of brave, exa, tavily
        assert {o.providers[0] for o in found.orders if "default_alone" in o.labels} == {"brave"}
    for category, order in report.recommendation.cascade_by_category.items():
        assert [e["provider"] for e in order] == report.cascades[category].recommended
        for e in order:  # each provider's own success rate in the category, with its n
            assert (e["success_rate"], e["n"]) == pytest.approx(_rate(report, e["provider"], category))
    plan = report.recommendation.cascade_plan
    assert plan.by_category == {c: found.recommended for c, found in report.cascades.items()}
    assert plan.n["answered_rate"] == 30 and plan.confidence["answered_rate"] is not None


def _rate(report: Report, provider: str, category: str) -> tuple[float, int]:
    block = next(p for p in report.providers if p.provider == provider).metrics.by_category[category]
    return 1 - block.fallback_rate, block.n["fallback_rate"]


def test_enrichment_only_and_disqualified_providers_never_enter_a_search_cascade(reports):
    report = Report.model_validate_json(reports[0].read_text())
    for found in report.cascades.values():
        assert set(found.excluded) == {"firecrawl", "serper"}
        assert "enrichment only" in found.excluded["firecrawl"] and "disqualified" in found.excluded["serper"]
        assert all({"firecrawl", "serper"}.isdisjoint(o.providers) for o in found.orders)


def test_a_single_provider_cascade_has_the_rankings_own_figures_and_intervals(reports):
    """The same resamples as the rest of the report: one provider alone shows its ranking row's interval."""
    report = Report.model_validate_json(reports[0].read_text())
    providers = {p.provider: p for p in report.providers}
    alone = [(c, o) for c, found in report.cascades.items() for o in found.orders if len(o.providers) == 1]
    assert len(alone) >= 9
    for category, order in alone:
        p, key = providers[order.providers[0]], "cost_per_useful_answer_usd"
        block = p.metrics.by_category[category]
        assert order.endings["fallback:budget"] == 0  # no budget stop in the bundled corpus: the figures coincide
        assert order.cost_per_useful_answer_usd == pytest.approx(block.cost_per_useful_answer_usd)
        assert _ends(order.confidence[key]) == pytest.approx(_ends(p.confidence_by_category[category][key]))
        assert order.answered_rate == pytest.approx(1 - block.fallback_rate)
    plan, brave = report.recommendation.cascade_plan, providers["brave"]
    assert all(found.recommended == ["brave"] for found in report.cascades.values())  # the plan is brave alone
    assert _ends(plan.confidence[key]) == pytest.approx(_ends(brave.confidence[key]))


def _ends(interval) -> tuple[float, float]:
    """Equal up to the order of a floating-point sum (the cascades sum resampled cases as a matrix product)."""
    return interval.low, interval.high


def test_report_html_shows_report_jsons_cascade_figures_and_the_check_can_fail(reports, tmp_path):
    report = json.loads(reports[0].read_text())
    html = (reports[0].parent / "report.html").read_text()
    page = lxml.html.fromstring(html)
    assert len(page.xpath("//section[@id='cascades']//*[@data-cascade]")) > 9 * 4
    assert cascade_numbers_problem(html, report) is None
    decision = page.get_element_by_id("decision").text_content()
    assert "recommended cascade, replayed on the golden set: brave alone in" in decision
    first = next(iter(report["cascades"]))
    cell = page.xpath(f"//tr[@data-category='{first}']/td[@data-value='answered_rate']")[0]
    shown = cell.xpath("string(.//*[@class='v'])")
    tampered = html.replace(lxml.html.tostring(cell, encoding="unicode"), lxml.html.tostring(
        cell, encoding="unicode").replace(shown, f"{float(shown) - 0.1:.3f}", 1), 1)
    assert tampered != html and "shown" in cascade_numbers_problem(tampered, report)
    assert "lacks the categories" in cascade_numbers_problem(html.replace(f"data-category='{first}'", ""), report)
    require_chromium()
    folder = tmp_path / "run"
    folder.mkdir()
    shutil.copy(reports[0], folder / "report.json")
    (folder / "report.html").write_text(tampered)
    assert f"cascade {first} " in check(folder / "report.html")


def test_the_markdown_and_the_diff_report_the_recommended_cascades(reports):
    second = Report.model_validate_json(reports[1].read_text())
    assert second.diff_vs_previous["cascade_changes"] == []
    markdown = (reports[1].parent / "report.md").read_text()
    assert "## Cascades replayed on the golden set" in markdown
    assert "no category's recommended cascade changed" in markdown


def test_the_diff_names_a_category_whose_recommended_cascade_changed():
    before = [{"category": "facilities", "recommended": '["brave"]', "answered_rate": 0.75,
               "cost_per_useful_answer_usd": 0.0067},
              {"category": "contact_channels", "recommended": '["brave"]', "answered_rate": 0.6,
               "cost_per_useful_answer_usd": 0.007}]
    after = [{**before[0], "recommended": '["brave", "exa"]', "answered_rate": 1.0},
             before[1], {"category": "official_gazette", "recommended": "null", "answered_rate": None,
                         "cost_per_useful_answer_usd": None}]
    assert cascade_changes(before, after) == [
        {"category": "facilities", "from": ["brave"], "to": ["brave", "exa"],
         "answered_rate": {"from": 0.75, "to": 1.0},
         "cost_per_useful_answer_usd": {"from": 0.0067, "to": 0.0067}}]
    assert cascade_changes([], after) is None  # a previous run without cascades: unknown, not unchanged
