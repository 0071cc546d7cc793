"""The threshold at which a line of read text, scored whole with no signal, is lifted (`lift_line_above`).

`python -m benchmarks.verifier_train.line_threshold [--write]` (about a minute). Chosen on development data
the model never saw whole: the development halves of the blind text corpora kept as measures
(`corpora.MEASURES_ONLY`), each text in sight and hidden, and the development half of the real pages (a
false flag there weighing `REALDATA_FALSE_FLAG_COST`). The trained corpora's texts are whole training
examples, so their scores would make any threshold look free. Each item is scanned once with every line
lifted, its best line's score kept apart from the rest of its verdict, so the whole grid costs one scan.
`--write` saves the committed model with the chosen threshold; `python -m benchmarks.verifier_train --write`
runs this after every retrain.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import NamedTuple

from bench_pipeline.injection.detector import InjectionReport, judged_by, scan
from bench_pipeline.injection.verifier import Verifier, committed
from benchmarks.blind_corpora.__main__ import HERE as BLIND, half_of, text_pages
from benchmarks.injection_heldout.sources import clean_pages
from benchmarks.verifier_train.corpora import MEASURES_ONLY, REALDATA_FALSE_FLAG_COST, document_half

GRID = (0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.99, math.inf)


class Scored(NamedTuple):
    source: str
    injected: bool
    flagged_otherwise: bool  # by any window or form, lines apart
    best_line: float  # the highest whole-line score (0 with no line long enough)


def scored(report: InjectionReport, source: str, injected: bool) -> Scored:
    return Scored(source, injected, any(item.unit != "line" for item in report.evidence),
                  max((item.score for item in report.evidence if item.unit == "line"), default=0.0))


def development_items(verifier: Verifier) -> list[Scored]:
    probe = verifier._replace(thresholds=verifier.thresholds._replace(lift_line_above=0.0))
    found = []
    with judged_by(probe):
        for name in sorted(MEASURES_ONLY):
            for kind in ("attack", "clean"):
                for line in (BLIND / "texts" / f"{name}_{kind}.jsonl").read_text(encoding="utf-8").splitlines():
                    row = json.loads(line)
                    if half_of(row["id"]) != "dev":
                        continue
                    found += [scored(scan(page), name, kind == "attack") for page in text_pages(row["text"])]
        for page in clean_pages():
            if document_half(page.data) == "dev":
                found.append(scored(scan(page.data), "realdata", False))
    return found


def cost(items: list[Scored], threshold: float) -> tuple[int, int, int]:
    """(misses + weighted false flags, misses, false flags) with lines lifted at `threshold`."""
    misses = false = weighted = 0
    for item in items:
        flagged = item.flagged_otherwise or item.best_line >= threshold
        if item.injected and not flagged:
            misses += 1
        elif flagged and not item.injected:
            false += 1
            weighted += REALDATA_FALSE_FLAG_COST if item.source == "realdata" else 1
    return misses + weighted, misses, false


def choose(verifier: Verifier) -> float:
    """The grid's threshold with the fewest development misses plus weighted false flags (ties: the higher),
    printed as a table."""
    items = development_items(verifier)
    print(f"\n## Line threshold ({len(items)} development scans: {', '.join(sorted(MEASURES_ONLY))} dev halves "
          "in sight and hidden, real pages' dev half)\n\n| lift line above | misses | false flags | cost |\n|---|---|---|---|")
    costs = {threshold: cost(items, threshold) for threshold in GRID}
    for threshold, (total, misses, false) in costs.items():
        print(f"| {threshold} | {misses} | {false} | {total} |")
    return min(GRID, key=lambda threshold: (costs[threshold][0], -threshold))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.verifier_train.line_threshold")
    parser.add_argument("--write", action="store_true", help="save the committed model with the chosen threshold")
    args = parser.parse_args(argv)
    verifier = committed()
    chosen = choose(verifier)
    print(f"\nchosen: lift_line_above {chosen} (committed: {verifier.thresholds.lift_line_above})")
    if args.write:
        digest = verifier._replace(thresholds=verifier.thresholds._replace(lift_line_above=chosen)).save()
        print(f"wrote the weights with it: sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
