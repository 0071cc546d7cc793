"""Edge cases of the visible-text walk that its tokenizer must keep: every offset is a span someone cited."""

import pytest

from bench_pipeline.reading.textmap import visible_text


def _mapped(source: str) -> tuple[str, list[tuple[int, int]]]:
    visible = visible_text(source)
    return visible.text, [visible.source_range(i, i + 1) for i in range(len(visible.text))]


def test_a_script_ends_at_its_first_closing_tag_in_any_case():
    source = '<p>a</p><script>if (x<y) {s = "</scrip"}</SCRIPT ><p>b</p>'
    assert _mapped(source) == ("a b", [(3, 4), (4, 8), (53, 54)])


def test_an_unclosed_script_is_an_inline_tag_and_its_text_shows():
    text, ranges = _mapped("<p>a</p><script>var x = 1;<p>b</p>")
    assert text == "a var x = 1; b"
    assert ranges[2] == (16, 17) and ranges[-1] == (29, 30)


@pytest.mark.parametrize(
    ("source", "text", "ranges"),
    [
        ("x</ div>y<span>z</span>", "x yz", [(0, 1), (1, 8), (8, 9), (15, 16)]),  # `</ div>` is a block tag
        ("<!DOCTYPE html>a<?php x ?>b</>c", "abc", [(15, 16), (26, 27), (30, 31)]),  # no name, no space
        ("a<b>\n  </b>c", "a c", [(0, 1), (4, 7), (11, 12)]),  # whitespace between inline tags: one space
        ("<p>a</p>\n \t<p>b</p>", "a b", [(3, 4), (4, 8), (14, 15)]),  # the block tag's space comes first
    ],
)
def test_tags_and_whitespace_between_them(source, text, ranges):
    assert _mapped(source) == (text, ranges)
