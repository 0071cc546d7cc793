"""URLs are redacted by part: what must go goes from userinfo, query, path or fragment, read
percent- and base64-decoded; scheme, host and the rest of the path stay byte for byte. Every
person and address here is invented; keys are built at run time."""

from __future__ import annotations

import base64
from urllib.parse import quote, urlsplit

import pytest

from bench_pipeline.redaction.structure import redact_json, redact_text, redact_url
from tests import fake_secrets

EMAIL = "lucia.ibarra" + "@" + "outlook.com"
CURP = "BOXW310820HNERXN09"  # python-stdnum's documented valid example, not a real person's


def _b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# (case, url, what must not survive, the host and path that must stay)
MUST_GO = [
    ("userinfo password", f"https://deploy:{fake_secrets.opaque()}@git.acme.mx/repo.git", None, "/repo.git"),
    ("userinfo token", f"https://{fake_secrets.opaque()}@github.com/acme/app", None, "/acme/app"),
    ("database URL password", f"postgres://app:{fake_secrets.opaque()}@db.acme.mx:5432/ventas", None,
     "/ventas"),
    ("key format under a plain name", f"https://api.acme.mx/v1/search?q=acero&x={fake_secrets.tavily()}", "tvly-", "/v1/search"),
    ("credential name", f"https://serpapi.com/search.json?q=acero&api_key={fake_secrets.opaque()}", None, "/search.json"),
    ("e-mail percent-encoded", f"https://acme.mx/r?to={quote(EMAIL, safe='')}&utm=x", "lucia.ibarra", "/r"),
    ("e-mail percent-encoded twice", f"https://acme.mx/r?to={quote(quote(EMAIL, safe=''), safe='')}", "lucia.ibarra", "/r"),
    ("e-mail base64url", f"https://t.acme.mx/c/open?u={_b64url(EMAIL)}", _b64url(EMAIL), "/c/open"),
    ("e-mail base64", f"https://t.acme.mx/c/open?u={quote(_b64(EMAIL), safe='')}", quote(_b64(EMAIL), safe=""), "/c/open"),
    ("e-mail in a path segment", f"https://perfiles.mx/u/{EMAIL}/fotos", "lucia.ibarra", "/u/"),
    ("e-mail base64url in a path segment", f"https://t.acme.mx/unsubscribe/{_b64url(EMAIL)}/ok", _b64url(EMAIL),
     "/unsubscribe/"),
    ("CURP in a query", f"https://tramites.mx/consulta?curp={CURP.lower()}", CURP.lower(), "/consulta"),
    ("CURP in a path", f"https://tramites.mx/consulta/{CURP}", CURP, "/consulta/"),
    ("WhatsApp link path", "https://wa.me/5215538901274?text=Hola", "5538901274", None),
    ("WhatsApp phone parameter", "https://api.whatsapp.com/send?phone=5218181239941&text=Hola", "8181239941", "/send"),
    ("phone parameter", "https://anuncios.mx/contacto?telefono=3336152290", "3336152290", "/contacto"),
    ("phone in an ad's slug", "https://anuncios.mx/autos/tsuru-2015-tel-614-228-7745-7790125", "614-228-7745",
     "/autos/tsuru-2015-tel-"),
    ("redirect to a URL with an e-mail", f"https://www.google.com/url?q=https://acme.mx/c?m%3D{quote(EMAIL, safe='')}&sa=U",
     "lucia.ibarra", "/url"),
    ("token in the fragment", f"https://app.acme.mx/callback#access_token={fake_secrets.jwt()}&state=x", "eyJ", "/callback"),
]


@pytest.mark.parametrize("case, url, gone, kept_path", MUST_GO, ids=[row[0] for row in MUST_GO])
def test_what_must_go_goes_and_host_and_path_stay(case, url, gone, kept_path):
    found: list = []
    out = redact_url(url, "$.url", found)
    assert found, case
    assert urlsplit(out).hostname == urlsplit(url).hostname
    assert out.split("://")[0] == url.split("://")[0]
    for secret in (urlsplit(url).username, urlsplit(url).password, gone):
        if secret:
            assert secret not in out, (case, out)
    if kept_path:
        assert kept_path in urlsplit(out).path


# (case, url): nothing in them is a secret or a person's; each comes through byte for byte.
MUST_STAY = [
    ("article id in a path", "https://www.eluniversal.com.mx/nacion/articulo/5512345678"),
    ("product id in a path", "https://www.liverpool.com.mx/tienda/pdp/pantalla-55-4k/1139824471"),
    ("id parameter", "https://www.imss.gob.mx/tramites?id=8112345678&tipo=2"),
    ("role mailbox percent-encoded", f"https://acme.mx/contacto?to={quote('ventas@acme.com.mx', safe='')}"),
    ("base64 of plain words", f"https://acme.mx/c?state={_b64url('pagina principal de contacto')}"),
    ("random id that decodes to bytes", "https://www.google.com/url?ved=2ahUKEwia13d318be3b881cc277c&sa=t"),
    ("DOF note", "https://dof.gob.mx/nota_detalle.php?codigo=5712345&fecha=15/03/2024"),
    ("hex request id", "https://api.exa.ai/contents?requestId=b4e81a801aca7b68b58a8c150ae8f71e"),
    ("dates and SKU in a slug", "https://acme.mx/2024/05/12/refrigerador-sku-1000482913"),
    ("userinfo already redacted", "https://redacted@git.acme.mx/repo.git"),
]


@pytest.mark.parametrize("case, url", MUST_STAY, ids=[row[0] for row in MUST_STAY])
def test_a_url_with_nothing_to_remove_is_kept_byte_for_byte(case, url):
    found: list = []
    assert redact_url(url, "$.url", found) == url
    assert found == []


def test_urls_in_prose_are_redacted_by_part_and_the_prose_around_them_is_judged():
    text = (f"Ver https://acme.mx/p/8112345678?ref={quote(EMAIL, safe='')}. "
            "Nota: https://www.eluniversal.com.mx/nacion/articulo/5512345678, ok.")
    out = redact_text(text, "$", [])
    assert "lucia.ibarra" not in out
    assert "https://acme.mx/p/8112345678?ref=" in out and "https://www.eluniversal.com.mx/nacion/articulo/5512345678, ok." in out


def test_a_number_the_document_gives_as_a_phone_goes_from_its_urls_too():
    body = {"title": "Notaría 9, Lic. Octavio Reyna, cel. 664 207 3318",
            "url": "https://www.directorio.mx/tijuana/tramites-lic-octavio-reyna-6642073318-55102",
            "related": "https://www.directorio.mx/tijuana/tramites-notaria-2-6640001122-55103"}
    out = redact_json(body, "$", [])
    assert "6642073318" not in out["url"] and out["url"].startswith("https://www.directorio.mx/tijuana/tramites-lic-octavio")
    assert out["related"] == body["related"]  # a number nobody calls a phone stays an id


def test_a_url_used_as_a_key_is_redacted_as_its_twin_value():
    url = f"https://acme.mx/r?to={quote(EMAIL, safe='')}&id=5512345678"
    out = redact_json({"links": {url: "Escríbeme"}, "sources": [url]}, "$", [])
    assert list(out["links"]) == out["sources"]
    assert "lucia.ibarra" not in out["sources"][0] and "id=5512345678" in out["sources"][0]


def test_redacting_a_redacted_url_changes_nothing():
    for _, url, _, _ in MUST_GO:
        once = redact_url(url, "$", [])
        found: list = []
        assert redact_url(once, "$", found) == once and found == [], once


def test_a_chat_webhook_loses_its_token_and_keeps_its_host():
    token = "Cfskgy" + "NeQx7Pz2mLk9RtWv3A"
    text = f"ALERTS_WEBHOOK_URL=https://hooks.slack.com/services/T3PN8HNQ4SQ/B0KU3EB9F6F/{token}"
    out = redact_text(text, "$", [])
    assert token not in out and "https://hooks.slack.com/services/" in out


def test_a_credential_parameter_after_an_html_ampersand_goes():
    secret = "KUd7BV" + "E0Qx7Pz2mLk9RtWv3A"
    out = redact_text(f'<a href="https://x.example/f?u=1&amp;auth={secret}">', "$", [])
    assert secret not in out and "https://x.example/f?u=1&amp;auth=" in out
