"""SerpAPI, Perplexity, Jina and Parallel as the demo corpus records them: each one's documented wire format, its
request as the slug's adapter builds it from providers.yaml (credentials `REDACTED`), and its designed quirks."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime
from email.utils import format_datetime

from scripts.demo_corpus.providers import adapter_of
from scripts.demo_corpus.wire import SPANISH_MONTHS, _ago, _uuid, extract_request_of, json_response, search_request_of
from scripts.demo_corpus.world import Doc

WIRES = frozenset({"serpapi", "perplexity", "jina", "parallel"})
JINA_SEARCH_TOKENS = 10_000  # Jina's minimum charge for up to ten results
JINA_DATED_SHARE = 0.25      # the share of dated pages whose date Jina's results carry


def search_call(provider: str, query: str, hits: list[Doc], captured_at: datetime,
                rng: random.Random) -> tuple[dict, dict]:
    wire = adapter_of(provider)
    request = search_request_of(provider, query)
    if wire == "serpapi":
        return request, json_response(200, _serpapi_body(query, hits, captured_at, rng), {
            "serpapi-search-id": rng.getrandbits(96).to_bytes(12, "big").hex()})
    if wire == "perplexity":
        results = []
        for d in hits:
            item = {"title": d.title, "url": d.url, "snippet": d.snippet}
            if d.published:
                item["date"] = d.published.isoformat()
            item["last_updated"] = (d.published or captured_at.date()).isoformat()
            results.append(item)
        return request, json_response(200, {"id": _uuid(rng), "results": results, "server_time": None})
    if wire == "jina":
        data = []
        for d in hits:
            item = {"title": d.title, "url": d.url, "description": d.snippet}
            if d.published and rng.random() < JINA_DATED_SHARE:  # most results pages show no date at all
                item["date"] = f"{d.published.strftime('%b')} {d.published.day}, {d.published.year}"
            item["usage"] = {"tokens": JINA_SEARCH_TOKENS // max(len(hits), 1)}
            data.append(item)
        return request, json_response(200, {"code": 200, "status": 20000, "data": data,
                                            "meta": {"usage": {"tokens": JINA_SEARCH_TOKENS}}},
                                      {"x-usage-tokens": str(JINA_SEARCH_TOKENS)})
    results = [{"url": d.url, "title": d.title if rng.random() > 0.1 else None,
                "publish_date": d.published.isoformat() if d.published else None, "excerpts": [d.snippet]}
               for d in hits]
    return request, json_response(200, {"search_id": f"search_{rng.getrandbits(128):032x}", "results": results,
                                        "warnings": None, "usage": [{"name": "search-basic", "count": 1}]})


def _serpapi_body(query: str, hits: list[Doc], captured_at: datetime, rng: random.Random) -> dict:
    search_id = rng.getrandbits(96).to_bytes(12, "big").hex()
    created = captured_at.strftime("%Y-%m-%d %H:%M:%S UTC")
    organic = []
    for i, d in enumerate(hits):
        item = {"position": i + 1, "title": d.title, "link": d.url, "snippet": d.snippet, "source": d.url.split("/")[2]}
        if d.published:
            item["date"] = _google_date(d.published, captured_at)
        organic.append(item)
    return {"search_metadata": {"id": search_id, "status": "Success",
                                "json_endpoint": f"https://serpapi.com/searches/{search_id}.json",
                                "created_at": created, "processed_at": created,
                                "total_time_taken": round(1.0 + rng.random(), 2)},
            "search_parameters": {"engine": "google", "q": query, "google_domain": "google.com.mx", "hl": "es",
                                  "gl": "mx", "location_requested": "Mexico", "device": "desktop"},
            "search_information": {"query_displayed": query, "organic_results_state": "Results for exact spelling"},
            "organic_results": organic}


def _google_date(published: date, captured_at: datetime) -> str:
    """Google's display date in Spanish: relative for the last week, `18 jun 2026` before."""
    days = (captured_at.date() - published).days
    if days <= 6:
        return _ago(days, "hace {n} horas", "hace 1 día", "hace {n} días")
    return f"{published.day} {SPANISH_MONTHS[published.month - 1]} {published.year}"


def extract_call(provider: str, url: str, title: str, text: str, published: date | None,
                 rng: random.Random) -> tuple[dict, dict]:
    """One URL read: Jina's reader, or Parallel's extract with full content."""
    request = extract_request_of(provider, [url])
    if adapter_of(provider) == "jina":
        return request, jina_read(url, title, text, published)
    body = {"extract_id": f"extract_{rng.getrandbits(128):032x}",
            "results": [{"url": url, "title": title, "publish_date": published.isoformat() if published else None,
                         "excerpts": [], "full_content": text}],
            "errors": [], "usage": [{"name": "extract-full-content", "count": 1}]}
    return request, json_response(200, body)


def jina_read(url: str, title: str, text: str, published: date | None, target_status: int = 200) -> dict:
    """The reader's answer for one page; a page that answered an error status is reported as such."""
    tokens = len(text) // 4
    data = {"title": title, "description": "", "url": url, "content": text}
    if published:
        data["publishedTime"] = format_datetime(datetime(published.year, published.month, published.day, 12,
                                                         tzinfo=UTC), usegmt=True)
    if target_status >= 400:
        data["warning"] = f"Target URL returned error {target_status}"
    data.update({"metadata": {"lang": "es"}, "httpStatus": target_status, "usage": {"tokens": tokens}})
    return json_response(200, {"code": 200, "status": 20000, "data": data, "meta": {"usage": {"tokens": tokens}}},
                         {"x-usage-tokens": str(tokens)})
