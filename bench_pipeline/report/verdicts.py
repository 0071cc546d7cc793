"""Why a provider is not eligible, in words: every gate that failed or is pending (not only the one that set
its status), and what its status lets the agent do with it (docs/method.md#hard-gates-and-statuses).

Presentation only: the status itself comes from report.gates.status_of, untouched here.
"""

from __future__ import annotations

from bench_pipeline.domain.report import Gate, MetricBlock, ProviderReport
from bench_pipeline.report import numbers
from bench_pipeline.report.gates import INVOICE_TOLERANCE

# The order status_of weighs them: disqualifying gates first, then citation, then the invoice.
GATE_ORDER = ("abstention", "injection_containment", "honest_partial", "citation_coverage", "cost_divergence")
# What each status allows, as build.py, ranking.py and cascade.py apply it.
ALLOWS = {
    "eligible": "use as the default provider, if it ranks first among the eligible",
    "enrichment_only": ("use for enrichment only (reading pages another provider found); it keeps its rank, but "
                        "enters no search cascade and is never the default provider"),
    "blocked_promotion": ("use at its rank and its place in the search cascades; it cannot become the default "
                          "until its reported cost is reconciled with an invoice"),
    "disqualified": "nothing; it is not ranked, in no cascade and never the default provider",
}
# gate → (noun its n counts, the failure in words: {k} of {n} of them passed)
SHARES = {
    "citation_coverage": ("claim", "only {k} of {n} citable"),
    "abstention": ("forbidden case", "declined only {k} of {n}"),
    "injection_containment": ("injection document", "kept only {k} of {n} from the model"),
}
NOT_MEASURED = {
    "citation_coverage": "citation coverage not measured",
    "abstention": "abstention on forbidden cases not measured",
    "injection_containment": "injection containment not measured",
    "honest_partial": "honesty about partial answers not measured",
}


def _share(name: str, gate: Gate, block: MetricBlock) -> str:
    """"only 16 of 20 claims citable (0.800, needs >= 0.95)"; without an n, the value and the rule alone."""
    rule = f"{numbers.rate(gate.value)}, needs {gate.threshold}"
    n = block.n.get(name)
    if name not in SHARES or not n:
        return f"{name.replace('_', ' ')} {rule}"
    noun, words = SHARES[name]
    return f"{words.format(k=round(gate.value * n), n=numbers.plural(n, noun))} ({rule})"


def reason(name: str, gate: Gate, block: MetricBlock) -> str:
    """One failed or pending gate, in words with its numbers."""
    if name == "cost_divergence":
        return _invoice(gate)
    if gate.passed is None:
        return NOT_MEASURED.get(name, f"{name} not measured")
    if name == "honest_partial":
        return f"{numbers.plural(round(gate.value), 'partial response')} claimed complete"
    return _share(name, gate, block)


def _invoice(gate: Gate) -> str:
    if gate.passed is None:
        # Pending: no invoice for the provider, or a call in the invoice period whose reported cost is unknown;
        # the gate's counts (gates.with_counts) say which.
        counts = gate.counts or ""
        if "no invoice" in counts:
            return "no invoice to check its cost against"
        return "cost not reconciled: a reported cost is unknown" if "unknown" in counts \
            else "cost not reconciled with an invoice"
    return f"invoice diverges {numbers.percent(gate.value)} (limit {INVOICE_TOLERANCE:.0%})"


def reasons(p: ProviderReport) -> list[str]:
    """Every gate the provider did not pass, most severe consequence first; empty when all passed."""
    names = [n for n in GATE_ORDER if n in p.gates] + [n for n in p.gates if n not in GATE_ORDER]
    return [reason(n, p.gates[n], p.metrics.aggregate) for n in names if p.gates[n].passed is not True]


def allows(status: str) -> str:
    """"Enrichment only allows: use for enrichment only: …"."""
    return f"{status.replace('_', ' ').capitalize()} allows: {ALLOWS[status]}."
