"""`python -m benchmarks.redaction_planted [--seeds 11 23 47] [--examples N]`: per seed, a table of what
was planted, what survived redaction (values that must go), what was dropped (values that must stay) and
what was refused with an error, per family; `--examples N` lists up to N positions of each failure,
one per provider first."""

from __future__ import annotations

import argparse
import sys
import time

from benchmarks.redaction_planted.families import KEPT, MUST_GO
from benchmarks.redaction_planted.run import SEEDS, Tally, run_seed


def table(tally: Tally) -> list[str]:
    lines = ["| family | must | planted | survived | dropped | refused | failed |", "|---|---|---|---|---|---|---|"]
    for must_go, families in ((True, MUST_GO), (False, KEPT)):
        for family in families:
            c = tally.counts[family]
            survived = c["survived"] if must_go else "–"
            dropped = "–" if must_go else c["dropped"]
            lines.append(f"| {family} | {'go' if must_go else 'stay'} | {c['planted']} | {survived} | {dropped} "
                         f"| {c['refused']} | {c['failed']} |")
        outcome = "survived" if must_go else "dropped"
        lines.append(f"| **all {'to go' if must_go else 'to stay'}** | | {tally.total('planted', must_go)} | "
                     f"{tally.total(outcome, must_go) if must_go else '–'} | "
                     f"{'–' if must_go else tally.total(outcome, must_go)} | {tally.total('refused', must_go)} "
                     f"| {tally.total('failed', must_go)} |")
    return lines


def spread(examples: list[str], n: int) -> list[str]:
    """Up to n examples, a different provider first."""
    chosen, seen = [], set()
    for example in examples:
        provider = example.split("/", 1)[0]
        if provider not in seen:
            seen.add(provider)
            chosen.append(example)
    return (chosen + [e for e in examples if e not in chosen])[:n]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.redaction_planted")
    parser.add_argument("--seeds", type=int, nargs="+", default=list(SEEDS))
    parser.add_argument("--examples", type=int, default=0, help="list up to N positions of each family's failures")
    args = parser.parse_args(argv)
    for seed in args.seeds:
        started = time.perf_counter()
        tally = run_seed(seed)
        providers = ", ".join(f"{name} {counts.total()}" for name, counts in sorted(tally.providers.items()))
        print(f"\nseed {seed}: {tally.cases} planted exchanges in {time.perf_counter() - started:.1f} s "
              f"(values per provider: {providers})")
        print("\n".join(table(tally)))
        for key in sorted(tally.examples) if args.examples else ():
            print(f"\n{key} ({len(tally.examples[key])}):")
            print("\n".join(f"- {example}" for example in spread(tally.examples[key], args.examples)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
