"""Applying a span to a stored artifact: the text the span points at (docs/fixtures.md#spans).

HTML `offset:S-E` indexes code points of the decoded source (`decode.decode_html`) and returns
the slice's visible text (`textmap`); `selector:CSS` returns the first match's visible text.
PDF `page:N` returns pypdf's text of page N, `page:N#offset:S-E` a slice of it. Plain text
artifacts take `offset:` only. Anything that does not fit the artifact raises SpanError.
"""

from __future__ import annotations

from typing import Literal

from cssselect import SelectorError
from lxml.etree import ParserError

from bench_pipeline.reading.decode import decode_html, parse_html_tree
from bench_pipeline.reading.pdf import extract_page, open_pdf
from bench_pipeline.reading.spans import ArtifactSpan, SpanError, parse_artifact_span
from bench_pipeline.reading.textmap import collapse_ws, slice_text

MediaType = Literal["html", "pdf", "text"]


def apply_span(span: ArtifactSpan | str, artifact: bytes, media_type: MediaType) -> str:
    if isinstance(span, str):
        span = parse_artifact_span(span)
    if media_type == "pdf":
        return _apply_pdf(span, artifact)
    if span.kind == "page":
        raise SpanError(f"{span}: page spans apply to PDFs, not {media_type}")
    if media_type == "html":
        source = decode_html(artifact)
        if span.kind == "selector":
            return _apply_selector(span, source)
        _check_bounds(span, len(source))
        return slice_text(source, span.start, span.end)
    if span.kind == "selector":
        raise SpanError(f"{span}: selector spans apply to HTML, not {media_type}")
    text = artifact.decode("utf-8", errors="replace")
    _check_bounds(span, len(text))
    return text[span.start : span.end]


def _apply_selector(span: ArtifactSpan, source: str) -> str:
    try:
        root = parse_html_tree(source)
        matches = root.cssselect(span.selector)
    except SelectorError as exc:
        raise SpanError(f"{span}: invalid CSS selector ({exc})") from None
    except ParserError as exc:
        raise SpanError(f"{span}: the artifact is not parseable HTML ({exc})") from None
    if not matches:
        raise SpanError(f"{span}: no element matches")
    return collapse_ws(matches[0].text_content())


def _apply_pdf(span: ArtifactSpan, artifact: bytes) -> str:
    if span.kind != "page":
        raise SpanError(f"{span}: PDFs take page:N spans")
    pages = open_pdf(artifact).pages
    if span.page > len(pages):
        raise SpanError(f"{span}: the PDF has {len(pages)} pages")
    text = extract_page(pages[span.page - 1], span.page)
    if span.start is None:
        return text
    _check_bounds(span, len(text))
    return text[span.start : span.end]


def _check_bounds(span: ArtifactSpan, length: int) -> None:
    if span.end > length:
        raise SpanError(f"{span}: past the end of the artifact ({length} characters)")
