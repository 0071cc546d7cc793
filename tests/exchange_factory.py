"""Valid Tavily-format exchanges built in tests: the error classes (429, 5xx, timeout, partial) and
the successes that follow them, shaped like the provider's real wire format."""

from __future__ import annotations

from bench_pipeline.domain.exchange import Exchange

CAPTURED_AT = "2026-11-20T18:03:11Z"
BASE = "https://api.tavily.com"


def _exchange(operation: str, response: dict | None, *, error: str | None = None, elapsed_ms: float | None = 400,
              request_body: dict | None = None) -> Exchange:
    return Exchange.model_validate({
        "provider": "tavily", "operation": operation, "case_id": "gs-001", "captured_at": CAPTURED_AT,
        "elapsed_ms": elapsed_ms,
        "request": {"method": "POST", "url": f"{BASE}/{operation}", "headers": {"authorization": "Bearer REDACTED"},
                    "body": request_body or {"query": "planta Monterrey inversión"}},
        "response": response, "error": error,
    })


def search_ok(credits: int = 1, elapsed_ms: float = 800) -> Exchange:
    body = {"query": "planta Monterrey inversión", "results": [
        {"url": "https://www.gob.mx/se/prensa/inversion-nuevo-leon", "title": "Inversión en Nuevo León", "content": "…", "score": 0.8}],
        "usage": {"credits": credits}, "request_id": "123e4567-e89b-12d3-a456-426614174111"}
    return _exchange("search", {"status": 200, "headers": {"content-type": "application/json"}, "body": body}, elapsed_ms=elapsed_ms)


def rate_limited(retry_after: str | None = "12", headers: dict | None = None, body: dict | None = None) -> Exchange:
    all_headers = {"content-type": "application/json", **({"retry-after": retry_after} if retry_after else {}), **(headers or {})}
    body = body or {"detail": {"error": "Your request has been blocked due to excessive requests. Please reduce rate of requests."}}
    return _exchange("search", {"status": 429, "headers": all_headers, "body": body}, elapsed_ms=120)


def server_error(status: int = 502, with_body: bool = True) -> Exchange:
    response = {"status": status, "headers": {"content-type": "text/html"}}
    if with_body:
        response = {"status": status, "headers": {"content-type": "application/json"}, "body": {"detail": {"error": "Internal Server Error"}}}
    return _exchange("search", response, elapsed_ms=300)


def timed_out(operation: str = "search") -> Exchange:
    return _exchange(operation, None, error="timeout", elapsed_ms=None)


def requested(n: int = 10) -> list[str]:
    return [f"https://www.empresa{i}.com.mx/nosotros" for i in range(1, n + 1)]


def partial_extract(returned: int = 6, requested_n: int = 10, report_failures: bool = True, credits: int = 1) -> Exchange:
    """`returned` of `requested_n` URLs come back; the rest are listed in `failed_results` only when
    the provider is honest about them."""
    urls = requested(requested_n)
    body = {"results": [{"url": u, "raw_content": f"Contenido de {u}"} for u in urls[:returned]],
            "failed_results": [{"url": u, "error": "Failed to fetch url"} for u in urls[returned:]] if report_failures else [],
            "usage": {"credits": credits}, "request_id": "9b1c2f0e-3a44-4c1e-8f7e-0d2b6c1a9e55"}
    return _exchange("extract", {"status": 200, "headers": {"content-type": "application/json"}, "body": body},
                     request_body={"urls": urls, "extract_depth": "basic"}, elapsed_ms=900)


def error_classes(liar: bool = False) -> dict[str, list[Exchange]]:
    """The provider's conformance inputs, as a corpus would group them by manifest class."""
    return {
        "results": [search_ok()],
        "429": [rate_limited("12")],
        "5xx": [server_error(502, with_body=True), server_error(502, with_body=False), server_error(503)],
        "timeout": [timed_out()],
        "partial": [partial_extract(report_failures=not liar)],
    }
