"""`python -m scripts.detector_snapshot OUT [--skip-pairs]`: every window the injection signals judge and
every document verdict, over every text and document this repository can reach, written as JSON lines;
`python -m scripts.detector_snapshot --compare A B` says whether two snapshots agree, and where not;
`--compare --verdicts A B` compares the documents' verdicts alone.

A refactor of the detector that must not change a verdict is checked by a snapshot before and after:

- texts, judged directly (each window's signals, weight, snippet and the bars it meets): the held-out
  attack and look-alike texts, the blind corpora's texts, every string in the bundled fixtures' JSON;
- documents, scanned as files (flag, vectors, evidence): the bundled fixtures, the blind corpora's
  documents and texts set in a page (visible and hidden), every clean real page and PDF, and each
  held-out attack text in each carrier (`--skip-pairs` leaves those out: they are most of the run);
- every batch of texts the signals judged while scanning those documents, by digest with its windows.

Real data is read when it is present; its absence is stated in the snapshot. A baseline of another revision
is taken from that revision's own tree (`git worktree add`, with the `shared` folder beside it): run with
`-m` from here, the script reads the code here whatever `PYTHONPATH` says.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Iterator
from html import escape
from pathlib import Path

from bench_pipeline.injection import signals
from bench_pipeline.injection.detector import scan, sniff_media
from benchmarks.blind_corpora.__main__ import _rows, _strings, host_page

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "web-search"
BLIND = ROOT / "benchmarks" / "blind_corpora"
_BATCH = 100


def _windows(judged) -> list:
    return [[[list(finding.signals), finding.weight, finding.snippet, sorted(bars)] for finding, bars in text]
            for text in judged]


def _texts() -> Iterator[tuple[str, str]]:
    for path in sorted(FIXTURES.rglob("*.json")):
        for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
            yield "provider string", text
    for path in sorted((BLIND / "texts").glob("*.jsonl")):
        for row in _rows(path):
            yield "blind text", row["text"]
    for item in _heldout_texts():
        yield "held-out text", item.text
    for text in _test_strings():
        yield "test string", text


def _test_strings() -> list[str]:
    """The strings the detector's tests parametrise over (page bodies, texts)."""
    from tests.injection import test_detector

    found = []
    for value in vars(test_detector).values():
        for mark in getattr(value, "pytestmark", []):
            if mark.name == "parametrize":
                for case in mark.args[1]:
                    found += [item for item in (case if isinstance(case, tuple) else (case,)) if isinstance(item, str)]
    return found


def _heldout_texts():
    from benchmarks.injection_heldout.sources import REALDATA, attacks, clean_texts

    return attacks() + clean_texts() if REALDATA.exists() else []


def _documents(pairs: bool) -> Iterator[tuple[str, str, bytes]]:
    for path in sorted(FIXTURES.rglob("*")):
        if path.is_file() and path.suffix in (".html", ".pdf", ".json", ".md"):
            yield "bundled fixture", str(path.relative_to(FIXTURES)), path.read_bytes()
    for index, body in enumerate(_test_strings()):
        yield "test page", str(index), host_page(body)
    for manifest in sorted((BLIND / "docs").glob("*_manifest.jsonl")):
        folder = BLIND / "docs" / manifest.name.removesuffix("_manifest.jsonl")
        for row in _rows(manifest):
            yield "blind document", row["file"], (folder / row["file"]).read_bytes()
    for path in sorted((BLIND / "texts").glob("*.jsonl")):
        for row in _rows(path):
            quoted = escape(row["text"])
            yield "blind text page", f"{row['id']} visible", host_page(f"<p>{quoted}</p>")
            yield "blind text page", f"{row['id']} hidden", host_page(f"<div style='display:none'>{quoted}</div>")
    from benchmarks.injection_heldout.sources import REALDATA, clean_pages, html_hosts, pdf_hosts

    if not REALDATA.exists():
        return
    for page in clean_pages():
        yield "real page", page.name, page.data
    if not pairs:
        return
    from benchmarks.injection_heldout.__main__ import pick_host
    from benchmarks.injection_heldout.carriers import CARRIERS

    hosts, pdfs = html_hosts(), pdf_hosts()
    for item in _heldout_texts():
        for carrier in CARRIERS:
            host = pick_host(pdfs if carrier.media == "pdf" else hosts, item.id, carrier.name)
            yield "held-out pair", f"{item.id} {carrier.name}", carrier.build(item.text, host.data)


def snapshot(out: Path, pairs: bool, exhaustive: bool) -> Counter:
    shortcut = signals._judged_windows

    def judge(batch, *args, **kwargs):
        return shortcut(batch, exhaustive=True) if exhaustive else shortcut(batch, *args, **kwargs)

    counts: Counter = Counter()
    with gzip.open(out, "wt", encoding="utf-8") as sink:
        def write(record: dict) -> None:
            sink.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")

        texts = list(_texts())
        for source, _ in texts:
            counts[source] += 1
        for start in range(0, len(texts), _BATCH):
            batch = [text for _, text in texts[start:start + _BATCH]]
            write({"texts": start, "windows": _windows(judge(batch))})

        def recorded(batch, *args, **kwargs):
            judged = judge(batch, *args, **kwargs)
            digest = hashlib.sha256("\x00".join(batch).encode()).hexdigest()
            counts["text judged inside a document"] += len(batch)
            write({"batch": digest, "windows": _windows(judged)})
            return judged

        signals._judged_windows = recorded
        try:
            for source, name, data in _documents(pairs):
                counts[source] += 1
                report = scan(data, sniff_media(data))
                write({"document": f"{source}: {name}", "report": report.model_dump()})
        finally:
            signals._judged_windows = shortcut
    return counts


def compare(first: Path, second: Path) -> int:
    """Texts and documents compared in order, a document with the batches judged while scanning it; a
    snapshot cut short (a run stopped early) is compared up to where the shorter one ends."""
    differing, texts, documents = [], 0, 0
    for unit_a, unit_b in zip(_units(first), _units(second)):
        name = json.loads(unit_a[-1]).get("document")
        documents, texts = documents + (name is not None), texts + (name is None)
        if unit_a != unit_b:
            differing.append(name or f"texts from {json.loads(unit_a[-1])['texts']}")
    print(f"{texts} batches of texts and {documents} documents compared, {len(differing)} differ")
    for where in differing[:20]:
        print(f"- {where}")
    return 1 if differing else 0


def compare_verdicts(first: Path, second: Path) -> int:
    """Only the documents' verdicts (flagged, vectors): a retrained verifier moves thousands of window
    scores and few verdicts, and those few are what a reviewer of the change reads."""
    moved, documents = [], 0
    for unit_a, unit_b in zip(_units(first), _units(second)):
        record_a, record_b = json.loads(unit_a[-1]), json.loads(unit_b[-1])
        if record_a.get("document") != record_b.get("document"):
            # Snapshots of different corpora (a text set added between them) pair other documents.
            print(f"the snapshots part ways at {record_a.get('document')!r} / {record_b.get('document')!r}: "
                  "they were taken over different corpora")
            return 2
        if "document" not in record_a:
            continue
        documents += 1
        verdict_a, verdict_b = _verdict(record_a["report"]), _verdict(record_b["report"])
        if verdict_a != verdict_b:
            moved.append(f"{record_a['document']}: {verdict_a} → {verdict_b}")
    print(f"{documents} documents compared, {len(moved)} verdicts differ")
    for line in moved:
        print(f"- {line}")
    return 1 if moved else 0


def _verdict(report: dict) -> str:
    return f"flagged ({', '.join(report['vectors'])})" if report["flagged"] else "clean"


def _units(path: Path) -> Iterator[list[str]]:
    """A batch of texts, or a document's record after the batches judged while scanning it."""
    pending: list[str] = []
    for line in _records(path):
        pending.append(line)
        if not line.startswith('{"batch"'):
            yield pending
            pending = []


def _records(path: Path) -> Iterator[str]:
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        try:
            yield from (line for line in lines if line.endswith("\n"))
        except EOFError:
            return  # a snapshot whose run was stopped


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.detector_snapshot", description=__doc__.splitlines()[0])
    parser.add_argument("paths", type=Path, nargs="+", help="OUT, or A B with --compare")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--verdicts", action="store_true", help="with --compare: documents' verdicts only")
    parser.add_argument("--skip-pairs", action="store_true", help="leave out the held-out attack × carrier documents")
    parser.add_argument("--exhaustive", action="store_true",
                        help="every pattern searched everywhere: the reference the signals' shortcuts must equal")
    args = parser.parse_args(argv)
    if args.compare:
        return (compare_verdicts if args.verdicts else compare)(*args.paths)
    counts = snapshot(args.paths[0], pairs=not args.skip_pairs, exhaustive=args.exhaustive)
    for source, count in sorted(counts.items()):
        print(f"{count:>7}  {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
