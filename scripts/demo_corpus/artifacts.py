"""The `_shared/` artifacts: bytes, where they came from, and how each provider's reader sees them."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from datetime import date

import lxml.html
import pypdf

from scripts.demo_corpus import pdfs
from scripts.demo_corpus.injection import INJECTION_PAGES
from scripts.demo_corpus.pages import CONTRADICTORY_PATHS, pages
from scripts.demo_corpus.world import DOCS, Fact

RENDERS_JAVASCRIPT = frozenset({"firecrawl", "jina"})  # Jina's reader renders in a browser
SPA = "html/sierramadre-spa.html"


@dataclass(frozen=True)
class Artifact:
    path: str            # under _shared/
    url: str
    title: str
    content: bytes
    fixture_class: str   # html | pdf | prompt-injection | contradictory
    published: date | None
    pdf_pages: int = 0

    @property
    def is_pdf(self) -> bool:
        return self.path.endswith(".pdf")


def build() -> tuple[list[Artifact], list[Fact]]:
    by_artifact = {d.artifact: d for d in DOCS if d.artifact}
    artifacts, facts = [], []
    for path, (source, page_facts) in pages().items():
        doc = by_artifact[path]
        kind = "contradictory" if path in CONTRADICTORY_PATHS else "html"
        artifacts.append(Artifact(path, doc.url, doc.title, source.encode("utf-8"), kind, doc.published))
        facts.extend(page_facts)
    report, report_facts = pdfs.annual_report()
    tables, table_facts = pdfs.two_column_tables()
    for path, content in ((pdfs.ANNUAL_REPORT, report), (pdfs.SCANNED_BULLETIN, pdfs.scanned_bulletin()),
                          (pdfs.TWO_COLUMN, tables)):
        doc = by_artifact[path]
        artifacts.append(Artifact(path, doc.url, doc.title, content, "pdf", doc.published, _page_count(content)))
    facts.extend(report_facts + table_facts)
    for path, (_, url, source) in INJECTION_PAGES.items():
        artifacts.append(Artifact(path, url, lxml.html.fromstring(source).findtext(".//title"), source.encode("utf-8"),
                                  "prompt-injection", None))
    for name, mode3 in (("render-mode-3", True), ("white-text", False)):
        content = pdfs.hidden_text_pdf(mode3)
        artifacts.append(Artifact(f"pdf/inj-{name}.pdf", f"https://www.mezquital-insumos.mx/docs/ficha-{name}.pdf",
                                  "Ficha de proveedor - Distribuidora Mezquital", content, "prompt-injection", None, 1))
    return sorted(artifacts, key=lambda a: a.path), facts


def reader_text(provider: str, artifact: Artifact) -> str:
    """The text a provider's extractor returns for the artifact (designed differences included)."""
    if artifact.is_pdf:
        if provider == "firecrawl" and artifact.path == pdfs.TWO_COLUMN:
            return pdfs.column_interleaved_text()  # reads column by column: rows come apart
        return pdf_text(artifact.content)
    source = artifact.content.decode("utf-8")
    if artifact.path == SPA and provider in RENDERS_JAVASCRIPT:
        state = json.loads(lxml.html.fromstring(source).get_element_by_id("__STATE__").text)
        return "\n".join(state["empresa"].values())
    return html_text(source)


def html_text(source: str) -> str:
    """Visible-to-a-parser text: scripts and styles dropped, CSS not applied (hidden text stays in),
    table cells separated by tabs."""
    tree = lxml.html.fromstring(source)
    for node in tree.xpath("//script|//style|//head"):
        node.drop_tree()
    for cell in tree.xpath("//td|//th"):
        cell.tail = "\t" + (cell.tail or "")  # extractors keep table cells apart, as tab-separated text
    lines = (line.strip() for line in tree.text_content().splitlines())
    return "\n".join(line for line in lines if line)


def pdf_text(content: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(content))
    return "\n\n".join(page.extract_text() for page in reader.pages).strip()


def pdf_page_text(content: bytes, page: int) -> str:
    return pypdf.PdfReader(io.BytesIO(content)).pages[page - 1].extract_text()


def _page_count(content: bytes) -> int:
    return len(pypdf.PdfReader(io.BytesIO(content)).pages)
