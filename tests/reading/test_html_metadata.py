"""`title_and_date` stays equal to the title and date of trafilatura's full `extract_metadata`."""

import gzip

import pytest
from trafilatura.metadata import extract_metadata
from trafilatura.utils import load_html

from bench_pipeline.reading.decode import decode_html
from bench_pipeline.reading.html import _NO_DATE_GUESSING
from bench_pipeline.reading.html_metadata import title_and_date
from tests.realdata import require_realdata
from tests.recorded import CORPUS

META_PAGE = (
    "<html><head><title>Sitio | Inicio</title>"
    '<meta property="og:title" content="Aceros &amp;amp; Minas abre planta">'
    '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-03-15T10:00:00-06:00"}'
    "</script></head>"
    "<body><article><h1>Otra cosa</h1><p>Texto de la nota sobre la planta nueva en Apodaca.</p></article></body></html>"
)


def _assert_same_as_trafilatura(source: str) -> tuple[str | None, str | None]:
    tree = load_html(source)
    full = extract_metadata(tree, None, _NO_DATE_GUESSING)
    found = title_and_date(tree, _NO_DATE_GUESSING)
    assert found == (full.title, full.date)
    return found


def test_meta_title_and_json_ld_date_win_over_the_page():
    assert _assert_same_as_trafilatura(META_PAGE) == ("Aceros & Minas abre planta", "2024-03-15")


def test_corpus_pages_match_trafilatura():
    pages = sorted((CORPUS / "_shared" / "html").glob("*.html"))
    assert pages
    for page in pages:
        _assert_same_as_trafilatura(decode_html(page.read_bytes()))


@pytest.mark.realdata
def test_real_pages_match_trafilatura():
    trafilatura = require_realdata("trafilatura", "files", "tests", "eval")
    fundus = require_realdata("fundus", "files", "tests", "resources", "parser", "test_data")
    pages = [path.read_bytes() for path in sorted(trafilatura.glob("*.html"))]
    pages += [gzip.decompress(path.read_bytes()) for path in sorted(fundus.glob("*/*.html.gz"))]
    titled = dated = 0
    for page in pages:
        title, found_date = _assert_same_as_trafilatura(decode_html(page))
        titled += title is not None
        dated += found_date is not None
    assert titled > len(pages) // 2 and dated > len(pages) // 4  # the comparison is not all None == None
