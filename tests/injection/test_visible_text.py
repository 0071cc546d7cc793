"""The visible text the detector judges: what a person reads, a line per block and per element a
stylesheet can hide."""

import pytest

from bench_pipeline.injection.html_vectors import block_text
from bench_pipeline.reading.decode import parse_html_tree


def _read(body: str) -> str:
    return block_text(parse_html_tree(f"<html><head><title>T</title></head><body>{body}</body></html>"))


@pytest.mark.parametrize(("body", "expected"), [
    ("<p>uno <b>dos</b> tres</p>", "uno dos tres"),  # inline markup joins
    ("<h2>Aviso</h2>Texto", "Aviso\nTexto"),  # a block ends a line
    ("<p>uno <span class='x'>dos</span> tres</p>", "uno\ndos\ntres"),  # so does an element a stylesheet can hide
    ("<p>uno <!-- nota --> dos</p>", "uno dos"),  # the text after a comment is read
    ("<p>uno <script>var a = 1;</script> dos</p>", "uno dos"),  # and after a script, not the script
    ("<p>uno</p><pre class='code'>curl -X POST</pre><p>dos</p>", "uno\ndos"),  # code is read apart
    ("<p>uno</p><iframe src='/m'><p>fallback</p></iframe><p>dos</p>", "uno\ndos"),  # never drawn
    ("<p>  uno \t\u00a0 dos  </p>\n\n\n<p>\n tres </p>", "uno dos\ntres"),  # whitespace collapsed per line
    ("<noscript>active JavaScript</noscript><template><p>x</p></template>fin", "fin"),
])
def test_visible_text_is_what_a_person_reads_a_line_per_block(body, expected):
    assert _read(body) == expected

