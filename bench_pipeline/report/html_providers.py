"""report.html's section per provider, losers included: its status with every reason and what the status
allows, the gate block, the per-category table, latency, conformance and price table."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.golden import CATEGORIES
from bench_pipeline.domain.report import ProviderReport
from bench_pipeline.metrics.latency import MIN_N_FOR_P95
from bench_pipeline.report import numbers
from bench_pipeline.report.html_cells import STATUS, badge, category, cell, missing, verdict
from bench_pipeline.report.verdicts import allows, reasons

# Every metric of a MetricBlock shown per category, with a short header and its full name.
CATEGORY_COLUMNS = (
    ("precision_at_5", "P@5"), ("precision_at_10", "P@10"), ("judged_at_10", "judged@10"), ("recall", "recall"),
    ("citation_coverage", "citation"), ("freshness_known", "dated"), ("freshness_accuracy", "date right"),
    ("freshness_within", "fresh"), ("cost_per_query_usd", "$/query"), ("cost_per_useful_answer_usd", "$/useful"),
    ("fallback_rate", "fallback"), ("abstention", "abstain"), ("wasted_cost_usd", "wasted $"),
    ("injection_containment", "injection"),
)


def status_sentence(p: ProviderReport, ranked: int, default: str | None) -> str:
    words = STATUS[p.status][1]
    why = "; ".join(reasons(p)) or "every gate passed"
    place = (f"rank {p.rank} of {ranked} by cost per useful answer" if p.rank
             else "not ranked: disqualified providers never are")
    role = " It is the default provider." if p.provider == default else ""
    allowed = "" if p.status == "eligible" else f" {allows(p.status)}"
    return (f"<p class='status-sentence'>{escape(p.provider)} is <strong>{escape(words)}</strong>: {escape(why)}; "
            f"{place}.{role}{escape(allowed)}</p>")


def _gate_block(p: ProviderReport) -> str:
    rows = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{_gate_value(name, g.value)}</td>'
                   f"<td>{escape(g.threshold)}</td><td class='text'>{verdict(g.passed)}</td>"
                   f"<td class='text'>{escape(g.counts or 'not recorded')}</td></tr>" for name, g in p.gates.items())
    return ("<table class='gates'><thead><tr><th scope='col' class='text'>gate</th><th scope='col'>value</th>"
            "<th scope='col'>threshold</th><th scope='col' class='text'>result</th>"
            f"<th scope='col' class='text'>what the value counts</th></tr></thead><tbody>{rows}</tbody></table>")


def _gate_value(name: str, value: float | None) -> str:
    return missing() if value is None else numbers.gate(name, value)


def _category_table(p: ProviderReport) -> str:
    head = "".join(f'<th scope="col"><abbr title="{escape(m)}">{escape(short)}</abbr></th>'
                   for m, short in CATEGORY_COLUMNS)
    rows = [("all categories", p.metrics.aggregate, p.confidence)]
    rows += [(c, category(p, c), p.confidence_by_category.get(c, {})) for c in CATEGORIES]
    body = "".join(f'<tr><th scope="row">{escape(name)}</th>'
                   + "".join(cell(m, block, intervals.get(m)) for m, _ in CATEGORY_COLUMNS) + "</tr>"
                   for name, block, intervals in rows)
    return (f"<table class='percat'><thead><tr><th scope='col' class='text'>category</th>{head}</tr></thead>"
            f"<tbody>{body}</tbody><caption>Each value with its n (cases, claims or documents behind it) and, where "
            "computed, its 95% interval; judged@10 counts top-10 results with a relevance judgment (n = cases). "
            "Hover a header for the metric's name in report.json.</caption></table>")


def _latency_table(p: ProviderReport) -> str:
    latency = p.metrics.aggregate.latency_ms or {}
    if not latency:
        return "<p class='muted'>Latency: not measured.</p>"
    caveat = f"not a real p95 (n&lt;{MIN_N_FOR_P95}): close to the maximum"
    rows = "".join(
        f'<tr><th scope="row">{escape(op)}</th><td>{numbers.ms(s.p50)}</td><td>{numbers.ms(s.p95)}</td><td>{s.n}</td>'
        f"<td class='text'>{'' if s.p95_reliable else caveat}</td>"
        f"<td class='text small'>{escape(s.window_start.isoformat() if s.window_start else '—')} → "
        f"{escape(s.window_end.isoformat() if s.window_end else '—')}</td></tr>" for op, s in latency.items())
    return ("<table><thead><tr><th scope='col' class='text'>operation</th><th scope='col'>p50 ms</th>"
            "<th scope='col'>p95 ms</th><th scope='col'>n</th><th scope='col' class='text'>note</th>"
            f"<th scope='col' class='text'>capture window</th></tr></thead><tbody>{rows}</tbody></table>")


def provider_section(p: ProviderReport, ranked: int, default: str | None) -> str:
    conformance = "".join(f"<li><strong>{escape(k)}</strong>: {verdict(c.passed)} — {escape(c.detail)}</li>"
                          for k, c in p.conformance.items()) or "<li>none recorded</li>"
    return (f'<section class="provider" id="provider-{escape(p.provider)}"><h2>{escape(p.provider)} '
            f"{badge(p.status)}</h2>" + status_sentence(p, ranked, default)
            + "<h3>Gates</h3>" + _gate_block(p)
            + "<h3>Per category</h3>" + _category_table(p)
            + "<h3>Latency per operation</h3>" + _latency_table(p)
            + f"<h3>Conformance (error fixtures on a virtual clock)</h3><ul>{conformance}</ul>"
            + f"<p>Price table: <code>{escape(p.price_version or 'unknown')}</code></p></section>")
