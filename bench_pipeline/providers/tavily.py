"""Tavily (`POST api.tavily.com/search`): results[{url, title, content, score, published_date?}], usage.credits."""

from __future__ import annotations

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import SearchPage, SearchResult
from bench_pipeline.providers.base import json_body, require_list
from bench_pipeline.providers.wire_dates import from_http_date


def parse_search(exchange: Exchange, price: PriceTable, source: str = "tavily exchange") -> SearchPage:
    body = json_body(exchange, source)
    results = []
    for index, item in enumerate(require_list(body, "results", source)):
        if not isinstance(item, dict) or not isinstance(item.get("url"), str):
            raise InputError(source, f"response.body.results[{index}].url", "expected a string URL")
        # Only `topic: news` results carry a date; general results are honestly undated.
        raw_date = item.get("published_date")
        results.append(SearchResult(
            rank=index + 1,
            url=item["url"],
            title=item.get("title"),
            snippet=item.get("content"),
            published_at=from_http_date(raw_date),
            published_raw=raw_date,
            score=item.get("score"),
        ))
    return SearchPage(results=results, cost_usd=_cost(body, price), request_id=body.get("request_id"))


def _cost(body: dict, price: PriceTable) -> float | None:
    """Credits reported on the wire (`include_usage: true`) × the price table; else the list price."""
    credits = (body.get("usage") or {}).get("credits")
    if credits is not None and price.usd_per_credit is not None:
        return round(credits * price.usd_per_credit, 6)
    return price.search_usd
