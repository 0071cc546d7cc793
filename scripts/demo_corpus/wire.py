"""Each provider's real wire format (as its public API documents it), as the demo corpus records it.

Request auth headers are already redacted: their value is the literal `REDACTED`.
"""

from __future__ import annotations

import base64
import random
from datetime import UTC, date, datetime
from email.utils import format_datetime
from urllib.parse import urlsplit

from bench_pipeline.domain.timestamps import iso_z
from bench_pipeline.providers.base import RequestSpec, authorized
from bench_pipeline.providers.registry import adapter_module
from scripts.demo_corpus.providers import adapter_of, base_url_of, options_of
from scripts.demo_corpus.world import Doc

SPANISH_MONTHS = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic")
# The header each wire format's key travels in (SerpAPI's travels in the URL).
AUTH_HEADER = {"tavily": "authorization", "exa": "x-api-key", "brave": "X-Subscription-Token",
               "serper": "X-API-KEY", "firecrawl": "authorization", "perplexity": "authorization",
               "jina": "authorization", "parallel": "x-api-key"}


def exchange(provider: str, operation: str, captured_at: datetime, elapsed_ms: float | None, request: dict,
             response: dict | None, case_id: str | None = None, artifact: str | None = None, error: str | None = None) -> dict:
    if response is not None:
        response["headers"] = {"date": format_datetime(captured_at, usegmt=True), **response.get("headers", {})}
    return {"provider": provider, "operation": operation, "case_id": case_id, "captured_at": iso_z(captured_at),
            "elapsed_ms": elapsed_ms, "request": request, "response": response, "error": error, "artifact": artifact}


def api_request(provider: str, method: str, url: str, body: dict | None = None) -> dict:
    headers = {AUTH_HEADER[adapter_of(provider)]: "REDACTED"} if adapter_of(provider) in AUTH_HEADER else {}
    if body is not None:
        headers["content-type"] = "application/json"
    return {"method": method, "url": url, "headers": headers, "body": body}


def built_request(provider: str, spec: RequestSpec) -> dict:
    """The request as the slug's adapter builds it from its providers.yaml options, the key redacted."""
    url = authorized(adapter_module(adapter_of(provider)), spec.model_copy(update={"headers": {}}), "REDACTED").url
    auth = {AUTH_HEADER[adapter_of(provider)]: "REDACTED"} if adapter_of(provider) in AUTH_HEADER else {}
    return {"method": spec.method, "url": url, "headers": {**auth, **spec.headers}, "body": spec.json_body}


def search_request_of(provider: str, query: str) -> dict:
    adapter = adapter_module(adapter_of(provider))
    return built_request(provider, adapter.search_request(query, base_url_of(provider), options_of(provider)))


def extract_request_of(provider: str, urls: list[str]) -> dict:
    adapter = adapter_module(adapter_of(provider))
    return built_request(provider, adapter.extract_request(urls, base_url_of(provider), options_of(provider)))


def json_response(status: int, body: object, headers: dict | None = None) -> dict:
    return {"status": status, "headers": {"content-type": "application/json; charset=utf-8", **(headers or {})}, "body": body}


def search_call(provider: str, query: str, hits: list[Doc], captured_at: datetime, rng: random.Random) -> tuple[dict, dict]:
    """The request and response of one search, in the provider's own shape."""
    wire = adapter_of(provider)
    request = search_request_of(provider, query)
    if wire == "tavily":
        advanced = options_of(provider).search_depth == "advanced"
        results = [{"url": d.url, "title": d.title, "content": d.snippet, "score": round(0.92 - 0.06 * i - rng.random() * 0.03, 5),
                    "raw_content": None} for i, d in enumerate(hits)]
        body = {"query": query, "follow_up_questions": None, "answer": None, "images": [], "results": results,
                "response_time": round((1.4 if advanced else 0.6) + rng.random(), 2),
                "usage": {"credits": 2 if advanced else 1}, "request_id": _uuid(rng)}
        return request, json_response(200, body)
    if wire == "exa":
        results = []
        for d in hits:
            item = {"id": d.url, "url": d.url, "title": d.title if rng.random() > 0.15 else ""}
            if d.published:
                item["publishedDate"] = f"{d.published.isoformat()}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00.000Z"
            item["highlights"] = [d.snippet]
            results.append(item)
        kind = "fast" if options_of(provider).type == "fast" else "neural"
        body = {"requestId": rng.getrandbits(128).to_bytes(16, "big").hex(), "resolvedSearchType": kind,
                "results": results, "searchTime": round((150 if kind == "fast" else 600) + rng.random() * 900, 1),
                "costDollars": {"total": 0.007, "search": {kind: 0.007}}}
        return request, json_response(200, body, {"x-ratelimit-limit": "450", "x-ratelimit-remaining": str(rng.randrange(380, 449))})
    if wire == "brave":
        body = {"type": "search", "query": {"original": query, "more_results_available": True},
                "mixed": {"type": "mixed", "main": [{"type": "web", "index": i, "all": False} for i in range(len(hits))]},
                "web": {"type": "search", "family_friendly": True, "results": [_brave_result(d, captured_at) for d in hits]}}
        return request, json_response(200, body, brave_quota(rng, remaining_now=1))
    if wire == "serper":
        organic = []
        for i, d in enumerate(hits):
            item = {"title": d.title, "link": d.url, "snippet": d.snippet}
            if d.published:
                item["date"] = _serper_date(d, captured_at)
            item["position"] = i + 1
            organic.append(item)
        body = {"searchParameters": {"q": query, "gl": "mx", "hl": "es", "type": "search", "num": 10, "engine": "google"},
                "organic": organic, "relatedSearches": [{"query": f"{query} 2026"}], "credits": 1}
        return request, json_response(200, body)
    web = [{"url": d.url, "title": d.title, "description": d.snippet, "position": i + 1} for i, d in enumerate(hits)]
    return request, json_response(200, {"success": True, "data": {"web": web}, "creditsUsed": 2})


def brave_quota(rng: random.Random, remaining_now: int) -> dict:
    """Brave's two windows: per second, then per month (`X-RateLimit-*`)."""
    return {"X-RateLimit-Limit": "1, 15000", "X-RateLimit-Policy": "1;w=1, 15000;w=2592000",
            "X-RateLimit-Remaining": f"{remaining_now}, {rng.randrange(9000, 14000)}",
            "X-RateLimit-Reset": f"1, {rng.randrange(900000, 1400000)}"}


def _brave_result(d: Doc, captured_at: datetime) -> dict:
    host = urlsplit(d.url).hostname or ""
    words = d.snippet.split(" ")
    description = " ".join(f"<strong>{w}</strong>" if i == 1 else w for i, w in enumerate(words))
    item = {"title": d.title, "url": d.url, "is_source_local": False, "is_source_both": False,
            "description": description, "profile": {"name": host, "url": d.url, "long_name": host},
            "language": "es", "family_friendly": True, "type": "search_result", "subtype": "generic", "is_live": False,
            "meta_url": {"scheme": "https", "netloc": host.removeprefix("www."), "hostname": host,
                         "path": " › ".join(p for p in urlsplit(d.url).path.split("/") if p)}}
    if d.published:
        days = (captured_at.date() - d.published).days
        if days <= 6:  # recent pages: only the relative age, which the adapter resolves against captured_at
            item["age"] = _ago(days, "{n} hours ago", "1 day ago", "{n} days ago")
        else:
            item["age"] = f"{d.published.strftime('%B')} {d.published.day}, {d.published.year}"
            item["page_age"] = f"{d.published.isoformat()}T00:00:00"
    return item


def _serper_date(d: Doc, captured_at: datetime) -> str:
    """Google's display date, localized for `hl: es`; about one in six is a year off (a known SERP quirk)."""
    days = (captured_at.date() - d.published).days
    if days <= 6:
        return _ago(days, "hace {n} horas", "hace 1 día", "hace {n} días")
    year = d.published.year - 1 if sum(map(ord, d.url)) % 6 == 0 else d.published.year
    return f"{d.published.day} {SPANISH_MONTHS[d.published.month - 1]} {year}"


def _ago(days: int, hours: str, one_day: str, many_days: str) -> str:
    if days == 0:
        return hours.format(n=5)
    return one_day if days == 1 else many_days.format(n=days)


def extract_call(provider: str, url: str, title: str, text: str, rng: random.Random, pdf_pages: int = 0) -> tuple[dict, dict]:
    """One URL read by a provider that extracts (Tavily /extract, Exa /contents, Firecrawl /v2/scrape, …)."""
    wire = adapter_of(provider)
    request = extract_request_of(provider, [url])
    if wire == "tavily":
        body = {"results": [{"url": url, "raw_content": text, "images": []}], "failed_results": [],
                "response_time": round(0.4 + rng.random(), 2), "usage": {"credits": 0}, "request_id": _uuid(rng)}
        return request, json_response(200, body)
    if wire == "exa":
        body = {"requestId": rng.getrandbits(128).to_bytes(16, "big").hex(),
                "results": [{"id": url, "url": url, "title": title, "text": text}],
                "statuses": [{"id": url, "status": "success", "source": "cached"}],
                "costDollars": {"total": 0.001, "contents": {"text": 0.001}}}
        return request, json_response(200, body)
    metadata = {"title": title, "language": "es", "sourceURL": url, "url": url, "statusCode": 200,
                "contentType": "application/pdf" if pdf_pages else "text/html; charset=utf-8",
                "scrapeId": _uuid(rng), "proxyUsed": "basic", "cacheState": "miss", "creditsUsed": 1 + pdf_pages}
    return request, json_response(200, {"success": True, "data": {"markdown": text, "metadata": metadata}})


def fetch_call(url: str, content: bytes, content_type: str, last_modified: date | None, status: int = 200) -> tuple[dict, dict]:
    """A plain GET of the page, as the local extractor's fetcher records it (search-only providers)."""
    request = {"method": "GET", "url": url, "headers": {"user-agent": "websearch-bench/0.1 (+local extractor)"}}
    headers = {"content-type": content_type}
    if last_modified:
        headers["last-modified"] = format_datetime(datetime(last_modified.year, last_modified.month, last_modified.day,
                                                            tzinfo=UTC), usegmt=True)
    response = {"status": status, "headers": headers}
    if content_type.startswith("text/"):
        response["body_text"] = content.decode("utf-8")
    elif content:
        response["body_b64"] = base64.b64encode(content).decode("ascii")
    return request, response


def _uuid(rng: random.Random) -> str:
    h = rng.getrandbits(128).to_bytes(16, "big").hex()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
