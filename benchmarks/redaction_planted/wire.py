"""Every string position of every provider's wire format, as cases to redact.

Templates are the bundled fixtures (what the providers sent when recorded) and, in `wire/`, one exchange
per endpoint with the documented fields the recordings happen not to carry (Brave `extra_snippets` and
`deep_results`, Serper `knowledgeGraph` and `peopleAlsoAsk`, Exa `summary` and `subpages`, Firecrawl scrape
metadata and batch status, Tavily `images` and `answer`). A position is a place a string sits, with list
indices folded (`results[].content`): each is planted once per provider and operation.

Positions: every string leaf of the request and response bodies (the material appended as prose with a
pasted config, or as markdown or HTML where the field holds those), every URL leaf (replaced by the same URL
with a person's encoded e-mail and a secret in its query, sometimes credentials in its userinfo), a URL used
as a JSON key beside its value twin, a contact field on the company's domain, the request URL's query, the
auth header (the provider's own key format), a free header, a response `link` header, an HTML error body,
a gzip-encoded body, a fetched HTML page with its `_shared/html` artifact, and a fetched PDF (text layer
and document information) with its `_shared/pdf` artifact."""

from __future__ import annotations

import base64
import copy
import gzip
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, quote_plus, urlencode, urlsplit, urlunsplit

from bench_pipeline.providers.registry import adapter_module, load_providers
from benchmarks.redaction_planted import documents, families, parts, pdfs
from benchmarks.redaction_planted.families import Material, Plant

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "web-search"
WIRE = Path(__file__).resolve().parent / "wire"
URL_KEY_FIELD = "url_index"  # where a URL-as-key position puts its object; no provider field is named so
_MARKDOWN_FIELDS = {"markdown", "raw_content", "text", "content", "answer", "summary", "context"}
_DATE_FIELDS = {"published_date", "publisheddate", "page_age", "age", "date", "publishedtime", "article:published_time",
                "captured_at"}
_CONTACT_FIELDS = {"correo": "role_mailbox", "email": "role_mailbox", "teléfono": "company_line",
                   "telefono": "company_line", "phone": "company_line"}
# The wire format each slug speaks (tavily-advanced speaks tavily's).
_ADAPTER = {slug: p.adapter for slug, p in load_providers(ROOT / "providers.yaml").providers.items()}
_SAMPLE_KEY = "K"


def _auth(wire: str) -> tuple[str, str | None]:
    """Where a wire format's key travels, as its adapter says: (header name, value prefix), or (query parameter,
    None) for a key in the URL (SerpAPI's `api_key`)."""
    adapter = adapter_module(wire)
    if hasattr(adapter, "auth_params"):
        (name,) = adapter.auth_params(_SAMPLE_KEY)
        return name, None
    ((name, value),) = adapter.auth_headers(_SAMPLE_KEY).items()
    return name, value.removesuffix(_SAMPLE_KEY)


def _key(wire: str, rng: random.Random) -> str:
    """The provider's own key format when the families know it, else an opaque token."""
    known = families.KEY_FORMATS.get(wire)
    return known(rng) if known else parts.token(rng, parts.ALNUM + "-_", 40)


@dataclass
class Case:
    name: str  # the template's path, as redaction errors name it
    kind: str  # text, url, url-key, contact, request-url, auth-header, free-header, link-header, gzip, html-…, pdf
    position: str
    exchange: dict
    plants: list[Plant]
    artifact: tuple[str, bytes] | None = None  # (path under `_shared/`, bytes) that `bench redact` reads beside it
    pdf: bool = False


def templates() -> Iterator[tuple[str, dict]]:
    for path in sorted(FIXTURES.glob("*/*/*.json")):
        if path.parts[-3] != "_shared":
            yield str(path.relative_to(FIXTURES)), json.loads(path.read_text(encoding="utf-8"))
    for path in sorted(WIRE.glob("*.json")):
        yield f"wire/{path.name}", json.loads(path.read_text(encoding="utf-8"))


def _leaves(value, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    elif isinstance(value, str):
        yield path, value


def _shape(path: tuple) -> str:
    return "".join("[]" if isinstance(step, int) else f".{step}" for step in path).lstrip(".")


def _set(root, path: tuple, value) -> None:
    for step in path[:-1]:
        root = root[step]
    root[path[-1]] = value


def _is_url(text: str) -> bool:
    return text.startswith(("http://", "https://"))


def _render(rng: random.Random, m: Material, renderer: str) -> str:
    return documents.RENDERERS[renderer](m, rng.choice(documents.CONFIG_STYLES))


def _field_renderer(path: tuple) -> str:
    key = str(path[-1]).lower()
    return "html" if key in ("html", "rawhtml") else "markdown" if key in _MARKDOWN_FIELDS else "plain"


class _Planter:
    """Builds the cases of one template; `seen` folds positions already planted for this provider and operation."""

    def __init__(self, rng: random.Random, name: str, template: dict, seen: set):
        self.rng, self.name, self.template, self.seen = rng, name, template, seen
        self.key = (template["provider"], template["operation"])

    def _new(self, kind: str, shape: str) -> bool:
        marker = (*self.key, kind, shape)
        if marker in self.seen:
            return False
        self.seen.add(marker)
        return True

    def _case(self, kind: str, position: str, exchange: dict, plants: list[Plant], **extra) -> Case:
        plants = [*plants, *_recorded(self.template, exchange)]
        return Case(self.name, kind, f"{self.key[0]}/{self.key[1]} {position}", exchange, plants, **extra)

    def cases(self) -> Iterator[Case]:
        template = self.template
        for part in ("request", "response"):
            message = template.get(part) or {}
            if isinstance(message.get("body"), (dict, list)):
                for path, value in _leaves(message["body"]):
                    yield from self._leaf(part, path, value)
        if isinstance((template.get("response") or {}).get("body"), dict):
            if self._new("url-key", "response.body"):
                yield self._url_key()
            if template["operation"] == "search" and self._new("gzip", "response.body_b64"):
                yield self._gzip()
        yield from self._request_url()
        yield from self._headers()
        yield from self._bodies()

    def _leaf(self, part: str, path: tuple, value: str) -> Iterator[Case]:
        shape = f"{part}.body.{_shape(path)}"
        if _is_url(value):
            if self._new("url", shape):
                url, m = families.url_material(self.rng, value)
                exchange = copy.deepcopy(self.template)
                _set(exchange[part]["body"], path, url)
                yield self._case("url", f"{shape} (URL)", exchange, m.plants)
            return
        family = _CONTACT_FIELDS.get(str(path[-1]).lower())
        if family and self._new("contact", shape):
            company = self._company()
            if family == "role_mailbox":
                written = f"{self.rng.choice(parts.ROLES)}@{company.domain}"
            else:
                local = parts.phone_like(self.rng, company.area)[len(company.area):]
                written = f"{company.area} {local[:-4]} {local[-4:]}"
            needle = written
            if family == "company_line":  # a bare number in a phone field may be a person's: the label says whose
                written = f"Conmutador: {written}"
            exchange = copy.deepcopy(self.template)
            _set(exchange[part]["body"], path, written)
            yield self._case("contact", f"{shape} (contact field)", exchange, [Plant(family, (needle,))])
        if self._new("text", shape):
            m = families.material(self.rng)
            renderer = _field_renderer(path)
            exchange = copy.deepcopy(self.template)
            _set(exchange[part]["body"], path, f"{value}\n\n{_render(self.rng, m, renderer)}")
            yield self._case("text", f"{shape} ({renderer})", exchange, m.plants)

    def _company(self) -> parts.Company:
        """The company the template is about (its domain appears in it), so a contact field is on its own domain."""
        text = json.dumps(self.template, ensure_ascii=False)
        return next((c for c in parts.COMPANIES if c.domain in text), None) or self.rng.choice(parts.COMPANIES)

    def _url_key(self) -> Case:
        """A result URL used as a JSON key, beside the same URL as a value."""
        base = next((v for _, v in _leaves(self.template["response"]["body"]) if _is_url(v)),
                    "https://www.textilesmayab.com.mx/contacto")
        url, m = families.url_material(self.rng, base)
        exchange = copy.deepcopy(self.template)
        exchange["response"]["body"][URL_KEY_FIELD] = {url: {"url": url, "title": "Ficha de contacto"}}
        plants = [*m.plants, Plant("url_key_twin", (), exchange_only=True)]
        return self._case("url-key", f"response.body.{URL_KEY_FIELD}.<URL key>", exchange, plants)

    def _gzip(self) -> Case:
        exchange = copy.deepcopy(self.template)
        body = exchange["response"]["body"]
        path, value = next((p, v) for p, v in _leaves(body) if not _is_url(v))
        m = families.material(self.rng)
        _set(body, path, f"{value}\n\n{_render(self.rng, m, 'plain')}")
        payload = gzip.compress(json.dumps(body, ensure_ascii=False).encode("utf-8"), mtime=0)
        exchange["response"]["body"] = None
        exchange["response"]["body_b64"] = base64.b64encode(payload).decode()
        exchange["response"]["headers"] = {**exchange["response"].get("headers", {}), "content-encoding": "gzip"}
        return self._case("gzip", f"response.body_b64 (gzip JSON, {_shape(path)})", exchange, m.plants)

    def _request_url(self) -> Iterator[Case]:
        if not self._new("request-url", "request.url"):
            return
        m = Material()
        name = parts.person(self.rng)
        written, national = families.mx_mobile(self.rng)
        email = families.personal_email(self.rng, name, self.rng.choice(parts.COMPANIES))
        m.add("mx_mobile", national, digits=True)
        m.add("personal_email", email)
        secret_name, secret = families.secret_query(self.rng)
        m.add("url_credentials", secret)
        exchange = copy.deepcopy(self.template)
        split = urlsplit(exchange["request"]["url"])
        query = parse_qsl(split.query, keep_blank_values=True)
        said = f"{name} {written} {email}"  # what a user typed into the search, or a contact parameter
        if any(k in ("q", "query") for k, _ in query):
            query = [(k, f"{v} {said}" if k in ("q", "query") else v) for k, v in query]
        else:
            query.append(("contacto", said))
        query.append((secret_name, secret))
        exchange["request"]["url"] = urlunsplit((split.scheme, split.netloc, split.path,
                                                 urlencode(query, quote_via=quote_plus), ""))
        m.add("url_host_path", f"{split.scheme}://{split.netloc}{split.path}")
        yield self._case("request-url", "request.url (query)", exchange, m.plants)

    def _headers(self) -> Iterator[Case]:
        provider = self.key[0]
        if self._new("auth-header", "request.headers"):
            exchange = copy.deepcopy(self.template)
            headers = exchange["request"].setdefault("headers", {})
            m = Material()
            where = "request.headers (auth)"
            if self.key[1] == "fetch":  # our own fetcher sends none; a page behind a bearer token would
                value = parts.token(self.rng, parts.ALNUM + "-_", 40)
                headers["authorization"] = f"Bearer {value}"
                m.add("bearer_token", value)
            else:
                wire = _ADAPTER.get(provider, provider)
                header, prefix = _auth(wire)
                value = _key(wire, self.rng)
                if prefix is None:  # the key is a query parameter of the request URL
                    split = urlsplit(exchange["request"]["url"])
                    query = [(k, v) for k, v in parse_qsl(split.query, keep_blank_values=True) if k != header]
                    exchange["request"]["url"] = urlunsplit((split.scheme, split.netloc, split.path, urlencode(
                        [*query, (header, value)], quote_via=quote_plus), ""))
                    m.add("url_host_path", f"{split.scheme}://{split.netloc}{split.path}")
                    where = "request.url (auth: api_key)"
                else:
                    for existing in [k for k in headers if k.lower() == header.lower()]:
                        del headers[existing]
                    headers[header] = prefix + value
                m.add("search_provider_key", value)
            yield self._case("auth-header", where, exchange, m.plants)
        if self._new("free-header", "request.headers.x-end-user"):
            m = families.material(self.rng)
            exchange = copy.deepcopy(self.template)
            exchange["request"].setdefault("headers", {})["x-end-user"] = _render(self.rng, m, "one_line")
            yield self._case("free-header", "request.headers.x-end-user (one line)", exchange, m.plants)
        if self.template.get("response") and self._new("link-header", "response.headers.link"):
            url, m = families.url_material(self.rng, "https://www.textilesmayab.com.mx/contacto")
            exchange = copy.deepcopy(self.template)
            exchange["response"].setdefault("headers", {})["link"] = f'<{url}>; rel="canonical"'
            yield self._case("link-header", "response.headers.link (URL)", exchange, m.plants)

    def _bodies(self) -> Iterator[Case]:
        response = self.template.get("response") or {}
        content_type = (response.get("headers") or {}).get("content-type", "")
        artifact = self.template.get("artifact")
        if self.key[1] == "fetch" and "pdf" in content_type and artifact and self._new("pdf", "response.body_b64"):
            yield self._pdf(artifact)
        elif response.get("body_text") is not None and "html" in content_type:
            kind = "html-page" if self.key[1] == "fetch" and artifact else "html-error"
            if self._new(kind, "response.body_text"):
                yield self._html(response["body_text"], artifact if kind == "html-page" else None)

    def _html(self, page: str, artifact: str | None) -> Case:
        m = families.material(self.rng)
        block = _render(self.rng, m, "html")
        planted = page.replace("</body>", block + "</body>", 1) if "</body>" in page else page + block
        exchange = copy.deepcopy(self.template)
        exchange["response"]["body_text"] = planted
        if artifact is None:
            return self._case("html-error", "response.body_text (HTML)", exchange, m.plants)
        return self._case("html-page", f"response.body_text (HTML page) and {artifact}", exchange, m.plants,
                          artifact=(artifact, planted.encode("utf-8")))

    def _pdf(self, artifact: str) -> Case:
        m = families.material(self.rng)
        author = parts.person(self.rng)
        author_mail = families.personal_email(self.rng, author, self.rng.choice(parts.COMPANIES))
        phone, national = families.mx_mobile(self.rng)
        m.add("personal_email", author_mail)
        m.add("mx_mobile", national, digits=True)
        secret = families.KEY_FORMATS[self.rng.choice(sorted(families.KEY_FORMATS))](self.rng)
        m.add("search_provider_key", secret)
        info = {"author": f"{author} <{author_mail}>", "title": "Informe de proveedores 2026",
                "subject": f"Contacto: {phone}", "keywords": f"proveedores, {secret}", "creator": "Planta Celaya"}
        data = pdfs.build(documents.pdf_lines(m, self.rng.choice(documents.CONFIG_STYLES)), info)
        exchange = copy.deepcopy(self.template)
        exchange["response"]["body_b64"] = base64.b64encode(data).decode()
        return self._case("pdf", f"response.body_b64 (PDF text layer and information) and {artifact}", exchange,
                          m.plants, artifact=(artifact, data), pdf=True)


def _recorded(template: dict, exchange: dict) -> list[Plant]:
    """What the provider sent beside the plant, left as recorded: each URL's scheme, host and path, and each
    date field, must come through byte for byte."""
    before = dict(_leaves(template))
    plants, seen = [], set()
    for path, value in _leaves(exchange):
        if before.get(path) != value:
            continue
        if _is_url(value):
            split = urlsplit(value)
            needle, family = f"{split.scheme}://{split.netloc}{split.path}", "recorded_url"
        elif str(path[-1]).lower() in _DATE_FIELDS:
            needle, family = value, "recorded_date"
        else:
            continue
        if needle not in seen:
            seen.add(needle)
            plants.append(Plant(family, (needle,), exchange_only=True))
    return plants


def cases(seed: int) -> Iterator[Case]:
    rng = random.Random(seed)
    seen: set = set()
    for name, template in templates():
        yield from _Planter(rng, name, template, seen).cases()
