"""report.html's audit trail, folded in <details>: the diff against the previous run, the provenance, the
proposed golden-set additions and the reviewers' agreement."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.report import Report
from bench_pipeline.report import diff_words
from bench_pipeline.report.agreement_words import agreement_sentence


def _move(metric: str, delta: dict) -> str:
    """A move beyond this run's interval is set in bold: more than resampling noise."""
    words = escape(diff_words.move(metric, delta))
    return f"<strong>{words}</strong>" if delta.get("beyond_interval") else words


def diff_block(report: Report) -> str:
    diff = report.diff_vs_previous
    if diff is None:
        return ("<details id='diff'><summary>Compared with the previous run</summary>"
                "<p>No previous run in this warehouse.</p></details>")
    rows = []
    for change in diff["changes"]:
        if "change" in change:
            rows.append(f"<tr><th scope='row'>{escape(change['provider'])}</th><td class='text' colspan='4'>"
                        f"{escape(change['change'])} since the previous run</td></tr>")
            continue
        moves = "<br>".join(_move(m, d) for m, d in change.get("metric_deltas", {}).items())
        cells = [diff_words.step(field, change[field]) if field in change else "—" for field, _ in diff_words.STEPS]
        rows.append(f"<tr><th scope='row'>{escape(change['provider'])}</th>"
                    + "".join(f"<td class='text'>{escape(c)}</td>" for c in cells)
                    + f"<td class='text'>{moves or '—'}</td></tr>")
    inputs = diff_words.inputs(diff)
    if rooms := diff_words.rooms(diff):
        inputs += f"; room versions changed (numbers made by different code): {rooms}"
    table = ("<table><thead><tr><th scope='col' class='text'>provider</th><th scope='col' class='text'>rank</th>"
             "<th scope='col' class='text'>status</th><th scope='col' class='text'>price table</th>"
             f"<th scope='col' class='text'>metric moves</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
             if rows else "<p>No rank, status, price table or metric changed.</p>")
    return (f"<details id='diff'><summary>Compared with the previous run <code>{escape(diff['previous_run_id'])}</code>"
            f" ({escape(diff_words.summary(diff))})</summary><p>Inputs: {escape(inputs)}.</p>{table}</details>")


def _flatten(value, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in _flatten(item, f"{prefix}{key}.")]
    return [(prefix.rstrip("."), str(value))]


def provenance_block(report: Report) -> str:
    rows = "".join(f"<tr><th scope='row'>{escape(k)}</th><td class='text'><code>{escape(v)}</code></td></tr>"
                   for k, v in _flatten(report.provenance))
    return ("<details id='provenance'><summary>Provenance: what this run was computed from</summary>"
            f"<table><tbody>{rows}</tbody></table></details>")


def additions_block(report: Report) -> str:
    items = "".join(f"<li>{escape(a['case_id'])}: <code>{escape(a['url'])}</code> ({escape(a['family'])}, found by "
                    f"{escape(a['provider'])})</li>" for a in report.proposed_golden_additions) or "<li>none</li>"
    return (f"<details id='additions'><summary>Proposed golden-set additions ({len(report.proposed_golden_additions)}),"
            f" for review, never added silently</summary><ul>{items}</ul></details>")


def agreement_block(report: Report) -> str:
    items = "".join(f"<li>{escape(agreement_sentence(a))}</li>" for a in report.review_agreement)
    return ("<details id='agreement'><summary>Review agreement per round (Krippendorff's alpha, nominal)</summary>"
            f"<ul>{items or '<li>no round yet</li>'}</ul></details>")
