"""Error fixtures (classes 4-6): each provider's 429, 502/503 with and without body, and a timeout.

All synthetic — no provider was pushed into failing — but shaped like each provider's real errors.
"""

from __future__ import annotations

import random

from scripts.demo_corpus.providers import adapter_of
from scripts.demo_corpus.wire import api_request, brave_quota, json_response, search_request_of

_GATEWAY_502 = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>\n"
SEARCH_URL = {"tavily": "https://api.tavily.com/search", "exa": "https://api.exa.ai/search",
              "brave": "https://api.search.brave.com/res/v1/web/search?q=Aceros+del+Baj%C3%ADo&country=MX",
              "serper": "https://google.serper.dev/search", "firecrawl": "https://api.firecrawl.dev/v2/search"}


def search_request(provider: str) -> dict:
    if provider not in SEARCH_URL:  # slugs added later record the whole request their adapter builds
        return search_request_of(provider, "Aceros del Bajío")
    if provider == "brave":
        return api_request(provider, "GET", SEARCH_URL[provider])
    key = {"tavily": "query", "exa": "query", "serper": "q", "firecrawl": "query"}[provider]
    return api_request(provider, "POST", SEARCH_URL[provider], {key: "Aceros del Bajío"})


def rate_limited(provider: str, rng: random.Random) -> dict:
    wire = adapter_of(provider)
    if wire == "serpapi":  # the hourly throughput, not the plan's searches (that 429 is not worth a retry)
        return json_response(429, {"error": "Your searches for the past hour have exceeded the hourly limit of "
                                            "your plan."})
    if wire == "perplexity":
        return json_response(429, {"error": {"message": "Rate limit exceeded. Please try again later.",
                                             "type": "rate_limit_error", "code": 429}}, {"retry-after": "4"})
    if wire == "jina":
        return json_response(429, {"data": None, "code": 429, "name": "RateLimitTriggeredError", "status": 42903,
                                   "message": "Per IP rate limit exceeded",
                                   "readableMessage": "RateLimitTriggeredError: Per IP rate limit exceeded",
                                   "retryAfter": 2, "retryAfterDate": "2026-11-15T15:31:02.000Z"}, {"retry-after": "2"})
    if wire == "parallel":
        return json_response(429, {"type": "error", "error": {"ref_id": "err_4f0e2a", "message": "Rate limit exceeded: "
                                                              "600 requests per minute", "detail": None}})
    if wire == "tavily":
        return json_response(429, {"detail": {"error": "Your request has been blocked due to excessive requests. "
                                              "Please reduce rate of requests."}}, {"retry-after": "12"})
    if wire == "exa":
        return json_response(429, {"requestId": rng.getrandbits(128).to_bytes(16, "big").hex(),
                                   "error": "You've exceeded your Exa rate limit of 10 requests per second.",
                                   "tag": "RATE_LIMIT_EXCEEDED"},
                             {"retry-after": "1", "x-ratelimit-limit": "450", "x-ratelimit-remaining": "0",
                              "x-ratelimit-reset": "1763633100"})
    if wire == "brave":
        return json_response(429, {"type": "ErrorResponse", "error": {
            "id": "ddab2628-c96e-478f-80ee-9b5f8b1fda26", "status": 429, "code": "RATE_LIMITED",
            "detail": "Request rate limit exceeded for plan.",
            "meta": {"plan": "Free", "rate_limit": 1, "rate_current": 1, "quota_limit": 15000, "quota_current": 4210,
                     "component": "rate_limiter"}}, "time": 1763633100}, brave_quota(rng, remaining_now=0))
    if wire == "serper":
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
        "serpapi": {"error": "Something went wrong. Please try again later."},
        "perplexity": {"error": {"message": "Service temporarily unavailable", "type": "api_error", "code": 503}},
        # Jina's envelope; the error's `name` on a 503 is not documented, so none is invented.
        "jina": {"data": None, "code": 503, "status": 50300, "message": "Service temporarily unavailable"},
        "parallel": {"type": "error", "error": {"ref_id": "err_b81c07", "message": "Service temporarily unavailable",
                                                "detail": None}},
    }[adapter_of(provider)]
    return json_response(503, body)


def server_error_files(provider: str) -> dict[str, dict]:
    """name → response: 502 from the gateway (HTML) and bare, 503 from the API (JSON) and bare."""
    return {
        "502-body": {"status": 502, "headers": {"content-type": "text/html"}, "body_text": _GATEWAY_502},
        "502-empty": {"status": 502, "headers": {"content-length": "0"}},
        "503-body": unavailable_with_body(provider),
        "503-empty": {"status": 503, "headers": {"content-length": "0"}},
    }
