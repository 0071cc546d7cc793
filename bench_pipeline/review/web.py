"""The review pages, thin over the domain: Starlette routes, Jinja2 templates (autoescaped), no script.

Every response carries a strict Content-Security-Policy (nothing but this origin's stylesheet and
forms), and every POST needs a session cookie plus the CSRF token bound to it. Bodies over
MAX_BODY are refused before they are read whole.
"""

from __future__ import annotations

import threading
import uuid
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.golden import CATEGORIES, COMMENT_MAX
from bench_pipeline.review.access import Invitations, RateLimit, Session, Sessions
from bench_pipeline.review.forms import (
    REASON_LABELS,
    REASONS,
    VERDICT_LABELS,
    VERDICTS,
    FieldError,
    Provenance,
    parse_urlencoded,
    record_from_form,
)
from bench_pipeline.review.proposals import write_proposal
from bench_pipeline.review.queue_view import FILTERS, filtered, judged_by, progress, queue_rows
from bench_pipeline.review.records import Conflict, ReviewLog
from bench_pipeline.review.snapshot import KIND_LABELS, Item, ResultInfo, Snapshot, WarehouseBusy

COOKIE = "review_session"
MAX_BODY = 16 * 1024
CSP = ("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; "
       "base-uri 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # the invitation token is in a URL: never pass it on
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]
STATIC = Path(__file__).parent / "static"
TEMPLATES = Environment(loader=PackageLoader("bench_pipeline.review", "templates"),
                        autoescape=select_autoescape(default=True, default_for_string=True))


@dataclass
class ReviewState:
    """What the app serves from: the records, the latest run's snapshot (reloaded when the warehouse
    changes) and who may write."""

    log: ReviewLog
    load_snapshot: Callable[[], Snapshot]
    snapshot_stamp: Callable[[], float]
    sessions: Sessions
    invitations: Invitations
    provenance_base: dict
    rate_limit: RateLimit = field(default_factory=RateLimit)

    def __post_init__(self) -> None:
        self._stamp = self.snapshot_stamp()
        self._snapshot = self.load_snapshot()
        self._reload = threading.Lock()

    def snapshot(self) -> Snapshot:
        stamp = self.snapshot_stamp()
        if stamp != self._stamp:
            with self._reload:
                if stamp != self._stamp:
                    try:
                        self._snapshot, self._stamp = self.load_snapshot(), stamp
                    except WarehouseBusy:
                        pass  # a run is writing it: keep the snapshot we have, look again on the next page
        return self._snapshot

    def provenance(self, snapshot: Snapshot) -> Provenance:
        return Provenance(run_id=snapshot.run_id, report=snapshot.report, reader_version=snapshot.reader_version,
                          detector_version=snapshot.detector_version, **self.provenance_base)


def segments(text: str, quotes: list[str]) -> list[tuple[str, bool]]:
    """The read text cut into (part, is_claim_span) around the first occurrence of each quote."""
    spans = sorted({(i, i + len(q)) for q in quotes if q and (i := text.find(q)) >= 0})
    out, at = [], 0
    for start, end in spans:
        if start < at:
            continue
        out += [(text[at:start], False), (text[start:end], True)]
        at = end
    return [part for part in [*out, (text[at:], False)] if part[0]]


def snippet_groups(results: list[ResultInfo], case_id: str | None) -> list[dict]:
    """Identical snippets once, with every provider (and rank) that returned them."""
    groups: dict[tuple, dict] = {}
    for r in results:
        group = groups.setdefault((r.title, r.snippet), {"title": r.title, "snippet": r.snippet, "by": []})
        group["by"].append(f"{r.provider} #{r.rank}" + (f" (for {r.case_id})" if r.case_id != case_id else ""))
    return list(groups.values())


def _page(name: str, status: int = 200, **context) -> HTMLResponse:
    return HTMLResponse(TEMPLATES.get_template(name).render(**context), status_code=status)


def _message(title: str, text: str, status: int, session: Session | None = None) -> HTMLResponse:
    return _page("message.html", status, title=title, text=text, session=session)


async def _body(request: Request) -> bytes | None:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(state: ReviewState, on_stop: Callable[[], None] | None = None) -> Starlette:
    @asynccontextmanager
    async def lifespan(app):
        yield
        if on_stop is not None:  # after the server has stopped admitting and the requests in flight are done
            on_stop()

    def signed_in(request: Request) -> Session | Response:
        """The request's session, or the page that refuses it: none, or one a maintainer revoked (checked on every
        request against the revocation list; a list that cannot be read admits nobody)."""
        session = state.sessions.read(request.cookies.get(COOKIE))
        if session is None:
            return _message("Not signed in",
                            "Open your invitation link (ask the maintainer for one: bench review invite).", 401)
        try:
            revoked = state.sessions.revoked(session)
        except InputError as exc:
            return _message("Unavailable", f"{exc}. No session is admitted until the revocation list reads again.", 503)
        if revoked:
            refused = _message("Session revoked", "A maintainer ended this reviewer's sessions (bench review revoke); "
                               "nothing was saved. Ask the maintainer for a new invitation.", 403)
            refused.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
            return refused
        return session

    async def invite_page(request: Request) -> Response:
        token = request.path_params["token"]
        reviewer = state.invitations.pending(token)
        if reviewer is None:
            return _message("Invitation not valid", "This link is unknown or was used already; ask for a new one.", 404)
        return _page("invite.html", reviewer=reviewer, token=token, session=None)

    async def invite_accept(request: Request) -> Response:
        body = await _body(request)
        if body is None:
            return _message("Too large", f"A form is at most {MAX_BODY} bytes.", 413)
        try:
            token = parse_urlencoded(body).get("token", "")
        except FieldError as exc:
            return _message("Bad form", str(exc), 400)
        reviewer = state.invitations.redeem(token) if token else None
        if reviewer is None:
            return _message("Invitation not valid", "This link is unknown or was used already; ask for a new one.", 403)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE, state.sessions.issue(reviewer), max_age=state.sessions.seconds, httponly=True,
                            samesite="strict", path="/")
        return response

    async def queue(request: Request) -> Response:
        session = signed_in(request)
        if not isinstance(session, Session):
            return session
        snapshot = await anyio.to_thread.run_sync(state.snapshot)
        chosen = {name: request.query_params.get(name, "") for name in FILTERS}
        rows = queue_rows(snapshot, state.log, session.reviewer)
        shown = filtered(rows, chosen)
        providers = sorted({p for row in rows for p in row.item.providers})
        return _page("queue.html", session=session, snapshot=snapshot, rows=shown, total=len(rows), chosen=chosen,
                     progress=progress(snapshot, state.log), kinds=KIND_LABELS, categories=CATEGORIES,
                     cases=sorted(snapshot.cases), providers=providers, torn=state.log.torn)

    def item_page(session: Session, snapshot: Snapshot, item: Item, status: int = 200, error: FieldError | None = None,
                  form: dict | None = None, saved: bool = False) -> HTMLResponse:
        artifact = snapshot.artifacts.get(item.url)
        if item.kind == "judge_injection":  # mark what the detector found, where the read text holds it
            quotes = [e.text for e in artifact.evidence if e.text] if artifact else []
        else:  # the claim spans of the item's case; a date item has no case: none
            quotes = artifact.quotes.get(item.case_id or "", []) if artifact else []
        results = [r for r in snapshot.results.get(item.url, []) if item.case_id in (None, r.case_id)]
        earlier = judged_by(state.log, item)
        return _page("item.html", status, session=session, item=item, kinds=KIND_LABELS,
                     detector_version=snapshot.detector_version,
                     case=snapshot.cases.get(item.case_id or ""), artifact=artifact,
                     parts=segments(artifact.text, quotes) if artifact else [], quotes=quotes, snippets=snippet_groups(results, item.case_id),
                     others=[(r, rec) for r, rec in earlier if rec.reviewer != session.reviewer],
                     mine=[(r, rec) for r, rec in earlier if rec.reviewer == session.reviewer],
                     reasons=REASONS, reason_labels=REASON_LABELS, verdicts=VERDICTS, verdict_labels=VERDICT_LABELS,
                     comment_max=COMMENT_MAX,
                     csrf=state.sessions.csrf_token(session), client_request_id=uuid.uuid4().hex,
                     error=error, form=form or {}, saved=saved)

    async def item_get(request: Request) -> Response:
        session = signed_in(request)
        if not isinstance(session, Session):
            return session
        snapshot = await anyio.to_thread.run_sync(state.snapshot)
        item = snapshot.find(request.path_params["item_id"])
        if item is None:
            return _message("No such item", "This item is not in the latest run's queue.", 404, session)
        return item_page(session, snapshot, item, saved=request.query_params.get("saved") == "1")

    async def item_post(request: Request) -> Response:
        session = signed_in(request)
        if not isinstance(session, Session):
            return session
        body = await _body(request)
        if body is None:
            return _message("Too large", f"A form is at most {MAX_BODY} bytes; nothing was saved.", 413, session)
        try:
            form = parse_urlencoded(body)
        except FieldError as exc:
            return _message("Bad form", f"{exc}; nothing was saved.", 400, session)
        if not state.sessions.csrf_ok(session, form.get("csrf_token")):
            return _message("Forbidden", "csrf_token: missing or not this session's; nothing was saved.", 403, session)
        if not state.rate_limit.allow(session.reviewer):
            return _message("Slow down", "Too many saves in a short time; nothing was saved. Retry in a moment.", 429,
                            session)
        snapshot = state.snapshot()
        item = snapshot.find(request.path_params["item_id"])
        if item is None:
            return _message("No such item", "item: not in the latest run's queue; nothing was saved.", 400, session)
        try:
            record = record_from_form(item.kind, form, item, snapshot, session.reviewer, state.provenance(snapshot))
        except FieldError as exc:
            return item_page(session, snapshot, item, status=400, error=exc, form=form)

        def save():
            saved = state.log.save(item.kind, record)
            if item.kind == "golden_addition":
                write_proposal(state.log.golden_dir, item.case_id, item.host, state.log.of_kind("golden_addition"))
            return saved

        try:
            await anyio.to_thread.run_sync(save, abandon_on_cancel=False)
        except Conflict as exc:
            return _message("Conflict", f"client_request_id: {exc}; nothing was saved.", 409, session)
        return RedirectResponse(f"/item/{item.id}?saved=1", status_code=303)

    async def stylesheet(request: Request) -> Response:
        return Response((STATIC / "review.css").read_bytes(), media_type="text/css")

    return Starlette(routes=[
        Route("/", queue),
        Route("/invite/{token}", invite_page),
        Route("/invite", invite_accept, methods=["POST"]),
        Route("/item/{item_id}", item_get),
        Route("/item/{item_id}", item_post, methods=["POST"]),
        Route("/static/review.css", stylesheet),
    ], lifespan=lifespan)


class Guard:
    """ASGI wrapper: security headers on every response; a declared body over MAX_BODY is refused unread."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_secured(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit():
            await _message("Bad request", "content-length: not a number; nothing was saved.", 400)(
                scope, receive, send_secured)
            return
        if int(length) > MAX_BODY:
            await _message("Too large", f"A form is at most {MAX_BODY} bytes; nothing was saved.", 413)(
                scope, receive, send_secured)
            return
        await self.app(scope, receive, send_secured)
