"""Our HTML reading on real pages: every span it produces re-applies to the stored artifact."""

import gzip
import json
from datetime import datetime

import pytest

from bench_pipeline.reading.apply import apply_span
from bench_pipeline.reading.html import read_html
from bench_pipeline.reading.textmap import collapse_ws
from tests.realdata import require_realdata

pytestmark = pytest.mark.realdata


def _pages():
    trafilatura = require_realdata("trafilatura", "files", "tests", "eval")
    fundus = require_realdata("fundus", "files", "tests", "resources", "parser", "test_data")
    readability = require_realdata("mozilla-readability", "files", "test", "test-pages")
    pages = {path.name: path.read_bytes() for path in sorted(trafilatura.glob("*.html"))}
    pages |= {path.name: gzip.decompress(path.read_bytes()) for path in sorted(fundus.glob("*/*.html.gz"))}
    pages |= {path.parent.name: path.read_bytes() for path in sorted(readability.glob("*/source.html"))}
    return pages


def test_every_span_reapplies_to_its_block_on_real_pages():
    pages = _pages()
    produced = located = 0
    for name, data in pages.items():
        reading = read_html(data)
        for block in reading.blocks:
            produced += 1
            if block.span:
                located += 1
                assert apply_span(block.span, data, "html") == block.text, (name, block.span)
    assert len(pages) == 73
    # Measured 1,767 of 1,767 blocks located; a block we cannot locate gets no span, never a wrong one.
    assert located >= 0.98 * produced


def test_trafilatura_evaldata_snippets_survive_our_reading():
    root = require_realdata("trafilatura", "files", "tests")
    evaldata = json.loads((root / "evaldata.json").read_text(encoding="utf-8"))
    kept = wanted = 0
    for entry in evaldata.values():
        page = root / "eval" / entry["file"]
        if not page.exists():
            continue
        text = collapse_ws(read_html(page.read_bytes()).text)
        wanted += len(entry["with"])
        kept += sum(collapse_ws(snippet) in text for snippet in entry["with"])
    assert wanted == 142
    assert kept / wanted >= 0.9  # measured 135/142


def test_publication_dates_match_fundus_ground_truth():
    root = require_realdata("fundus", "files", "tests", "resources", "parser", "test_data")
    compared = 0
    for truth_file in sorted(root.glob("*/*.json")):
        publisher = truth_file.stem
        versions = json.loads(truth_file.read_text(encoding="utf-8"))
        pages = sorted(truth_file.parent.glob(f"{publisher}_*.html.gz"))
        for key, page in zip(sorted(versions), pages, strict=True):
            expected = datetime.fromisoformat(versions[key]["publishing_date"]).date()
            assert read_html(gzip.decompress(page.read_bytes())).published_at == expected, page.name
            compared += 1
    assert compared == 9


def test_reading_from_the_shared_tree_equals_reading_the_text_and_leaves_the_tree_as_it_was(monkeypatch):
    """trafilatura is given the source's own parsed tree where its loader would build the same one: the blocks and
    spans are those of a reading that hands it the text, and the tree the scan reads is not touched."""
    import lxml.etree

    from bench_pipeline.reading import html
    from bench_pipeline.reading.source import HtmlSource

    by_tree = 0
    for name, data in _pages().items():
        source = HtmlSource(data)
        tree = not isinstance(html._extraction_input(source), str)
        by_tree += tree
        before = lxml.etree.tostring(source.parsed.root) if tree else None
        shared = [(block.text, block.span) for block in read_html(source).blocks]
        if before is not None:
            assert lxml.etree.tostring(source.parsed.root) == before, name
        with monkeypatch.context() as patched:
            patched.setattr(html, "_extraction_input", lambda source: source.text)
            assert [(block.text, block.span) for block in read_html(data).blocks] == shared, name
    assert by_tree >= 65  # measured: 70 of the 73 pages
