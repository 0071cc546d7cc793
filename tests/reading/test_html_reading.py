from datetime import date

import lxml.html
import pytest

from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.decode import parse_html
from bench_pipeline.reading.html import _extraction_input
from bench_pipeline.reading.source import HtmlSource
from bench_pipeline.reading.html import read_html

PARAGRAPHS = "".join(
    f"<p>Párrafo {n} de la nota: la empresa Aceros del Norte invirtió en su planta de Apodaca y contrató "
    f"a {100 + n} personas durante el trimestre, según su comunicado.</p>"
    for n in range(6)
)


def _article(head: str = "", before: str = "") -> bytes:
    return (
        f"<html><head><title>Aceros del Norte amplía planta</title>{head}</head><body>"
        "<nav><a href='/'>Inicio</a></nav><article><h1>Aceros del Norte amplía planta</h1>"
        f"{before}{PARAGRAPHS}<p>Monto: 1,200&nbsp;millones de pesos<br>Empleos: 300</p></article>"
        "<footer>© 2024 Diario Ejemplo</footer></body></html>"
    ).encode()


def test_every_block_gets_a_span_that_reapplies_to_its_text():
    page = _article()
    reading = read_html(page)
    assert len(reading.blocks) >= 7
    assert all(block.span for block in reading.blocks)
    for block in reading.blocks:
        assert apply_span(block.span, page, "html") == block.text
    assert "Monto: 1,200 millones de pesos Empleos: 300" in reading.text


def test_heading_span_points_at_the_body_not_the_title():
    page = _article()
    heading = read_html(page).blocks[0]
    start = int(heading.span.split(":")[1].split("-")[0])
    assert start > page.decode().index("<body>")


def test_copyright_year_is_not_a_publication_date():
    assert read_html(_article()).published_at is None


def test_spanish_prose_date_is_read():
    page = _article(before="<p class='fecha'>Publicado el lunes 7 de julio de 2023</p>")
    assert read_html(page).published_at == date(2023, 7, 7)


def test_metadata_date_wins():
    page = _article(head='<meta property="article:published_time" content="2024-03-15T10:00:00-06:00">')
    assert read_html(page).published_at == date(2024, 3, 15)


def test_javascript_shell_needs_rendering_unless_the_provider_renders():
    shell = (
        b"<html><head><title>App</title><script src='/main.js'></script></head><body>"
        b"<noscript>Necesitas habilitar JavaScript para usar esta app.</noscript><div id='root'></div></body></html>"
    )
    assert read_html(shell).needs_rendering is True
    assert read_html(shell, renders_javascript=True).needs_rendering is False
    assert read_html(_article()).needs_rendering is False


def test_comments_are_kept_apart_and_no_longer_cut_the_text():
    root, comments = parse_html("<html><body><p>ig<!-- x -->nore</p><!--[if IE]><p>old</p><![endif]-->"
                                "<p>fin</p></body></html>")
    assert comments == [" x ", "[if IE]><p>old</p><![endif]"]
    assert root.xpath("//comment()") == []
    assert [p.text for p in root.iter("p")] == ["ignore", "fin"]


@pytest.mark.parametrize("data", [
    _article(before="<p>Tabla\x0bcon tabulador vertical</p>"),
    _article(before="<p>Marca \ufffe suelta</p>"),
    _article(before="<p>Año\x1f</p>").decode().encode("cp1252"),  # not UTF-8: read as cp1252
])
def test_a_page_with_characters_trafilaturas_loader_deletes_is_handed_to_it_as_text(data):
    source = HtmlSource(data)
    assert isinstance(_extraction_input(source), str)
    assert isinstance(_extraction_input(HtmlSource(_article())), lxml.html.HtmlElement)
