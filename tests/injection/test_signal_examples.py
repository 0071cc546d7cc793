"""Each signal's table of examples (`signal_examples.jsonl`), one test per line: a change to a pattern,
the lexicon or the rule that alters what a text holds or which bars it meets fails on the lines it
alters, each named by the signal it exercises.

A line: `signal` (the one it exercises), `lang`, `text`, `signals` (every signal the text holds, in
any sentence), and whether it meets the `visible`, `hidden` and `specimen` bars. A positive example
holds its signal, a negative one does not."""

import json
from collections import Counter
from pathlib import Path

import pytest

from bench_pipeline.injection.signals import WEIGHTS, findings, signals_found

EXAMPLES = [json.loads(line) for line in (Path(__file__).with_name("signal_examples.jsonl"))
            .read_text(encoding="utf-8").splitlines() if line.strip()]


def _id(example: dict) -> str:
    kind = "holds" if example["signal"] in example["signals"] else "lacks"
    return f"{example['signal']}-{kind}-{example['lang']}-{example['text'][:40]}"


@pytest.mark.parametrize("example", EXAMPLES, ids=[_id(example) for example in EXAMPLES])
def test_example(example):
    text, signal = example["text"], example["signal"]
    found = sorted(signals_found(text))
    assert found == example["signals"], f"{signal}: signals {found}, expected {example['signals']} in {text!r}"
    for bar in ("visible", "hidden", "specimen"):
        met = bool(findings(text, bar))
        assert met == example[bar], f"{signal}: the {bar} bar is {'met' if met else 'not met'} by {text!r}"


def test_every_signal_has_five_examples_each_way_in_both_languages():
    holds = Counter(example["signal"] for example in EXAMPLES if example["signal"] in example["signals"])
    lacks = Counter(example["signal"] for example in EXAMPLES if example["signal"] not in example["signals"])
    languages = {signal: {example["lang"] for example in EXAMPLES if example["signal"] == signal} for signal in WEIGHTS}
    assert {signal: (holds[signal], lacks[signal]) for signal in WEIGHTS if min(holds[signal], lacks[signal]) < 5} == {}
    assert {signal: langs for signal, langs in languages.items() if langs != {"es", "en"}} == {}
