"""The held-out evaluation's inputs: attack texts (with their fixed split), clean look-alikes, host pages.

Attack texts come from material the detector was not written against: BIPIA's text attacks,
greshake's web payloads, and Spanish system-imitation texts a helper wrote without seeing the
detector (`attacks_es.jsonl`, with look-alike clean texts in `clean_es.jsonl`). The split is by
attack text: a salted SHA-256 of its id, so it is fixed whatever is added; `split.json` records it
and the run refuses to go on if the two disagree.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
REALDATA = HERE.parents[1].parent / "shared" / "realdata"
SALT = "heldout-v1:"
# BIPIA's task-irrelevant categories are a user's questions and tasks ("What is the capital of
# Brazil?"): no addressee, no authority, no reference to the reader's output. They are scored in a
# row of their own, outside the carrier gates (see the README of this folder).
BIPIA_TASK_REQUESTS = frozenset({
    ("test", "Task Automation"), ("test", "Business Intelligence"), ("test", "Conversational Agent"),
    ("test", "Research Assistance"), ("test", "Sentiment Analysis"), ("train", "Information Retrieval"),
    ("train", "Content Creation"), ("train", "Learning and Tutoring"), ("train", "Language Translation"),
    ("train", "Programming Help"),
})
# Families whose texts address a model (or imitate the system): the ones visible text is judged on.
ADDRESSING_FAMILIES = frozenset({"system_imitation", "addressed_to_automation", "role_json", "authority_claim",
                                 "greshake", "bipia_output"})


class Attack(NamedTuple):
    id: str
    source: str  # helper-es | bipia | greshake
    family: str
    text: str


class Host(NamedTuple):
    name: str
    data: bytes


def half_of(attack_id: str) -> str:
    return "heldout" if int(hashlib.sha256((SALT + attack_id).encode()).hexdigest(), 16) % 2 else "dev"


def attacks() -> list[Attack]:
    found = [Attack(row["id"], "helper-es", row["family"], row["text"]) for row in _jsonl(HERE / "attacks_es.jsonl")]
    bipia = REALDATA / "bipia" / "files" / "benchmark"
    for split in ("train", "test"):
        for category, texts in json.loads((bipia / f"text_attack_{split}.json").read_text()).items():
            family = "bipia_task_request" if (split, category) in BIPIA_TASK_REQUESTS else "bipia_output"
            for index, text in enumerate(texts):
                found.append(Attack(f"bipia-{split}-{category}-{index}", "bipia", family, text))
    puzzles = REALDATA / "greshake-llm-security" / "files" / "scenarios" / "puzzle" / "puzzles"
    for path in sorted(puzzles.iterdir()):
        found.append(Attack(f"greshake-{path.name}", "greshake", "greshake", path.read_text(encoding="utf-8")))
    return found


def clean_texts() -> list[Attack]:
    return [Attack(row["id"], "helper-es", row["family"], row["text"]) for row in _jsonl(HERE / "clean_es.jsonl")]


def check_split(items: list[Attack]) -> None:
    """The recorded split must be the computed one: a changed salt or hash would move texts."""
    recorded = json.loads((HERE / "split.json").read_text())
    for item in items:
        if item.id in recorded and recorded[item.id] != half_of(item.id):
            raise SystemExit(f"{HERE / 'split.json'}: {item.id}: recorded in {recorded[item.id]}, computed {half_of(item.id)}")
    missing = [item.id for item in items if item.id not in recorded]
    if missing:
        raise SystemExit(f"{HERE / 'split.json'}: {len(missing)} texts have no recorded half (first: {missing[0]}); "
                         "run `python -m benchmarks.injection_heldout --record-split` once, and commit it")


def record_split(items: list[Attack]) -> Path:
    path = HERE / "split.json"
    path.write_text(json.dumps({item.id: half_of(item.id) for item in items}, indent=0, sort_keys=True) + "\n")
    return path


def html_hosts() -> list[Host]:
    """Real pages nobody here wrote: Spanish news (fundus, trafilatura) and scrapinghub's articles."""
    hosts = [Host(path.name, path.read_bytes()) for path in sorted((REALDATA / "trafilatura/files/tests/eval").glob("*.html"))]
    hosts += [Host(path.name, gzip.decompress(path.read_bytes()))
              for path in sorted((REALDATA / "fundus/files/tests/resources/parser/test_data").glob("*/*.html.gz"))]
    hosts += [Host(path.name[:16], gzip.decompress(path.read_bytes()))
              for path in sorted((REALDATA / "scrapinghub-article-extraction-benchmark/files/html").glob("*.html.gz"))]
    return hosts


def clean_pages() -> list[Host]:
    """Every clean real page and PDF, unmodified: the false-flag denominator."""
    pages = html_hosts()
    pages += [Host(path.parent.name, path.read_bytes())
              for path in sorted((REALDATA / "mozilla-readability/files/test/test-pages").glob("*/source.html"))]
    pages += [Host(path.name, path.read_bytes()) for path in sorted((REALDATA / "tezca-mx/files").rglob("*"))
              if path.suffix in (".pdf", ".html")]
    return pages


def pdf_hosts() -> list[Host]:
    return [Host(path.name, path.read_bytes()) for path in sorted((REALDATA / "tezca-mx/files").rglob("*.pdf"))
            if path.read_bytes()[:5] == b"%PDF-"]


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
