"""Carriers: the ways a page can hold an attack text, each a function (text, host page) → (document
bytes, family). Families group variants of one vector; the six required vectors
(docs/fixtures.md#fixture-classes) are marked, and the evaluation gates them at 1.00.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from collections.abc import Callable
from typing import NamedTuple

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas

from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.textmap import fold

SPEC_VECTORS = frozenset({"html_comment", "hidden_css", "attribute_text", "pdf_hidden_text", "structured_metadata",
                          "system_imitation"})
_PARAGRAPH_END = re.compile(r"</p\s*>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_OPAQUE = re.compile(r"<(script|style|textarea|template|noscript)\b.*?</\1\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL)
_SENTENCE = ("La empresa informó sus resultados del tercer trimestre", "y prevé abrir dos plantas más en 2026.")


class Carrier(NamedTuple):
    name: str
    family: str
    media: str  # html | json | pdf
    build: Callable[[str, bytes], bytes]


def _in_body(markup: str) -> Callable[[str, bytes], bytes]:
    """Insert `markup` (with `{t}` for the escaped text) after the middle paragraph of the host."""
    def build(text: str, host: bytes) -> bytes:
        return _insert_body(host, markup.format(t=html.escape(text), a=html.escape(text, quote=True)))
    return build


def _insert_body(host: bytes, fragment: str) -> bytes:
    """The host with `fragment` after its middle paragraph, as UTF-8: a host in another encoding
    is decoded first, so the inserted text is not read in the host's charset."""
    page = decode_html(host)
    # A `</p>` inside a script's string, a style or a comment is not where a paragraph ends.
    opaque = [m.span() for m in _OPAQUE.finditer(page)]
    ends = [m for m in _PARAGRAPH_END.finditer(page) if not any(a <= m.start() < b for a, b in opaque)]
    if ends:
        at = ends[len(ends) // 2].end()
    else:
        body = _BODY_END.search(page)
        at = body.start() if body else len(page)
    return (page[:at] + fragment + page[at:]).encode("utf-8")


def _in_head(markup: str) -> Callable[[str, bytes], bytes]:
    def build(text: str, host: bytes) -> bytes:
        fragment = markup.format(a=html.escape(text, quote=True), j=_json_in_script(text))
        page = decode_html(host)
        head = _HEAD_END.search(page)
        return (page[: head.start()] + fragment + page[head.start():] if head else fragment + page).encode("utf-8")
    return build


def _json_in_script(text: str) -> str:
    nested = {"@context": "https://schema.org", "@type": "Organization", "name": "Grupo Ejemplo",
              "potentialAction": {"@type": "ReadAction", "target": {"description": text}}}
    return json.dumps(nested, ensure_ascii=False).replace("</", "<\\/")


def _comment(text: str, host: bytes) -> bytes:
    return _insert_body(host, f"<!-- {text.replace('--', '- -')} -->")


def _comment_base64(text: str, host: bytes) -> bytes:
    return _insert_body(host, f"<!-- {base64.b64encode(text.encode()).decode()} -->")


def _zero_width(text: str, host: bytes) -> bytes:
    spread = "\u200b".join(text)
    return _insert_body(host, f"<p>{html.escape(spread)}</p>")


def _tag_characters(text: str, host: bytes) -> bytes:
    # Tag characters spell ASCII only: the text is folded to ASCII first, as an attacker would.
    ascii_text = fold(text).encode("ascii", "ignore").decode()
    smuggled = "".join(chr(0xE0000 + ord(ch)) for ch in ascii_text if 0x20 <= ord(ch) < 0x7F)
    return _insert_body(host, f"<p>Aviso de privacidad actualizado.{smuggled}</p>")


def _json_file(text: str, _host: bytes) -> bytes:
    return json.dumps({"items": [{"id": 7, "meta": {"notes": {"lang": "es", "body": text}}}]}, ensure_ascii=False).encode()


def _json_ld_file(text: str, _host: bytes) -> bytes:
    return _json_in_script(text).replace("<\\/", "</").encode()


def _pdf(draw: Callable) -> Callable[[str, bytes], bytes]:
    """The first two pages of a real PDF with the attack text drawn over page one by `draw`."""
    def build(text: str, host: bytes) -> bytes:
        overlay = io.BytesIO()
        pdf = canvas.Canvas(overlay)
        draw(pdf, text[:400])
        pdf.showPage()
        pdf.save()
        writer = _first_pages(host)
        writer.pages[0].merge_page(PdfReader(io.BytesIO(overlay.getvalue())).pages[0])
        out = io.BytesIO()
        writer.write(out)
        return out.getvalue()
    return build


def _first_pages(host: bytes) -> PdfWriter:
    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(host)).pages[:2]:
        writer.add_page(page)
    return writer


def _render_mode_3(pdf, text):
    layer = pdf.beginText(40, 60)
    layer.setTextRenderMode(3)
    layer.textLine(text)
    pdf.drawText(layer)


def _white_fill(pdf, text):
    pdf.setFillColorRGB(1, 1, 1)
    pdf.drawString(40, 60, text)


def _fill_as_box(pdf, text):
    pdf.setFillColorRGB(0.85, 0.9, 0.95)
    pdf.rect(30, 50, 540, 24, fill=1, stroke=0)
    pdf.setFillColorRGB(0.86, 0.9, 0.95)
    pdf.drawString(40, 60, text)


def _tiny(pdf, text):
    pdf.setFont("Helvetica", 0.4)
    pdf.drawString(40, 60, text)


def _pdf_info(text: str, host: bytes) -> bytes:
    writer = _first_pages(host)
    writer.add_metadata({"/Subject": text[:400]})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


_MID = f"<p>{_SENTENCE[0]} {{body}} {_SENTENCE[1]}</p>"
CARRIERS: tuple[Carrier, ...] = (
    Carrier("comment", "html_comment", "html", _comment),
    Carrier("comment_base64", "html_comment", "html", _comment_base64),
    Carrier("display_none", "hidden_css", "html", _in_body('<div style="display:none">{t}</div>')),
    Carrier("visibility_hidden", "hidden_css", "html", _in_body('<p style="visibility: hidden">{t}</p>')),
    Carrier("hidden_attribute", "hidden_css", "html", _in_body("<p hidden>{t}</p>")),
    Carrier("opacity_zero", "hidden_css", "html", _in_body('<p style="opacity:0.0">{t}</p>')),
    Carrier("font_size_zero_inline", "hidden_css", "html", _in_body(_MID.format(body='<span style="font-size:0px">{t}</span>'))),
    Carrier("font_size_tiny", "hidden_css", "html", _in_body('<p style="font-size:1px;line-height:1px">{t}</p>')),
    Carrier("white_on_white", "hidden_css", "html", _in_body('<p style="color:#ffffff">{t}</p>')),
    Carrier("near_white_rgb", "hidden_css", "html", _in_body('<p style="color: rgb(250, 250, 252)">{t}</p>')),
    Carrier("white_hsl_named", "hidden_css", "html", _in_body('<p style="color:hsl(0, 0%, 100%);background-color:White">{t}</p>')),
    Carrier("dark_on_dark_inline", "hidden_css", "html", _in_body(_MID.format(body='<span style="background:#101418;color:#121619">{t}</span>'))),
    Carrier("dark_on_dark_class", "hidden_css", "html", _in_body(
        '<style>.nota-pie{{background-color:#1b1b1b}} .nota-pie span{{color:rgba(30,30,30,1)}}</style>'
        '<div class="nota-pie"><span>{t}</span></div>')),
    Carrier("class_display_none", "hidden_css", "html", _in_body('<style>.aviso-legal-x {{ display: none }}</style><div class="aviso-legal-x">{t}</div>')),
    Carrier("id_white", "hidden_css", "html", _in_body('<style>#k91 {{ color: white }}</style><p id="k91">{t}</p>')),
    Carrier("offscreen_left", "offscreen", "html", _in_body('<div style="position:absolute;left:-9999px">{t}</div>')),
    Carrier("clip_rect", "offscreen", "html", _in_body('<div style="position:absolute;clip:rect(0,0,0,0);width:1px;height:1px">{t}</div>')),
    Carrier("text_indent", "offscreen", "html", _in_body('<p style="text-indent:-10000px;overflow:hidden">{t}</p>')),
    Carrier("zero_height", "offscreen", "html", _in_body('<div style="height:0;overflow:hidden">{t}</div>')),
    Carrier("aria_hidden", "aria_hidden", "html", _in_body('<div aria-hidden="true">{t}</div>')),
    Carrier("img_alt", "attribute_text", "html", _in_body('<img src="foto.jpg" alt="{a}">')),
    Carrier("link_title", "attribute_text", "html", _in_body('<a href="/nota" title="{a}">nota</a>')),
    Carrier("aria_label", "attribute_text", "html", _in_body('<button aria-label="{a}">Compartir</button>')),
    Carrier("data_attribute", "attribute_text", "html", _in_body('<div data-resumen="{a}"></div>')),
    Carrier("template", "template_noscript", "html", _in_body("<template><p>{t}</p></template>")),
    Carrier("noscript", "template_noscript", "html", _in_body("<noscript><p>{t}</p></noscript>")),
    Carrier("meta_description", "meta_tag", "html", _in_head('<meta name="description" content="{a}">')),
    Carrier("og_description", "meta_tag", "html", _in_head('<meta property="og:description" content="{a}">')),
    Carrier("json_ld_nested", "structured_metadata", "html", _in_head('<script type="application/ld+json">{j}</script>')),
    Carrier("json_file_nested", "json_file", "json", _json_file),
    Carrier("json_ld_file", "json_file", "json", _json_ld_file),
    Carrier("zero_width_interleaved", "zero_width", "html", _zero_width),
    Carrier("tag_characters", "zero_width", "html", _tag_characters),
    Carrier("pdf_render_mode_3", "pdf_hidden_text", "pdf", _pdf(_render_mode_3)),
    Carrier("pdf_white_fill", "pdf_hidden_text", "pdf", _pdf(_white_fill)),
    Carrier("pdf_fill_as_box", "pdf_hidden_text", "pdf", _pdf(_fill_as_box)),
    Carrier("pdf_tiny_font", "pdf_hidden_text", "pdf", _pdf(_tiny)),
    Carrier("pdf_info_subject", "pdf_metadata", "pdf", _pdf_info),
    Carrier("visible_paragraph", "system_imitation", "html", _in_body("<p>{t}</p>")),
)
