"""report.md: the same report, for a person."""

from __future__ import annotations

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import MetricBlock, Report

TABLE_METRICS = ("precision_at_5", "precision_at_10", "recall", "citation_coverage", "freshness_accuracy",
                 "cost_per_useful_answer_usd")


def _cell(block: MetricBlock, metric: str) -> str:
    value = getattr(block, metric)
    if value is None:
        return "—"
    n = block.n.get(metric)
    shown = f"{value:.4f}" if isinstance(value, float) else str(value)
    return f"{shown} (n={n})" if n is not None else shown


def render_markdown(report: Report) -> str:
    lines = [f"# websearch-bench report `{report.run_id}`", ""]
    if report.notice:
        lines += [f"> **{report.notice}**", ""]
    lines += [
        f"- created: {report.created_at.isoformat()}",
        f"- corpus: {report.corpus.kind}, manifest `{report.corpus.manifest_sha256[:12]}`, golden `{report.corpus.golden_sha256[:12]}`",
        f"- git: `{report.provenance.get('git_revision')}`{' (dirty tree)' if report.provenance.get('git_dirty') else ''}",
        "", "`—` = not measured (null), never zero. n = the number of cases or documents behind each value.", "",
        "## Ranking", "",
        "| rank | provider | status | " + " | ".join(TABLE_METRICS) + " |",
        "|---|---|---|" + "---|" * len(TABLE_METRICS),
    ]
    for p in report.providers:
        cells = " | ".join(_cell(p.metrics.aggregate, m) for m in TABLE_METRICS)
        lines.append(f"| {p.rank if p.rank is not None else '—'} | {p.provider} | {p.status} | {cells} |")
    for p in report.providers:
        lines += ["", f"## {p.provider}", "", "### Gates", "", "| gate | value | threshold | passed |", "|---|---|---|---|"]
        for name, gate in p.gates.items():
            value = "—" if gate.value is None else f"{gate.value:.4f}"
            passed = "pending" if gate.passed is None else ("yes" if gate.passed else "**NO**")
            lines.append(f"| {name} | {value} | {gate.threshold} | {passed} |")
        lines += ["", "### By category", "", "| category | " + " | ".join(TABLE_METRICS) + " |",
                  "|---|" + "---|" * len(TABLE_METRICS)]
        for category in CATEGORIES:
            block = p.metrics.by_category.get(category)
            if block is not None:
                lines.append(f"| {category} | " + " | ".join(_cell(block, m) for m in TABLE_METRICS) + " |")
        lines += ["", "### Conformance", ""]
        lines += [f"- {k}: {'pending' if c.passed is None else ('passed' if c.passed else 'FAILED')} — {c.detail}"
                  for k, c in p.conformance.items()]
    return "\n".join(lines) + "\n"
