"""Partial extracts: requested versus returned URLs is the truth; the provider's own claim
(failed_results, statuses, errors, or nothing) is compared with it."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.report import Gate
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractPage
from bench_pipeline.providers.base import WireAdapter
from bench_pipeline.providers.fetch import fetch_page


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


def requested_urls(adapter: WireAdapter, exchange: Exchange, source: str) -> list[str]:
    """The URLs an extract asked for, as the provider's adapter reads its request."""
    urls = adapter.urls_requested(exchange, source)
    if not urls:
        raise InputError(source, "request.body.urls", "an extract must record the list of URLs it requested")
    return urls


def read_call(exchange: Exchange, adapter: WireAdapter, price: PriceTable, source: str) -> tuple[list[str], ExtractPage]:
    """What one call asked for, and what came back as a page. A failed call returned nothing, and its
    failure is reported by the call itself (a status or no answer)."""
    if exchange.operation == "fetch":
        return [exchange.request.url], fetch_page(exchange)
    requested = requested_urls(adapter, exchange, source)
    if exchange.response is None or exchange.response.status >= 400:
        return requested, ExtractPage(documents=[], failed_urls=requested, provider_says_partial=True, cost_usd=None)
    return requested, adapter.parse_extract(exchange, price, requested, source)


def merge_pages(pages: list[ExtractPage]) -> ExtractPage:
    """Calls that together answer one logical request. The provider said "partial" if any call said so
    or reported a failure; "complete" if every call claimed completeness; nothing if none claimed."""
    claims = [p.provider_says_partial or bool(p.failed_urls) if p.provider_says_partial is not None or p.failed_urls
              else None for p in pages]
    says = True if True in claims else (False if claims and all(c is False for c in claims) else None)
    costs = [p.cost_usd for p in pages]
    return ExtractPage(documents=[d for p in pages for d in p.documents], failed_urls=[u for p in pages for u in p.failed_urls],
                       provider_says_partial=says, cost_usd=None if None in costs else sum(costs))


def assess_partial(requested: list[str], page: ExtractPage) -> PartialAssessment:
    wanted: dict[str, str] = {}
    for url in requested:
        wanted.setdefault(_canonical(url), url)  # the first spelling of a URL asked twice
    # A document with no text was not returned, whatever status came with it.
    returned = {_canonical(d.url) for d in page.documents if d.text.strip()}
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
    """The `honest_partial` gate (docs/method.md#hard-gates-and-statuses): no false `partial: false`.
    Pending (null) with nothing to judge."""
    if not assessments:
        return Gate(value=None, threshold="= 0 false partial:false", passed=None)
    lies = sum(a.false_complete for a in assessments)
    return Gate(value=float(lies), threshold="= 0 false partial:false", passed=lies == 0,
                counts=f"false `partial:false` responses: {lies} of {len(assessments)} partial-answer fixtures")


def _canonical(url: str) -> str:
    """Compare URLs as providers echo them: scheme and host case and a trailing slash do not matter."""
    parts = urlsplit(url.strip())
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), parts.path.rstrip("/") or "/", parts.query, ""))
