"""The report's injection section, in Markdown and in HTML: what flags cost each provider in useful
answers, the flags reviewers lifted (overrides, with their judgment ids) and the misses they found."""

from __future__ import annotations

from html import escape

from bench_pipeline.domain.report import FlagReview, Report
from bench_pipeline.report import numbers

KEY = "cost_per_useful_answer_usd"

INTRO = ("A flagged document yields no useful answer. Removed: cases that ended fallback:low_confidence with a "
         "citable, uncontradicted claim from a flagged document, so answered but for the flag. Restored: cases "
         "answered only because reviewers lifted a flag.")


def _cases(cases: list[str]) -> str:
    return ", ".join(cases) or "—"


def _votes(review: FlagReview) -> str:
    return ", ".join(f"{verdict} {n}" for verdict, n in review.votes.items())


def _restored(review: FlagReview) -> str:
    return "; ".join(f"{provider}: {', '.join(cases)}" for provider, cases in review.restored.items()) or "none"


def _useful(report: Report) -> dict[str, tuple[int | None, float | None]]:
    """provider → (useful answers, cost per useful answer), as the ranking counts them."""
    return {p.provider: (p.metrics.aggregate.n.get(KEY), getattr(p.metrics.aggregate, KEY)) for p in report.providers}


def _answers(useful: dict, provider: str) -> tuple[str, str]:
    """(useful answers, cost per useful answer) as shown; — when not measured."""
    n, cost = useful.get(provider, (None, None))
    return numbers.count(n), numbers.usd(cost)


def injection_markdown(report: Report) -> list[str]:
    lines = ["", "## Injection flags and review", ""]
    section, useful = report.injection_review, _useful(report)
    if section is None:
        return [*lines, "- not computed in this run"]
    lines += [INTRO, "", f"Rule: {section.rule}. Documents judged (current content): {section.documents_judged}.", "",
              "| provider | useful answers (cost per useful answer, USD) | useful answers removed by flags | flagged "
              "documents behind them | of which confirmed injected by review | useful answers restored by overrides |",
              "|---|---|---|---|---|---|"]
    lines += [f"| {e.provider} | {'{} ({})'.format(*_answers(useful, e.provider))} | {e.useful_answers_removed} "
              f"({_cases(e.removed_cases)}) | {e.flags_behind} | {e.flags_confirmed} | {e.useful_answers_restored} "
              f"({_cases(e.restored_cases)}) |" for e in section.by_provider]
    lines += ["", f"Overrides (flags lifted by review): {len(section.overrides)}", ""]
    lines += [f"- `{o.artifact}` ({', '.join(o.urls) or 'no URL read'}): votes {_votes(o)}; judgments "
              f"{', '.join(o.judgment_ids)}; restored {_restored(o)}" for o in section.overrides] or ["- none"]
    lines += ["", f"Detector misses found by review: {len(section.detector_misses)}", ""]
    lines += [f"- `{m.artifact}` ({', '.join(m.urls) or 'no URL read'}): votes {_votes(m)}; judgments "
              f"{', '.join(m.judgment_ids)}" for m in section.detector_misses] or ["- none"]
    return lines


def _document(review: FlagReview) -> str:
    urls = "<br>".join(f"<code>{escape(u)}</code>" for u in review.urls) or "no URL read"
    return f"<code>{escape(review.artifact)}</code><br><span class='small'>{urls}</span>"


def _ids(review: FlagReview) -> str:
    return "<br>".join(f"<code>{escape(i)}</code>" for i in review.judgment_ids)


def injection_html(report: Report) -> str:
    head = "<section id='injection-review'><h2>Injection flags and review</h2>"
    section, useful = report.injection_review, _useful(report)
    if section is None:
        return head + "<p class='muted'>Not computed in this run.</p></section>"
    rows = "".join(
        f"<tr><th scope='row'>{escape(e.provider)}</th><td>{_answers(useful, e.provider)[0]}<span class='n'>"
        f"${escape(_answers(useful, e.provider)[1])}</span></td><td>{e.useful_answers_removed}<span class='n'>"
        f"{escape(_cases(e.removed_cases))}</span></td><td>{e.flags_behind}</td><td>{e.flags_confirmed}</td>"
        f"<td>{e.useful_answers_restored}<span class='n'>{escape(_cases(e.restored_cases))}</span></td></tr>"
        for e in section.by_provider)
    overrides = "".join(
        f"<tr><td class='text'>{_document(o)}</td><td class='text'>{escape(_votes(o))}</td>"
        f"<td class='text'>{_ids(o)}</td><td class='text'>{escape(_restored(o))}</td></tr>" for o in section.overrides)
    misses = "".join(
        f"<tr><td class='text'>{_document(m)}</td><td class='text'>{escape(_votes(m))}</td>"
        f"<td class='text'>{_ids(m)}</td></tr>" for m in section.detector_misses)
    return (
        f"{head}<p class='small'>{escape(INTRO)} Rule: {escape(section.rule)}. Documents judged (current content): "
        f"{section.documents_judged}.</p>"
        "<table id='injection-effects'><thead><tr><th scope='col' class='text'>provider</th>"
        "<th scope='col'>useful answers<span class='ci'>cost per useful answer</span></th>"
        "<th scope='col'>useful answers removed by flags<span class='ci'>cases</span></th>"
        "<th scope='col'>flagged documents behind them</th><th scope='col'>of which confirmed injected by review</th>"
        "<th scope='col'>useful answers restored by overrides<span class='ci'>cases</span></th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        f"<h3 id='injection-overrides'>Overrides: flags lifted by review ({len(section.overrides)})</h3>"
        + ("<table><thead><tr><th scope='col' class='text'>document</th><th scope='col' class='text'>votes</th>"
           "<th scope='col' class='text'>judgment ids</th><th scope='col' class='text'>useful answers restored</th>"
           f"</tr></thead><tbody>{overrides}</tbody></table>" if overrides else "<p>None.</p>")
        + f"<h3 id='detector-misses'>Detector misses found by review ({len(section.detector_misses)})</h3>"
        + ("<table><thead><tr><th scope='col' class='text'>document</th><th scope='col' class='text'>votes</th>"
           f"<th scope='col' class='text'>judgment ids</th></tr></thead><tbody>{misses}</tbody></table>"
           if misses else "<p>None.</p>") + "</section>")
