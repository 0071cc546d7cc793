"""Searching costly signal patterns only near their anchor words finds what searching everywhere finds."""

import json
import re
from pathlib import Path

import pytest

from bench_pipeline.injection import signals
from bench_pipeline.injection.anchored_search import matches_within, stretches
from bench_pipeline.injection.html_vectors import block_text, out_of_band_channels
from bench_pipeline.reading.decode import parse_html_tree
from bench_pipeline.reading.source import HtmlSource
from tests.realdata import require_realdata

ROOT = Path(__file__).resolve().parents[2]
CORPUS_HTML = ROOT / "fixtures" / "web-search" / "_shared" / "html"
HELD_OUT = ROOT / "benchmarks" / "injection_heldout"


def test_stretches_merge_when_the_gap_is_read_anyway():
    assert stretches([30, 10], reach=5, tail=20) == [(5, 31)]
    assert stretches([10, 100], reach=5, tail=20) == [(5, 11), (95, 101)]
    assert stretches([], reach=5, tail=20) == []


def test_matches_start_inside_a_stretch_and_may_read_past_it():
    pattern = re.compile(r"envia\w* (?:el|la) \w+")
    text = "primero algo. envia el reporte. luego envia la clave. al final envia el dato."
    spans = [(text.index("luego"), text.index("luego") + 7)]
    assert [m.group() for m in matches_within(pattern, text, spans, tail=40)] == ["envia la clave"]


def _page_texts(page: bytes) -> list[str]:
    root = parse_html_tree(HtmlSource(page).text)
    return [block_text(root)] + [channel.text for channel in dict.fromkeys(out_of_band_channels(root))]


def _assert_same(texts: list[str]) -> None:
    for start in range(0, len(texts), 100):
        batch = texts[start:start + 100]
        assert signals._judged_windows(batch) == signals._judged_windows(batch, exhaustive=True)


def test_bundled_pages_and_held_out_texts_judge_alike_either_way():
    texts = [text for path in sorted(CORPUS_HTML.glob("*.html")) for text in _page_texts(path.read_bytes())]
    for name in ("attacks_es.jsonl", "clean_es.jsonl"):
        texts += [json.loads(line)["text"] for line in (HELD_OUT / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(texts) > 100
    _assert_same(texts)


@pytest.mark.realdata
def test_real_attack_texts_and_real_news_pages_judge_alike_either_way():
    require_realdata("bipia")
    require_realdata("fundus")
    from benchmarks.injection_heldout.sources import attacks, html_hosts

    texts = [attack.text for attack in attacks()]
    texts += [text for host in html_hosts()[:40] for text in _page_texts(host.data)]
    _assert_same(texts)
