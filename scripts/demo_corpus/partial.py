"""Class 7: ten URLs asked for, six read — reported the way each provider really reports it.

Tavily (`failed_results`), Exa (`statuses[]` errors), Firecrawl (`completed` < `total`), Parallel (`errors[]`) and
Jina's reader (each page's `httpStatus`) are honest; the local fetcher behind Brave, SerpAPI and Perplexity sees
each failed GET; Serper's scrape answers 200 with empty `text` for the four it could not read and never says so.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scripts.demo_corpus.artifacts import Artifact, reader_text
from scripts.demo_corpus.providers import adapter_of, capture_time, latency
from scripts.demo_corpus.wire import exchange, extract_request_of, fetch_call, json_response
from scripts.demo_corpus.wire_market import jina_read

READ = ("html/acerosdelbajio-nosotros.html", "html/nopalazul-quienes-somos.html", "html/costaesmeralda-empresa.html",
        "html/riolerma-contacto.html", "html/dof-avisos-2026-08-14.html", "html/cofepris-registros-2026.html")
# URL → (HTTP status of the target page, Exa's error tag)
MISSED = {
    "https://www.elheraldoindustrial.mx/suscriptores/aceros-del-bajio-resultados": (403, "CRAWL_HTTP_403"),
    "https://www.solartonala.mx/inversionistas/reporte-2025": (404, "CRAWL_NOT_FOUND"),
    "https://guiaempresarial.mx/constructora-rio-lerma/expediente": (504, "CRAWL_TIMEOUT"),
    "https://www.mundoeconomico.mx/empresas/ranking-2026": (500, "CRAWL_HTTP_500"),
}


def partial_exchanges(provider: str, artifacts: list[Artifact], rng: random.Random) -> Iterator[tuple[str, dict]]:
    read = [a for a in artifacts if a.path in READ]
    urls = [a.url for a in read] + list(MISSED)

    def at(slot: int):
        return capture_time(provider, rng, day=3, slot=slot)

    wire = adapter_of(provider)
    if wire == "tavily":
        request = extract_request_of(provider, urls)
        body = {"results": [{"url": a.url, "raw_content": reader_text(provider, a), "images": []} for a in read],
                "failed_results": [{"url": u, "error": "Failed to fetch url"} for u in MISSED],
                "response_time": 3.41, "usage": {"credits": 1}, "request_id": "6f3c1e52-8a0b-4d7e-b1c9-0e2d4f6a8b13"}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 3400), request, json_response(200, body))
    elif wire == "exa":
        request = extract_request_of(provider, urls)
        statuses = [{"id": a.url, "status": "success", "source": "cached"} for a in read]
        statuses += [{"id": u, "status": "error", "error": {"tag": tag, "httpStatusCode": status}}
                     for u, (status, tag) in MISSED.items()]
        body = {"requestId": "2b7e9d41c0f35a8e6d1b4c7f9a0e3d52",
                "results": [{"id": a.url, "url": a.url, "title": a.title, "text": reader_text(provider, a)} for a in read],
                "statuses": statuses, "costDollars": {"total": 0.006, "contents": {"text": 0.006}}}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 2100), request, json_response(200, body))
    elif wire == "parallel":
        request = extract_request_of(provider, urls)
        body = {"extract_id": "extract_5e1d9c0a7b3f4e2d8c6a1b0f9e7d3c25",
                "results": [{"url": a.url, "title": a.title, "publish_date": a.published.isoformat() if a.published
                             else None, "excerpts": [], "full_content": reader_text(provider, a)} for a in read],
                "errors": [{"url": u, "error_type": "fetch_failed", "http_status_code": status, "content": None}
                           for u, (status, _) in MISSED.items()],
                "usage": [{"name": "extract-full-content", "count": len(read)}]}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 5200), request, json_response(200, body))
    elif wire == "firecrawl":
        # The SDK's `batch_scrape(urls)` starts the job and polls it to completion: recorded as one call,
        # the start request with the final status snapshot. Failed URLs are simply absent from `data`.
        request = extract_request_of(provider, urls)
        data = [{"markdown": reader_text(provider, a),
                 "metadata": {"title": a.title, "sourceURL": a.url, "url": a.url, "statusCode": 200, "creditsUsed": 1}}
                for a in read]
        status = {"success": True, "id": "3f8e2a1c-5b7d-4e9f-a0c2-d4b6e8f1a3c5", "status": "completed",
                  "completed": len(read), "total": len(urls), "creditsUsed": len(read),
                  "expiresAt": "2026-11-20T15:00:00.000Z", "data": data}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 9000), request, json_response(200, status))
    else:
        yield from _one_by_one(provider, read, rng, at)


def _one_by_one(provider: str, read: list[Artifact], rng: random.Random, at) -> Iterator[tuple[str, dict]]:
    """Search-only providers have no extract: the local fetcher GETs each page. Serper's scrape and Jina's reader
    read one URL per call."""
    calls: list[tuple[str, object]] = [(a.url, a) for a in read] + [(u, None) for u in MISSED]
    for slot, (url, artifact) in enumerate(calls):
        name = f"partial-{slot + 1:02d}"
        if adapter_of(provider) == "jina":  # a page that failed comes back with its status in `httpStatus`
            text, title = (reader_text(provider, artifact), artifact.title) if artifact else ("", "")
            response = jina_read(url, title, text, artifact.published if artifact else None,
                                 200 if artifact else MISSED[url][0])
            yield name, exchange(provider, "extract", at(slot), latency(rng, 1900), extract_request_of(provider, [url]),
                                 response)
        elif adapter_of(provider) == "serper":
            text = reader_text(provider, artifact) if artifact else ""  # the four it could not read: 200, empty, no flag
            request = extract_request_of(provider, [url])
            response = json_response(200, {"text": text, "metadata": {"title": artifact.title if artifact else ""},
                                           "credits": 1})
            yield name, exchange(provider, "extract", at(slot), latency(rng, 750), request, response)
        elif artifact is not None:
            request, response = fetch_call(url, artifact.content, "text/html; charset=utf-8", artifact.published)
            yield name, exchange(provider, "fetch", at(slot), latency(rng, 700), request, response)
        else:
            status = MISSED[url][0]
            request, _ = fetch_call(url, b"", "text/html", None)
            if status == 504:  # the page never answered: the fetcher's own deadline cut it
                yield name, exchange(provider, "fetch", at(slot), 15000.0, request, None, error="timeout")
            else:
                yield name, exchange(provider, "fetch", at(slot), latency(rng, 500), request,
                                     {"status": status, "headers": {"content-type": "text/html"}})
