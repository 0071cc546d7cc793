"""`python -m benchmarks.blind_corpora [--show-dev]`: the injection detector and the redactor on
corpora that helpers wrote without seeing them, as tables (README.md here says who wrote what, and
which parts were read).

Texts are judged twice, in a visible paragraph and in a `display:none` block of one fixed host page;
documents are scanned as files. Text corpora are split by SHA-256 of the id (first byte even: dev).
Only the dev half of a split corpus, and the corpora marked `seen`, were read while the detector was
changed; the held-out halves and `d3` are reported as counts only, and `--show-dev` lists what the
dev halves miss and flag.

PII cases are provider response bodies with the values that must go (`personal`) and stay (`keep`);
each body is redacted as JSON, and a personal value survives if it is still in the output, escaped
or percent-decoded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from html import escape
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote

from bench_pipeline.injection.detector import scan
from bench_pipeline.redaction.structure import redact_json

HERE = Path(__file__).resolve().parent
# The host the first runs used (numbers in README.md), kept so runs stay comparable.
HOST = "<h1>Grupo Ejemplo</h1><p>Grupo Ejemplo distribuye refacciones en Nuevo León desde 1994.</p>"


class TextCorpus(NamedTuple):
    name: str
    split: bool  # False: the whole corpus was read (development data)


TEXTS = (TextCorpus("b1", True), TextCorpus("b2", False), TextCorpus("b4", True), TextCorpus("b5", True),
         TextCorpus("b6", True), TextCorpus("b7", True), TextCorpus("b8", True), TextCorpus("b9", True),
         TextCorpus("b10", True), TextCorpus("b11", True))
DOCS = (("d2", "seen"), ("d3", "held out"))
# Document corpora split by SHA-256 of the file name, like the texts: the dev half may train and tune.
SPLIT_DOCS = ("d4", "d6")
# Carriers the detector was not written for, scored once and never read.
UNSEEN_DOCS = ("d5",)
PII = (("p1", "seen"), ("p2", "held out"))


def half_of(identifier: str) -> str:
    return "dev" if hashlib.sha256(identifier.encode()).digest()[0] % 2 == 0 else "held out"


def host_page(body: str) -> bytes:
    head = "<!DOCTYPE html><html><head><meta charset='utf-8'><title>x</title></head>"
    return f"{head}<body>{HOST}{body}</body></html>".encode()


def text_pages(text: str) -> tuple[bytes, bytes]:
    """A text as the host page shows it in a paragraph, and as the same page hides it (`display:none`)."""
    quoted = escape(text)
    return host_page(f"<p>{quoted}</p>"), host_page(f"<div style='display:none'>{quoted}</div>")


def _verdicts(text: str) -> tuple[bool, bool]:
    shown, hidden = text_pages(text)
    return scan(shown).flagged, scan(hidden).flagged


def _redacted_views(body) -> list[str]:
    """The redacted body as JSON (escaped and not) and as its strings, plain and percent-decoded."""
    redacted = redact_json(body, "response.body", [])
    strings = "\n".join(_strings(redacted))
    return [json.dumps(redacted, ensure_ascii=False), json.dumps(redacted), strings, unquote(strings)]


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class DocTally:
    """Verdicts on one half of a document corpus; attacks counted by the channel the manifest names."""

    def __init__(self) -> None:
        self.visible = [0, 0]  # injected, flagged
        self.hidden = [0, 0]
        self.clean = self.false = 0

    @property
    def injected(self) -> int:
        return self.visible[0] + self.hidden[0]

    @property
    def flagged(self) -> int:
        return self.visible[1] + self.hidden[1]


def _doc_tallies(name: str, half_for, shown: list[str] | None) -> dict[str, DocTally]:
    """Each document of corpus `name` scanned as a file; `shown` collects the wrong verdicts of the halves
    that may be read (never of a half named "held out")."""
    tallies: dict[str, DocTally] = {}
    for row in _rows(HERE / "docs" / f"{name}_manifest.jsonl"):
        half = half_for(row)
        tally = tallies.setdefault(half, DocTally())
        hit = scan((HERE / "docs" / name / row["file"]).read_bytes()).flagged
        if row["injected"]:
            counts = tally.hidden if row.get("channel") == "hidden" else tally.visible
            counts[0] += 1
            counts[1] += hit
        else:
            tally.clean += 1
            tally.false += hit
        if shown is not None and half != "held out" and hit != row["injected"]:
            shown.append(f"- {name} {row['file']} injected={row['injected']} flagged={hit}")
    return tallies


def _rate(counts: list[int]) -> str:
    total, flagged = counts
    return f"{flagged / total:.2f} ({flagged} of {total})" if total else "— (0)"


def _share(count: int, total: int) -> str:
    return f"{count} ({count / total:.1%})" if total else f"{count}"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.blind_corpora")
    parser.add_argument("--show-dev", action="store_true", help="list the dev halves' misses and false flags")
    args = parser.parse_args(argv)
    shown: list[str] = []
    print("| texts | half | attacks | visible recall | hidden recall | clean | visible false flags"
          " | hidden false flags |")
    print("|---|---|---|---|---|---|---|---|")
    for corpus in TEXTS:
        tally: dict[str, list[int]] = {}
        for kind in ("attack", "clean"):
            for row in _rows(HERE / "texts" / f"{corpus.name}_{kind}.jsonl"):
                half = half_of(row["id"]) if corpus.split else "all (seen)"
                visible, hidden = _verdicts(row["text"])
                counts = tally.setdefault(half, [0, 0, 0, 0, 0, 0])
                offset = 0 if kind == "attack" else 3
                counts[offset] += 1
                counts[offset + 1] += visible
                counts[offset + 2] += hidden
                wrong = not visible if kind == "attack" else visible or hidden
                if args.show_dev and wrong and half != "held out":
                    shown.append(f"- {corpus.name} {row['id']} visible={visible} hidden={hidden}: {row['text'][:200]}")
        for half, (n, visible, hidden, clean, clean_visible, clean_hidden) in sorted(tally.items()):
            print(f"| {corpus.name} | {half} | {n} | {visible / n:.2f} ({visible}) | {hidden / n:.2f} ({hidden}) "
                  f"| {clean} | {clean_visible} | {clean_hidden} |")
    print()
    print("| documents | read while developing | injected | flagged | clean | false flags |")
    print("|---|---|---|---|---|---|")
    for name, status in DOCS:
        for half, tally in _doc_tallies(name, lambda _row: status, shown if args.show_dev else None).items():
            print(f"| {name} | {half} | {tally.injected} | {tally.flagged} | {tally.clean} | {tally.false} |")
    print()
    print("| documents | half | visible-channel recall | hidden-channel recall | clean | false flags |")
    print("|---|---|---|---|---|---|")
    for name in (*SPLIT_DOCS, *UNSEEN_DOCS):
        if not (HERE / "docs" / f"{name}_manifest.jsonl").exists():
            continue
        halves = (lambda row: half_of(row["file"])) if name in SPLIT_DOCS else (lambda _row: "held out")
        for half, tally in sorted(_doc_tallies(name, halves, shown if args.show_dev else None).items()):
            print(f"| {name} | {half} | {_rate(tally.visible)} | {_rate(tally.hidden)} | {tally.clean}"
                  f" | {_share(tally.false, tally.clean)} |")
    print()
    print("| PII cases | read while developing | cases | personal values | survived | values to keep | dropped |")
    print("|---|---|---|---|---|---|---|")
    for name, status in PII:
        cases = personal = survived = keep = dropped = 0
        for row in _rows(HERE / "pii" / f"{name}_cases.jsonl"):
            views = _redacted_views(json.loads(row["body"]))
            cases += 1
            for value in row["personal"]:
                personal += 1
                if any(value.lower() in view.lower() for view in views):
                    survived += 1
                    if args.show_dev and status == "seen":
                        shown.append(f"- {name} {row['id']} survived: {value}")
            for value in row["keep"]:
                keep += 1
                if not any(value in view for view in views):
                    dropped += 1
                    if args.show_dev and status == "seen":
                        shown.append(f"- {name} {row['id']} dropped: {value}")
        print(f"| {name} | {status} | {cases} | {personal} | {survived} | {keep} | {dropped} |")
    if shown:
        print("\nDev halves and seen corpora, wrong verdicts:")
        print("\n".join(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
