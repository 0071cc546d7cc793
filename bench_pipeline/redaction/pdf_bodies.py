"""What a PDF carries, read the way the redactor reads text: each page's text layer, the document
information dictionary, the XMP metadata packet, link targets and form field values.

A PDF is never rewritten: its content streams draw glyphs through fonts whose mapping to text only
the renderer fully knows, so an edit could leave the value drawn or break the spans expected
observations point to. A PDF in which anything is found is refused, to be re-captured or handled by
hand; one that cannot be read is refused too, since it cannot be shown to be clean.
"""

from __future__ import annotations

import io
from functools import lru_cache

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from bench_pipeline.redaction import secret_values
from bench_pipeline.redaction.structure import Found, redact_text

PDF_MAGIC = b"%PDF-"


def is_pdf(data: bytes) -> bool:
    """Readers accept the header anywhere in the first kilobyte, so the check does too."""
    return PDF_MAGIC in data[:1024]


def pdf_found(data: bytes) -> Found:
    """What redaction would remove from the PDF, as `(where, detector, masked preview)`; an
    unreadable PDF is one finding, `unreadable`."""
    return list(_found(data, secret_values.engine()))


# The same PDF is often recorded by several providers (an annual report extracted by each); what was found is
# remembered for the engine that judged it.
@lru_cache(maxsize=32)
def _found(data: bytes, engine: secret_values.Engine) -> tuple[tuple[str, str, str], ...]:
    try:
        texts = _texts(PdfReader(io.BytesIO(data)))
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return (("(pdf)", "unreadable", f"the PDF cannot be read: {exc}"),)
    found: Found = []
    for where, text in texts:
        redact_text(text, where, found)
    return tuple(found)


def _texts(reader: PdfReader) -> list[tuple[str, str]]:
    texts = [(f"page {number}", page.extract_text() or "") for number, page in enumerate(reader.pages, start=1)]
    texts += [(f"metadata {key}", str(value)) for key, value in (reader.metadata or {}).items()]
    xmp = reader.root_object.get("/Metadata")
    if xmp is not None:
        texts.append(("XMP metadata", xmp.get_object().get_data().decode("utf-8", errors="replace")))
    for number, page in enumerate(reader.pages, start=1):
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            uri = action.get_object().get("/URI") if action is not None else None
            if uri is not None:
                texts.append((f"page {number} link", str(uri)))
    texts += [(f"form field {name}", str(field.get("/V"))) for name, field in (reader.get_fields() or {}).items()
              if field.get("/V") is not None]
    return texts
