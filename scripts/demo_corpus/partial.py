"""Class 7: ten URLs asked for, six read — reported the way each provider really reports it.

Tavily (`failed_results`), Exa (`statuses[]` errors) and Firecrawl (`completed` < `total`) are honest; the local fetcher behind Brave sees each failed GET; Serper's scrape
answers 200 with empty `text` for the four it could not read and never says so.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scripts.demo_corpus.artifacts import Artifact, reader_text
from scripts.demo_corpus.providers import capture_time, latency
from scripts.demo_corpus.wire import api_request, exchange, fetch_call, json_response

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

    if provider == "tavily":
        request = api_request(provider, "POST", "https://api.tavily.com/extract",
                              {"urls": urls, "extract_depth": "basic", "format": "text", "include_usage": True})
        body = {"results": [{"url": a.url, "raw_content": reader_text(provider, a), "images": []} for a in read],
                "failed_results": [{"url": u, "error": "Failed to fetch url"} for u in MISSED],
                "response_time": 3.41, "usage": {"credits": 1}, "request_id": "6f3c1e52-8a0b-4d7e-b1c9-0e2d4f6a8b13"}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 3400), request, json_response(200, body))
    elif provider == "exa":
        request = api_request(provider, "POST", "https://api.exa.ai/contents", {"urls": urls, "text": True})
        statuses = [{"id": a.url, "status": "success", "source": "cached"} for a in read]
        statuses += [{"id": u, "status": "error", "error": {"tag": tag, "httpStatusCode": status}}
                     for u, (status, tag) in MISSED.items()]
        body = {"requestId": "2b7e9d41c0f35a8e6d1b4c7f9a0e3d52",
                "results": [{"id": a.url, "url": a.url, "title": a.title, "text": reader_text(provider, a)} for a in read],
                "statuses": statuses, "costDollars": {"total": 0.006, "contents": {"text": 0.006}}}
        yield "partial", exchange(provider, "extract", at(0), latency(rng, 2100), request, json_response(200, body))
    elif provider == "firecrawl":
        # The SDK's `batch_scrape(urls)` starts the job and polls it to completion: recorded as one call,
        # the start request with the final status snapshot. Failed URLs are simply absent from `data`.
        request = api_request(provider, "POST", "https://api.firecrawl.dev/v2/batch/scrape",
                              {"urls": urls, "formats": ["markdown"], "onlyMainContent": True})
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
    """Brave has no extract: the local fetcher GETs each page. Serper scrapes one URL per call."""
    calls: list[tuple[str, object]] = [(a.url, a) for a in read] + [(u, None) for u in MISSED]
    for slot, (url, artifact) in enumerate(calls):
        name = f"partial-{slot + 1:02d}"
        if provider == "serper":
            text = reader_text(provider, artifact) if artifact else ""  # the four it could not read: 200, empty, no flag
            request = api_request(provider, "POST", "https://scrape.serper.dev", {"url": url})
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
