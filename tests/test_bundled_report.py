"""The bundled demo corpus end to end: the ranking and statuses match the corpus's intent table
(fixtures/web-search/README.md), runs are reproducible, and report.html renders offline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_pipeline.cli import main
from bench_pipeline.domain.report import Report
from scripts.check_report_html import check
from tests.browser import require_chromium

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
