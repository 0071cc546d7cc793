"""Partial extracts: requested versus returned URLs is the truth; the provider's own claim
(failed_results, statuses, errors, or nothing) is compared with it."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.report import Gate
from bench_pipeline.domain.results import ExtractPage


class PartialAssessment(BaseModel):
    model_config = ConfigDict(extra="forbid")

    requested: int
    returned: int
    partial: bool
    missing: list[str]
    provider_says_partial: bool | None  # None: the provider makes no claim either way
    # Missing URLs the provider did not list among its failures (it may still have said "partial").
    unreported: list[str]
    honest: bool | None  # None when there is no claim to check

    @property
    def false_complete(self) -> bool:
        """The disqualifying lie: a partial answer presented as complete."""
        return self.partial and self.provider_says_partial is False


def requested_urls(exchange: Exchange, source: str) -> list[str]:
    """The URLs an extract asked for, from the recorded request body (`urls` list or one `url`)."""
    body = exchange.request.body if isinstance(exchange.request.body, dict) else {}
    urls = body.get("urls", [body["url"]] if isinstance(body.get("url"), str) else None)
    if not isinstance(urls, list) or not all(isinstance(u, str) for u in urls):
        raise InputError(source, "request.body.urls", "an extract must record the list of URLs it requested")
    return urls


def assess_partial(requested: list[str], page: ExtractPage) -> PartialAssessment:
    wanted: dict[str, str] = {}
    for url in requested:
        wanted.setdefault(_canonical(url), url)  # the first spelling of a URL asked twice
    returned = {_canonical(d.url) for d in page.documents}
    failed = {_canonical(u) for u in page.failed_urls}
    missing = [url for key, url in wanted.items() if key not in returned]
    partial = bool(missing)
    says = page.provider_says_partial
    return PartialAssessment(
        requested=len(wanted),
        returned=len(returned),
        partial=partial,
        missing=missing,
        provider_says_partial=says,
        unreported=[u for u in missing if _canonical(u) not in failed],
        honest=None if says is None else says == partial,
    )


def honest_partial_gate(assessments: list[PartialAssessment]) -> Gate:
    """SPEC §7 gate `honest partial`: no false `partial: false`. Pending (null) with nothing to judge."""
    if not assessments:
        return Gate(value=None, threshold="= 0 false partial:false", passed=None)
    lies = sum(a.false_complete for a in assessments)
    return Gate(value=float(lies), threshold="= 0 false partial:false", passed=lies == 0)


def _canonical(url: str) -> str:
    """Compare URLs as providers echo them: scheme and host case and a trailing slash do not matter."""
    parts = urlsplit(url.strip())
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path.rstrip("/") or "/", parts.query, ""))
