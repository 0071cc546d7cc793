"""Plain HTTP GET of a page: the wire format of our own fetcher, which reads pages for providers
that search but do not extract (their `fetch/` fixtures), and records what the site answered."""

from __future__ import annotations

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.results import ExtractedDocument, ExtractPage


def fetch_page(exchange: Exchange) -> ExtractPage:
    """A non-2xx status or no answer is a failure the HTTP layer itself reports; a 2xx with an empty
    body returned nothing while saying it succeeded."""
    url = exchange.request.url
    response = exchange.response
    if response is None or not 200 <= response.status < 300:
        return ExtractPage(documents=[], failed_urls=[url], provider_says_partial=True, cost_usd=0.0)
    body = response.raw_bytes()
    documents = [ExtractedDocument(url=url, text=body.decode("utf-8", errors="replace"))] if body.strip() else []
    return ExtractPage(documents=documents, failed_urls=[], provider_says_partial=False, cost_usd=0.0)
