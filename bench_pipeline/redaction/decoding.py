"""Compressed bodies are decoded before anything looks at them: a gzip body hides every secret from
a text scanner (as VCR.py's `decode_compressed_response` does)."""

from __future__ import annotations

import gzip
import zlib

from bench_pipeline.domain.errors import InputError


def decode_content(raw: bytes, encoding: str | None, source: str, field: str) -> bytes:
    """Undo `content-encoding` (gzip, deflate, or a chain of them). `br`/`zstd` need libraries this
    project does not install, so such a body is refused rather than stored unread."""
    for coding in reversed([c.strip().lower() for c in (encoding or "").split(",") if c.strip()]):
        if coding == "identity":
            continue
        try:
            if coding in ("gzip", "x-gzip"):
                raw = gzip.decompress(raw)
            elif coding == "deflate":
                raw = _inflate(raw)
            else:
                raise InputError(source, field, f"content-encoding {coding!r} cannot be decoded here; re-capture with "
                                 "`accept-encoding: gzip`")
        except (OSError, EOFError, zlib.error) as exc:
            raise InputError(source, field, f"body does not decode as {coding}: {exc}") from None
    return raw


def _inflate(raw: bytes) -> bytes:
    """HTTP `deflate` is zlib-wrapped by the standard, raw deflate by some servers."""
    try:
        return zlib.decompress(raw)
    except zlib.error:
        return zlib.decompress(raw, -zlib.MAX_WBITS)
