import pytest

from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.pdf import FormatTablesOcrError
from bench_pipeline.reading.spans import SpanError, parse_artifact_span
from bench_pipeline.reading.textmap import visible_text
from tests.pdfs import scanned_pdf, text_pdf

PAGE = (
    "<html><head><title>Acme SA</title><style>p{color:red}</style></head><body>"
    "<h1>Acme S.A. de C.V.</h1><p id='about'>Fundada en <b>1998</b> en Monterrey &amp; Saltillo.</p>"
    "<!-- a comment --><script>var x = '<p>not text</p>';</script>"
    "<table><tr><td>Planta</td><td>Apodaca,&nbsp;N.L.</td></tr></table></body></html>"
)


def _span_of(source: str, text: str) -> str:
    start = source.index(text)
    return f"offset:{start}-{start + len(text)}"


def test_offset_slice_without_markup_returns_itself():
    assert apply_span(_span_of(PAGE, "Acme S.A. de C.V."), PAGE.encode(), "html") == "Acme S.A. de C.V."


def test_offset_slice_drops_tags_unescapes_and_collapses():
    span = _span_of(PAGE, "Fundada en <b>1998</b> en Monterrey &amp; Saltillo.")
    assert apply_span(span, PAGE.encode(), "html") == "Fundada en 1998 en Monterrey & Saltillo."


def test_block_tags_count_as_space_comments_and_scripts_as_nothing():
    text = visible_text(PAGE).text
    assert text == "Acme S.A. de C.V. Fundada en 1998 en Monterrey & Saltillo. Planta Apodaca, N.L."
    assert "not text" not in text and "Acme SA" not in text


def test_visible_characters_map_back_to_their_source():
    mapped = visible_text(PAGE)
    begin = mapped.text.index("Monterrey & Saltillo")
    start, end = mapped.source_range(begin, begin + len("Monterrey & Saltillo"))
    assert PAGE[start:end] == "Monterrey &amp; Saltillo"


def test_selector_returns_first_match_text():
    assert apply_span("selector:p#about", PAGE.encode(), "html") == "Fundada en 1998 en Monterrey & Saltillo."
    assert apply_span("selector:td", PAGE.encode(), "html") == "Planta"


def test_selector_without_match_or_invalid_is_a_span_error():
    with pytest.raises(SpanError, match="no element matches"):
        apply_span("selector:div.missing", PAGE.encode(), "html")
    with pytest.raises(SpanError, match="invalid CSS selector"):
        apply_span("selector:p[", PAGE.encode(), "html")


def test_offset_past_the_end_is_a_span_error():
    with pytest.raises(SpanError, match="past the end"):
        apply_span(f"offset:0-{len(PAGE) + 1}", PAGE.encode(), "html")


@pytest.mark.parametrize("bad", ["", "offset:5-3", "offset:1", "chars:1-2", "page:0", "selector: ", "page:2#offset:4-4", "xpath://p"])
def test_parse_rejects_anything_but_the_three_forms(bad):
    with pytest.raises(SpanError):
        parse_artifact_span(bad)


def test_page_spans_on_html_and_selector_on_pdf_are_rejected():
    with pytest.raises(SpanError, match="PDF"):
        apply_span("page:1", PAGE.encode(), "html")
    with pytest.raises(SpanError, match="page:N"):
        apply_span("selector:p", text_pdf([["Hola"]]), "pdf")


def test_pdf_page_and_offset_inside_the_page():
    pdf = text_pdf([["Informe anual 2024"], ["Ventas netas: 1,234 millones de pesos"]])
    page = apply_span("page:2", pdf, "pdf")
    assert "Ventas netas: 1,234 millones de pesos" in page
    start = page.index("1,234")
    assert apply_span(f"page:2#offset:{start}-{start + 5}", pdf, "pdf") == "1,234"
    with pytest.raises(SpanError, match="has 2 pages"):
        apply_span("page:3", pdf, "pdf")


def test_a_scanned_page_span_fails_as_format_tables_ocr():
    with pytest.raises(FormatTablesOcrError, match="format_tables_ocr"):
        apply_span("page:1", scanned_pdf(), "pdf")


def test_text_artifacts_take_offsets():
    assert apply_span("offset:5-10", "Hola mundo".encode(), "text") == "mundo"


def test_decoding_rule_bom_then_utf8_then_declared_then_cp1252():
    declared_latin1_sent_utf8 = '<meta charset="iso-8859-1"><p>Pública</p>'.encode("utf-8")
    assert "Pública" in decode_html(declared_latin1_sent_utf8)
    latin1 = '<meta charset="iso-8859-1"><p>Pública</p>'.encode("latin-1")
    assert "Pública" in decode_html(latin1)
    undeclared_cp1252 = "<p>“Comillas” Pública</p>".encode("cp1252")
    assert "“Comillas” Pública" in decode_html(undeclared_cp1252)
    assert decode_html(b"\xef\xbb\xbf<p>x</p>") == "<p>x</p>"
