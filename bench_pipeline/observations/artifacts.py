"""The stored artifacts under `_shared/`: read once per run, shared by every provider's observations."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bench_pipeline.claims.citability import StoredArtifact
from bench_pipeline.fixtures.paths import resolve_inside
from bench_pipeline.reading.html import read_html
from bench_pipeline.reading.pdf import FormatTablesOcrError, UnreadablePdfError, read_pdf


def media_of(artifact: str) -> str:
    return "pdf" if artifact.lower().endswith(".pdf") else "html"


def local_read(data: bytes, media: str, renders_javascript: bool) -> tuple[str, str | None]:
    """Our extractor on stored bytes: (text, failure). A scanned PDF is `format_tables_ocr`; a page
    that only JavaScript fills is `needs_rendering` for a reader that does not render."""
    if media == "pdf":
        try:
            return read_pdf(data).text, None
        except FormatTablesOcrError:
            return "", "format_tables_ocr"
        except UnreadablePdfError:
            return "", "unreadable_pdf"
    reading = read_html(data, renders_javascript=renders_javascript)
    return reading.text, "needs_rendering" if reading.needs_rendering else None


class ArtifactStore:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.data = cache(self._data)
        self.stored = cache(self._stored)
        self.local_read = cache(self._local_read)

    def _data(self, artifact: str) -> bytes:
        return resolve_inside(self.root, artifact, source=self.root / "manifest.json", field="artifact").read_bytes()

    def _stored(self, artifact: str) -> StoredArtifact:
        return StoredArtifact(self.data(artifact), media_of(artifact))

    def _local_read(self, artifact: str, renders_javascript: bool) -> tuple[str, str | None]:
        return local_read(self.data(artifact), media_of(artifact), renders_javascript)
