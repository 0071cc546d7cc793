"""The verifier's data: attack and clean items, each with its half, and the windows the detector's
first stage finds in it.

Development half (trained and tuned on): the injection_heldout texts of its dev split (BIPIA's
output attacks, greshake, the authored Spanish attacks and look-alikes), the blind text corpora's
dev halves (b1, b4, b5, b6, b7, b8) and b2 whole, the d2 documents, mochi's test page, the dev half of the
Spanish news and articles (trafilatura, fundus, scrapinghub, readability) and of tezca-mx's laws, DOF text
and HTML (by document hash), the dev halves of the d4 and d6 documents (split by file name), and the
texts written blind for training alone (`texts/`: hard negatives of the domain and about AI, attacks).
Evaluation half (never trained or tuned on): the other halves, d3 and d5.

BIPIA's task requests ("What is the capital of Brazil?") are left out of training: they address
nobody and are what FAQ pages are made of (the injection_heldout README says why they are scored apart).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Literal, NamedTuple

from benchmarks.blind_corpora.__main__ import (
    HERE as BLIND, SPLIT_DOCS, TEXTS as BLIND_TEXTS, half_of as blind_half, text_pages,
)
from benchmarks.injection_heldout.sources import REALDATA, attacks, clean_texts, half_of as heldout_half

Half = Literal["dev", "eval"]


# Blind text corpora kept as measures only, never trained on (their READMEs say why).
MEASURES_ONLY = frozenset({"b9", "b10", "b11"})
# A false flag on a real official page or news story weighs like five misses when thresholds are chosen.
REALDATA_FALSE_FLAG_COST = 5


class Item(NamedTuple):
    id: str
    source: str  # the corpus, for the tables
    injected: bool
    half: Half
    data: bytes  # the document; a text sits in a visible paragraph of a fixed host page
    hidden: bytes | None = None  # a text in a `display:none` block of that page; None for documents
    carrier: str | None = None  # an injected document's carrier: a vector, or "visible"/"hidden"
    text: str | None = None  # a text item's text; None for documents


def _text_item(identifier: str, source: str, injected: bool, half: Half, text: str) -> Item:
    shown, hidden = text_pages(text)
    return Item(identifier, source, injected, half, shown, hidden, text=text)


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def text_items() -> list[Item]:
    items = []
    for attack in attacks():
        if attack.family != "bipia_task_request":
            half: Half = "dev" if heldout_half(attack.id) == "dev" else "eval"
            items.append(_text_item(attack.id, f"heldout:{attack.source}", True, half, attack.text))
    for clean in clean_texts():
        half = "dev" if heldout_half(clean.id) == "dev" else "eval"
        items.append(_text_item(clean.id, "heldout:clean_es", False, half, clean.text))
    for corpus, split in (corpus for corpus in BLIND_TEXTS if corpus.name not in MEASURES_ONLY):
        for kind in ("attack", "clean"):
            for row in _rows(BLIND / "texts" / f"{corpus}_{kind}.jsonl"):
                half = "eval" if split and blind_half(row["id"]) == "held out" else "dev"
                items.append(_text_item(row["id"], corpus, kind == "attack", half, row["text"]))
    # Written blind for training alone: development half whole.
    for path in sorted((Path(__file__).parent / "texts").glob("*.jsonl")):
        injected = path.stem.startswith("attacks")
        for row in _rows(path):
            items.append(_text_item(row["id"], "texts:" + path.stem, injected, "dev", row["text"]))
    return items


def document_items() -> list[Item]:
    items = []
    for name, half in (("d2", "dev"), ("d3", "eval")):
        for row in _rows(BLIND / "docs" / f"{name}_manifest.jsonl"):
            items.append(Item(f"{name}/{row['file']}", name, row["injected"], half,
                              (BLIND / "docs" / name / row["file"]).read_bytes(), carrier=row.get("family")))
    mochi = REALDATA / "mochi-prompt-injection-test" / "files" / "index.html"
    items.append(Item("mochi/index.html", "mochi", True, "dev", mochi.read_bytes()))
    # d4 and d6 are split by file name like the benchmark splits them; d5 is never trained on.
    for name in ("d4", "d5", "d6"):
        for row in _rows(BLIND / "docs" / f"{name}_manifest.jsonl"):
            half: Half = "dev" if name in SPLIT_DOCS and blind_half(row["file"]) == "dev" else "eval"
            items.append(Item(f"{name}/{row['file']}", name, row["injected"], half,
                              (BLIND / "docs" / name / row["file"]).read_bytes(), carrier=row.get("channel")))
    return items


def realdata_items() -> list[Item]:
    """Clean real pages (news, readability's test pages, laws and DOF text), split by the SHA-256 of their bytes."""
    split = [(f"trafilatura/{path.name}", path.read_bytes())
             for path in sorted((REALDATA / "trafilatura/files/tests/eval").glob("*.html"))]
    split += [(f"fundus/{path.name}", gzip.decompress(path.read_bytes()))
              for path in sorted((REALDATA / "fundus/files/tests/resources/parser/test_data").glob("*/*.html.gz"))]
    split += [(f"tezca-mx/{path.name}", path.read_bytes()) for path in sorted((REALDATA / "tezca-mx/files").rglob("*"))
              if path.suffix in (".pdf", ".html")]
    split += [(f"scrapinghub/{path.name[:16]}", gzip.decompress(path.read_bytes()))
              for path in sorted((REALDATA / "scrapinghub-article-extraction-benchmark/files/html").glob("*.html.gz"))]
    split += [(f"readability/{path.parent.name}", path.read_bytes())
              for path in sorted((REALDATA / "mozilla-readability/files/test/test-pages").glob("*/source.html"))]
    return [Item(name, "realdata:" + name.split("/")[0], False, document_half(data), data) for name, data in split]


def document_half(data: bytes) -> Half:
    return "dev" if hashlib.sha256(data).digest()[0] % 2 == 0 else "eval"


def every_item() -> list[Item]:
    return text_items() + document_items() + realdata_items()
