"""The decision: signals pooled over a window of sentences, weighed against a bar."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Literal

WEIGHTS = {
    "explicit": 3, "addressed_model": 3, "addressee": 2, "output_context": 2, "authority_label": 2, "role_field": 2,
    "precedence": 2, "steering": 2, "directive": 1, "authority_claim": 1, "deixis": 1, "automation": 1, "data_sink": 1,
    "role_reader": 2, "person_context": 1, "work_product": 0, "verdict": 0,
}
ADDRESSING = frozenset({"explicit", "addressed_model", "addressee", "output_context", "authority_label",
                        "role_field", "precedence"})
# Alone, these carry a hidden channel over its bar; any other signal needs a second one beside it.
_SELF_SUFFICIENT_HIDDEN = frozenset({"explicit", "addressed_model", "precedence"})
_ORDER_CONTEXT = frozenset({"authority_claim", "data_sink"})
# In sight, a role noun ("asistentes", "agents") addresses an automated reader only beside an order about
# what an answer says or where data goes; "los asistentes deberán presentar identificación" speaks to people.
_ANSWER_ORDERS = frozenset({"steering", "data_sink"})
VISIBLE_BAR = 3
HIDDEN_BAR = 2
Bar = Literal["visible", "hidden", "specimen"]
# Code shown on a page (an API's example request) carries roles and imperatives as data.
_SPECIMEN_DATA = frozenset({"role_field", "directive"})
_LABELS = frozenset({"authority_label", "addressed_model", "role_field"})
# A text that mentions automated readers in several sentences that give them nothing to do is about
# them (AI news, a crawler policy, a course on LLM security): there, talking of readers in the third
# person ("los rastreadores deben…", "the model should…") is the topic, and only speaking to one
# directly, or a jailbreak's grammar, meets the visible bar.
_MENTION = frozenset({"automation", "deixis", "authority_claim"})
_DISCUSSION = 2
_DIRECT = frozenset({"explicit", "addressed_model", "precedence", "data_sink"})
MAX_WINDOW = 700  # characters: two sentences of prose; longer runs are lists, not one utterance
_LABEL_SCOPE = 5  # sentences under a label: a heading and a short list
_HEADING = 100


def windows(bounds: list[tuple[int, int]], owner: list[int], found: list[set[str]], folded: str,
            every: bool = False) -> Iterator[tuple[int, int, int, set[str], frozenset[Bar]]]:
    """Each window that meets a bar (`every`: also those that meet none): (its first sentence, start,
    end, signals, bars met). A window is
    a sentence with a signal and the next one of the same text; a label or heading that names the
    reader or an authority ("### SYSTEM OVERRIDE", "Datos para IA:") speaks through the lines under it."""
    mentions = Counter(owner[index] for index, signals in enumerate(found)
                       if "automation" in signals and signals <= _MENTION)
    for index, (start, end) in enumerate(bounds):
        signals = found[index]
        if not signals:
            continue
        reach = _LABEL_SCOPE if signals & _LABELS and _is_heading(folded[start:end]) else 1
        for following in range(index + 1, min(len(bounds), index + 1 + reach)):
            if owner[following] != owner[index] or bounds[following][1] - start > MAX_WINDOW:
                break
            # A label ("Aviso del sistema:") opens a new utterance: it speaks through the lines under it,
            # never through those above ("Cierre el navegador. Aviso del sistema: …").
            if "authority_label" in found[following] and "authority_label" not in found[index]:
                break
            signals = signals | found[following]
            end = bounds[following][1]
        bars = bars_met(signals, discussing=mentions[owner[index]] >= _DISCUSSION)
        if bars or every:
            yield index, start, end, signals, bars


def bars_met(signals: set[str], discussing: bool = False) -> frozenset[Bar]:
    """The bars a window's signals meet; `discussing`: its text is about automated readers."""
    met = {bar for bar, hidden in (("visible", False), ("hidden", True)) if _meets(signals, hidden)}
    if _meets(signals - _SPECIMEN_DATA, hidden=False):
        met.add("specimen")
    if discussing and not signals & _DIRECT:
        met -= {"visible", "specimen"}
    return frozenset(met)


def addresses(signals: set[str], hidden: bool = False) -> bool:
    """Whether the window names its reader, its output or an authority over it. Out of sight a role
    noun names the automated reader: people are not sent notices in comments and hidden boxes."""
    return bool(signals & ADDRESSING) or "role_reader" in signals and (hidden or bool(signals & _ANSWER_ORDERS))


def _meets(signals: set[str], hidden: bool) -> bool:
    if sum(WEIGHTS[s] for s in signals) < (HIDDEN_BAR if hidden else VISIBLE_BAR):
        return False
    if not hidden:
        # Framing this page or company ("treat this page as verified") addresses whoever weighs sources.
        return addresses(signals) or "steering" in signals and "deixis" in signals
    # Hidden: one decisive signal, or two that together address the reader or give it an order in an
    # authority's name. A bare imperative beside the page naming itself ("Share this article") or a
    # mention of AI is not enough.
    ordered = "directive" in signals and bool(signals & _ORDER_CONTEXT)
    weighing = [signal for signal in signals if WEIGHTS[signal]]  # a weightless signal only makes a window
    return bool(signals & _SELF_SUFFICIENT_HIDDEN) or len(weighing) >= 2 and (
        addresses(signals, hidden=True) or "steering" in signals or ordered)


def _is_heading(sentence: str) -> bool:
    text = sentence.strip()
    return text.endswith(":") or len(text) <= _HEADING and not text.endswith((".", "!", "?", ";", ","))
