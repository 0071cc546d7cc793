"""Error fixtures (classes 4-6): each provider's 429, 502/503 with and without body, and a timeout.

All synthetic — no provider was pushed into failing — but shaped like each provider's real errors.
"""

from __future__ import annotations

import random

from scripts.demo_corpus.wire import api_request, brave_quota, json_response

_GATEWAY_502 = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>\n"
SEARCH_URL = {"tavily": "https://api.tavily.com/search", "exa": "https://api.exa.ai/search",
              "brave": "https://api.search.brave.com/res/v1/web/search?q=Aceros+del+Baj%C3%ADo&country=MX",
              "serper": "https://google.serper.dev/search", "firecrawl": "https://api.firecrawl.dev/v2/search"}


def search_request(provider: str) -> dict:
    if provider == "brave":
        return api_request(provider, "GET", SEARCH_URL[provider])
    key = {"tavily": "query", "exa": "query", "serper": "q", "firecrawl": "query"}[provider]
    return api_request(provider, "POST", SEARCH_URL[provider], {key: "Aceros del Bajío"})


def rate_limited(provider: str, rng: random.Random) -> dict:
    if provider == "tavily":
        return json_response(429, {"detail": {"error": "Your request has been blocked due to excessive requests. "
                                              "Please reduce rate of requests."}}, {"retry-after": "12"})
    if provider == "exa":
        return json_response(429, {"requestId": rng.getrandbits(128).to_bytes(16, "big").hex(),
                                   "error": "You've exceeded your Exa rate limit of 10 requests per second.",
                                   "tag": "RATE_LIMIT_EXCEEDED"},
                             {"retry-after": "1", "x-ratelimit-limit": "450", "x-ratelimit-remaining": "0",
                              "x-ratelimit-reset": "1763633100"})
    if provider == "brave":
        return json_response(429, {"type": "ErrorResponse", "error": {
            "id": "ddab2628-c96e-478f-80ee-9b5f8b1fda26", "status": 429, "code": "RATE_LIMITED",
            "detail": "Request rate limit exceeded for plan.",
            "meta": {"plan": "Free", "rate_limit": 1, "rate_current": 1, "quota_limit": 15000, "quota_current": 4210,
                     "component": "rate_limiter"}}, "time": 1763633100}, brave_quota(rng, remaining_now=0))
    if provider == "serper":
        return json_response(429, {"message": "Too many requests", "statusCode": 429}, {"retry-after": "2"})
    return json_response(429, {"success": False, "error": (
        "Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your plan at "
        "https://firecrawl.dev/pricing for increased rate limits or please retry after 48s, resets at "
        "Thu Nov 19 2026 18:04:12 GMT+0000 (Coordinated Universal Time)")})


def unavailable_with_body(provider: str) -> dict:
    body = {
        "tavily": {"detail": {"error": "Service Unavailable"}},
        "exa": {"requestId": "5c0de0a3b1f24f0e9d1a7b6c3e2f4a81", "error": "Service is temporarily overloaded",
                "tag": "SERVICE_OVERLOADED"},
        "brave": {"type": "ErrorResponse", "error": {"id": "7f0b1c2d-3e4f-4a5b-8c6d-9e0f1a2b3c4d", "status": 503,
                                                     "code": "SERVICE_UNAVAILABLE", "detail": "Service unavailable."}},
        "serper": {"message": "Service Unavailable", "statusCode": 503},
        "firecrawl": {"success": False, "error": "(Internal server error) - upstream search engine unavailable"},
    }[provider]
    return json_response(503, body)


def server_error_files(provider: str) -> dict[str, dict]:
    """name → response: 502 from the gateway (HTML) and bare, 503 from the API (JSON) and bare."""
    return {
        "502-body": {"status": 502, "headers": {"content-type": "text/html"}, "body_text": _GATEWAY_502},
        "502-empty": {"status": 502, "headers": {"content-length": "0"}},
        "503-body": unavailable_with_body(provider),
        "503-empty": {"status": 503, "headers": {"content-length": "0"}},
    }
