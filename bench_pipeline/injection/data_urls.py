"""`data:` URLs (RFC 2397) that carry a text-bearing document, decoded to its bytes."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import unquote_to_bytes

# Media types a document can be read from; images other than SVG and fonts carry no text to read.
TEXT_BEARING = frozenset({
    "text/html", "application/xhtml+xml", "text/plain", "text/markdown", "image/svg+xml", "application/json",
    "application/ld+json", "text/xml", "application/xml", "text/csv", "text/tab-separated-values",
    "application/pdf", "message/rfc822", "application/rss+xml", "application/atom+xml",
})
_MAX_BYTES = 2_000_000


def decode_data_url(url: str) -> bytes | None:
    """The document a `data:` URL carries, when its media type bears text; None otherwise or when
    its payload does not decode."""
    url = url.strip()
    if not url[:5].lower() == "data:" or "," not in url:
        return None
    header, payload = url[5:].split(",", 1)
    parameters = [part.strip().lower() for part in header.split(";")]
    media_type = parameters[0] or "text/plain"
    if media_type not in TEXT_BEARING:
        return None
    try:
        if "base64" in parameters[1:]:
            data = base64.b64decode("".join(unquote_to_bytes(payload).decode("ascii", "replace").split()) + "==")
        else:
            data = unquote_to_bytes(payload)
    except (binascii.Error, ValueError):
        return None
    return data[:_MAX_BYTES] or None
