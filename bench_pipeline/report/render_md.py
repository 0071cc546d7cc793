"""report.md: the same report, for a person — ranking, why each loser lost, gates, confidence, recommendation,
diff. Numbers are written by report.numbers, the same way report.html writes them."""

from __future__ import annotations

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import Interval, MetricBlock, ProviderReport, Report
from bench_pipeline.metrics.latency import MIN_N_FOR_P95
from bench_pipeline.report import diff_words, numbers
from bench_pipeline.report.agreement_words import agreement_sentence
from bench_pipeline.report.render_cascade import cascade_markdown
from bench_pipeline.report.render_injection import injection_markdown
from bench_pipeline.report.verdicts import allows, reasons

TABLE_METRICS = ("precision_at_5", "precision_at_10", "judged_at_10", "recall", "citation_coverage",
                 "freshness_accuracy", "cost_per_query_usd", "cost_per_useful_answer_usd", "fallback_rate")
DETAIL_METRICS = (*TABLE_METRICS, "freshness_known", "freshness_within", "abstention", "wasted_cost_usd",
                  "injection_containment")
KEY = "cost_per_useful_answer_usd"


def cell(block: MetricBlock, metric: str) -> str:
    value = getattr(block, metric)
    n = block.n.get(metric)
    shown = numbers.metric(metric, value)
    return shown if value is None or n is None else f"{shown} (n={n})"


def interval(metric: str, found: Interval | None) -> str:
    return numbers.MISSING if found is None else numbers.interval(metric, found.low, found.high)


def gate_label(passed: bool | None) -> str:
    return "pending" if passed is None else ("pass" if passed else "**FAIL**")


def _status_line(p: ProviderReport) -> str:
    """"disqualified: 1 partial response claimed complete; invoice diverges 25.0% …"."""
    return f"{p.status.replace('_', ' ')}: " + ("; ".join(reasons(p)) or "every gate passed")


def _provider_section(p: ProviderReport) -> list[str]:
    lines = ["", f"## {p.provider} — {p.status}" + (f" (rank {p.rank})" if p.rank else " (not ranked)"), ""]
    lines += [f"- {r}" for r in reasons(p)] or ["- every gate passed"]
    if p.status != "eligible":
        lines += [f"- {allows(p.status)}"]
    lines += ["", "| gate | value | threshold | result | what the value counts |", "|---|---|---|---|---|"]
    lines += [f"| {name} | {numbers.gate(name, g.value)} | {g.threshold} | {gate_label(g.passed)} | "
              f"{g.counts or '—'} |" for name, g in p.gates.items()]
    lines += ["", "| metric | value (n) | 95% CI over cases |", "|---|---|---|"]
    lines += [f"| {m} | {cell(p.metrics.aggregate, m)} | {interval(m, p.confidence.get(m))} |"
              for m in DETAIL_METRICS]
    latency = p.metrics.aggregate.latency_ms or {}
    if latency:
        lines += ["", "| operation | p50 ms | p95 ms | n | note |", "|---|---|---|---|---|"]
        lines += [f"| {op} | {numbers.ms(s.p50)} | {numbers.ms(s.p95)} | {s.n} | "
                  f"{'' if s.p95_reliable else f'not a real p95 (n<{MIN_N_FOR_P95}): close to the maximum'} |"
                  for op, s in latency.items()]
    lines += ["", "| category | " + " | ".join(TABLE_METRICS) + " |", "|---|" + "---|" * len(TABLE_METRICS)]
    for category in CATEGORIES:
        block = p.metrics.by_category.get(category) or MetricBlock()
        lines.append(f"| {category} | " + " | ".join(cell(block, m) for m in TABLE_METRICS) + " |")
    lines += ["", "Conformance (error fixtures replayed on a virtual clock):", ""]
    lines += [f"- {k}: {gate_label(c.passed)} — {c.detail}" for k, c in p.conformance.items()]
    return lines


def _ranking(report: Report) -> list[str]:
    lines = ["| rank | provider | status | " + " | ".join(TABLE_METRICS) + " |",
             "|---|---|---|" + "---|" * len(TABLE_METRICS)]
    for p in report.providers:
        cells = " | ".join(cell(p.metrics.aggregate, m) if m != KEY or p.rank else
                           f"~~{cell(p.metrics.aggregate, m)}~~ not ranked" for m in TABLE_METRICS)
        lines.append(f"| {p.rank or '—'} | {p.provider} | {p.status} | {cells} |")
    losers = [p for p in report.providers if p.status != "eligible"]
    if losers:
        lines += ["", "Not eligible, and why (every gate not passed):", ""]
        lines += [f"- **{p.provider}** {_status_line(p)}. {allows(p.status)}" for p in losers]
    return lines


def _recommendation(report: Report) -> list[str]:
    lines = []
    if report.recommendation:
        rec = report.recommendation
        lines += ["", f"**Default provider: {rec.default_provider or 'none'}** — {rec.reason}.", ""]
    if report.tie_groups:
        groups = " · ".join("(" + ", ".join(g) + ")" for g in report.tie_groups)
        lines += ["Tie groups (neighbours the paired bootstrap cannot tell apart on cost per useful answer): "
                  + groups, ""]
    if report.comparisons:
        lines += ["| better | worse | Δ cost per useful answer, 95% CI | P(better is cheaper) | distinguishable |",
                  "|---|---|---|---|---|"]
        lines += [f"| {c.better} | {c.worse} | {interval(KEY, c.difference_interval)} | "
                  f"{numbers.rate(c.p_better_lower)} | {'yes' if c.distinguishable else 'no'} |"
                  for c in report.comparisons]
    return lines


def _diff(report: Report) -> list[str]:
    lines = ["", "## Compared with the previous run", ""]
    diff = report.diff_vs_previous
    if diff is None:
        return [*lines, "- no previous run in this warehouse"]
    lines.append(f"- previous run `{diff['previous_run_id']}`; inputs: {diff_words.inputs(diff)}")
    if rooms := diff_words.rooms(diff):
        lines.append(f"- room versions changed (numbers made by different code): {rooms}")
    return lines + ([f"- {diff_words.sentence(c)}" for c in diff["changes"]]
                    or ["- no rank, status, price or metric changed"])


def render_markdown(report: Report) -> str:
    lines = [f"# websearch-bench report `{report.run_id}`", ""]
    if report.notice:
        lines += [f"> **{report.notice}**", ""]
    prov = report.provenance
    prices = ", ".join(f"{k} {v}" for k, v in (prov.get("price_tables") or {}).items())
    lines += [
        f"- created {report.created_at.isoformat(timespec='seconds')}; corpus {report.corpus.kind}; manifest "
        f"`{report.corpus.manifest_sha256[:12]}`; golden `{report.corpus.golden_sha256[:12]}`",
        f"- git `{prov.get('git_revision') or 'unknown'}`{' (dirty tree)' if prov.get('git_dirty') else ''}; "
        f"price tables {prices or 'unknown'}",
        "", "`—` is not measured (null), never zero; n is the number of cases, claims or documents behind a value.",
        "", "## Ranking (by cost per useful answer; disqualified providers last, unranked)", "",
        *_ranking(report), *_recommendation(report), *cascade_markdown(report), *injection_markdown(report),
    ]
    for p in report.providers:
        lines += _provider_section(p)
    lines += ["", "## Proposed golden-set additions (for review, never added silently)", ""]
    lines += [f"- {a['case_id']}: {a['url']} ({a['family']}, found by {a['provider']})"
              for a in report.proposed_golden_additions] or ["- none"]
    lines += ["", "## Review agreement per round (Krippendorff's alpha, nominal)", ""]
    lines += [f"- {agreement_sentence(a)}" for a in report.review_agreement] or ["- no round yet"]
    return "\n".join(lines + _diff(report)) + "\n"
