"""report.md: the same report, for a person — ranking, gates and why, confidence, recommendation, diff."""

from __future__ import annotations

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import Interval, MetricBlock, ProviderReport, Report
from bench_pipeline.report.render_cascade import cascade_markdown
from bench_pipeline.report.render_injection import injection_markdown

TABLE_METRICS = ("precision_at_5", "precision_at_10", "recall", "citation_coverage", "freshness_accuracy",
                 "cost_per_query_usd", "cost_per_useful_answer_usd", "fallback_rate")
DETAIL_METRICS = (*TABLE_METRICS, "freshness_known", "freshness_within", "abstention", "wasted_cost_usd",
                  "injection_containment")


def fmt(value) -> str:
    if value is None:
        return "—"
    return f"{value:.4f}" if isinstance(value, float) else str(value)


def cell(block: MetricBlock, metric: str) -> str:
    value = getattr(block, metric)
    n = block.n.get(metric)
    return fmt(value) if value is None or n is None else f"{fmt(value)} (n={n})"


def interval(value: Interval | None) -> str:
    return "—" if value is None else f"[{value.low:.3f}, {value.high:.3f}]"


def gate_label(passed: bool | None) -> str:
    return "pending" if passed is None else ("pass" if passed else "**FAIL**")


def _provider_section(p: ProviderReport) -> list[str]:
    lines = ["", f"## {p.provider} — {p.status}" + (f" (rank {p.rank})" if p.rank else ""), ""]
    lines += [f"- {reason}" for reason in p.status_reasons] or ["- every gate passed"]
    lines += ["", "| gate | value | threshold | result | what the value counts |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {fmt(g.value)} | {g.threshold} | {gate_label(g.passed)} | {g.counts or '—'} |"
              for name, g in p.gates.items()]
    lines += ["", "| metric | value (n) | 95% CI over cases |", "|---|---|---|"]
    lines += [f"| {m} | {cell(p.metrics.aggregate, m)} | {interval(p.confidence.get(m))} |" for m in DETAIL_METRICS]
    latency = p.metrics.aggregate.latency_ms or {}
    if latency:
        lines += ["", "| operation | p50 ms | p95 ms | n | note |", "|---|---|---|---|---|"]
        lines += [f"| {op} | {fmt(s.p50)} | {fmt(s.p95)} | {s.n} | "
                  f"{'' if s.p95_reliable else 'p95 over few calls: close to the maximum, not a p95'} |"
                  for op, s in latency.items()]
    lines += ["", "| category | " + " | ".join(TABLE_METRICS) + " |", "|---|" + "---|" * len(TABLE_METRICS)]
    for category in CATEGORIES:
        block = p.metrics.by_category[category]
        lines.append(f"| {category} | " + " | ".join(cell(block, m) for m in TABLE_METRICS) + " |")
    lines += ["", "Conformance (error fixtures replayed on a virtual clock):", ""]
    lines += [f"- {k}: {gate_label(c.passed)} — {c.detail}" for k, c in p.conformance.items()]
    return lines


def render_markdown(report: Report) -> str:
    lines = [f"# websearch-bench report `{report.run_id}`", ""]
    if report.notice:
        lines += [f"> **{report.notice}**", ""]
    prov = report.provenance
    lines += [
        f"- created {report.created_at.isoformat()}; corpus {report.corpus.kind}; manifest "
        f"`{report.corpus.manifest_sha256[:12]}`; golden `{report.corpus.golden_sha256[:12]}`",
        f"- git `{prov.get('git_revision')}`{' (dirty tree)' if prov.get('git_dirty') else ''}; "
        f"price tables {', '.join(f'{k} {v}' for k, v in (prov.get('price_tables') or {}).items())}",
        "", "`—` is not measured (null), never zero; n is the number of cases, claims or documents behind a value.",
        "", "## Ranking (by cost per useful answer; disqualified providers last, unranked)", "",
        "| rank | provider | status | " + " | ".join(TABLE_METRICS) + " |",
        "|---|---|---|" + "---|" * len(TABLE_METRICS),
    ]
    for p in report.providers:
        cells = " | ".join(cell(p.metrics.aggregate, m) for m in TABLE_METRICS)
        lines.append(f"| {fmt(p.rank)} | {p.provider} | {p.status} | {cells} |")
    if report.recommendation:
        rec = report.recommendation
        lines += ["", f"**Default provider: {rec.default_provider or 'none'}** — {rec.reason}.", ""]
    if report.tie_groups:
        groups = " · ".join("{" + ", ".join(g) + "}" for g in report.tie_groups)
        lines += ["Tie groups (neighbours the paired bootstrap cannot tell apart on cost per useful answer): "
                  + groups, ""]
    if report.comparisons:
        lines += ["| better | worse | Δ cost per useful answer, 95% CI | P(better is cheaper) | distinguishable |",
                  "|---|---|---|---|---|"]
        lines += [f"| {c.better} | {c.worse} | {interval(c.difference_interval)} | {fmt(c.p_better_lower)} | "
                  f"{'yes' if c.distinguishable else 'no'} |" for c in report.comparisons]
    lines += cascade_markdown(report)
    lines += injection_markdown(report)
    for p in report.providers:
        lines += _provider_section(p)
    lines += ["", "## Proposed golden-set additions (for review, never added silently)", ""]
    lines += [f"- {a['case_id']}: {a['url']} ({a['family']}, found by {a['provider']})"
              for a in report.proposed_golden_additions] or ["- none"]
    lines += ["", "## Review agreement per round (Krippendorff's alpha, nominal)", ""]
    lines += [f"- {a['round']} ({a['kind']}): alpha {fmt(a['alpha'])}, n = {a['n_items']} items judged twice or more "
              f"({a['n_judgments']} judgments, {a['reviewers']} reviewers)" for a in report.review_agreement] or ["- no round yet"]
    lines += ["", "## Compared with the previous run", ""]
    diff = report.diff_vs_previous
    if diff is None:
        lines.append("- no previous run in this warehouse")
    else:
        lines.append(f"- previous run `{diff['previous_run_id']}`; inputs changed: {diff['inputs_changed']}")
        if diff.get("room_versions_changed"):
            lines.append(f"- room versions changed (numbers made by different code): {diff['room_versions_changed']}")
        lines += [f"- {c}" for c in diff["changes"]] or ["- no rank, status, price or metric changed"]
    return "\n".join(lines) + "\n"
