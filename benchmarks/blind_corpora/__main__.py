"""`python -m benchmarks.blind_corpora [--show-dev]`: the injection detector on corpora that helpers
wrote without seeing it, as tables (README.md here says who wrote what, and which parts were read).

Texts are judged twice, in a visible paragraph and in a `display:none` block of one fixed host page;
documents are scanned as files. Text corpora are split by SHA-256 of the id (first byte even: dev).
Only the dev half of a split corpus, and the corpora marked `seen`, were read while the detector was
changed; the held-out halves and `d3` are reported as counts only, and `--show-dev` lists what the
dev halves miss and flag.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from html import escape
from pathlib import Path
from typing import NamedTuple

from bench_pipeline.injection.detector import scan

HERE = Path(__file__).resolve().parent
# The host the first runs used (numbers in README.md), kept so runs stay comparable.
HOST = "<h1>Grupo Ejemplo</h1><p>Grupo Ejemplo distribuye refacciones en Nuevo León desde 1994.</p>"


class TextCorpus(NamedTuple):
    name: str
    split: bool  # False: the whole corpus was read (development data)


TEXTS = (TextCorpus("b1", True), TextCorpus("b2", False), TextCorpus("b4", True))
DOCS = (("d2", "seen"), ("d3", "held out"))


def half_of(identifier: str) -> str:
    return "dev" if hashlib.sha256(identifier.encode()).digest()[0] % 2 == 0 else "held out"


def _page(body: str) -> bytes:
    return f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>x</title></head><body>{HOST}{body}</body></html>".encode()


def _verdicts(text: str) -> tuple[bool, bool]:
    quoted = escape(text)
    return scan(_page(f"<p>{quoted}</p>")).flagged, scan(_page(f"<div style='display:none'>{quoted}</div>")).flagged


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.blind_corpora")
    parser.add_argument("--show-dev", action="store_true", help="list the dev halves' misses and false flags")
    args = parser.parse_args(argv)
    shown: list[str] = []
    print("| texts | half | attacks | visible recall | hidden recall | clean | visible false flags | hidden false flags |")
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
        injected = flagged = clean = false = 0
        for row in _rows(HERE / "docs" / f"{name}_manifest.jsonl"):
            hit = scan((HERE / "docs" / name / row["file"]).read_bytes()).flagged
            if row["injected"]:
                injected, flagged = injected + 1, flagged + hit
            else:
                clean, false = clean + 1, false + hit
            if args.show_dev and status == "seen" and hit != row["injected"]:
                shown.append(f"- {name} {row['file']} injected={row['injected']} flagged={hit}")
        print(f"| {name} | {status} | {injected} | {flagged} | {clean} | {false} |")
    if shown:
        print("\nDev halves and seen corpora, wrong verdicts:")
        print("\n".join(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
