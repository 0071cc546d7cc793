"""Each sentence's signals: every signal pattern matched over the folded text (where the prefilter
says it can match), each match counted in the sentence of its first word, unless it lies in a
reported quotation."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import cache

from bench_pipeline.injection.signals import (
    addressed_model, addressee, authority_claim, authority_label, automation, data_sink, deixis, directive, explicit,
    lexicon, output_context, precedence, role_field, steering, verdict, work_product,
)
from bench_pipeline.injection.signals.grammar import (
    PERSONS_THING, QUOTED, SET_QUESTIONS, USER_BOUND, alt, names_only_a_role,
)
from bench_pipeline.injection.signals.prefilter import Prefilter, matches, opening_filter
from bench_pipeline.injection.signals.text import JOIN, mentioned, piece_at
from bench_pipeline.reading.textmap import fold

_SIGNALS = [(name, re.compile(pattern)) for name, pattern in (
    ("explicit", explicit.JAILBREAK), ("explicit", explicit.UNBOUND), ("explicit", explicit.EXFILTRATION),
    ("addressed_model", addressed_model.PATTERN), ("addressee", addressee.PATTERN),
    ("output_context", output_context.PATTERN), ("authority_label", authority_label.PATTERN),
    ("role_field", role_field.PATTERN), ("precedence", precedence.PATTERN), ("steering", steering.PATTERN),
    ("authority_claim", authority_claim.PATTERN), ("deixis", deixis.PATTERN), ("automation", automation.PATTERN),
    ("work_product", work_product.PATTERN),
    ("read_order", directive.OBLIGED), ("read_order", directive.SAY_THAT),
)]
# A directive alone meets neither bar: it is looked for only in and beside sentences with another
# signal, a match starting there and reading at most `_DIRECTIVE_TAIL` characters past them. In the
# texts people read, an obligation laid on saying something (`OBLIGED`) or an order to say something
# (`SAY_THAT`) is a directive in every sentence: found with the signals, through the prefilter.
_DIRECTIVE = re.compile(directive.PATTERN)
# A verdict counts only in a statement about a work product, and is looked for there alone.
_VERDICT = re.compile(verdict.PATTERN)
_READ_ORDER = "read_order"
_DIRECTIVE_TAIL = 120
_ROLE_SIGNALS = frozenset({"addressee", "addressed_model", "authority_label", "automation"})
_ADDRESSING_READER = frozenset({"addressee", "addressed_model"})
# What comes right before a reader that is spoken of, not addressed: an order to a person to ask it ("pídele al"),
# or the preposition of another noun's complement, with up to two words more ("providers of general-purpose").
_SPOKEN_OF = (
    re.compile(rf"\b{alt(*lexicon.ASKING_ORDERS)}\s+(?:a\s+|al\s+|a la\s+|a los\s+|a las\s+|the\s+"
               r"|your\s+|an?\s+|tu\s+)?$"),
    re.compile(r"\b(?:of|de|del|sobre|about)\s+(?:[a-z-]+\s+){0,2}$"),
)
_BEFORE_REACH = 30
_WEIGHTLESS = frozenset({"work_product", "verdict"})
# Words a sentence needs for a work product or a verdict in it to count: a menu's "Regístrate / Mi Perfil" orders
# nothing about a profile, and a rating's label ("Calificación: 5 de 5 estrellas") or a table's cell is data.
_ORDER_WORDS = 5
_STATEMENT_WORDS = 8
_WORD = re.compile(r"[a-z]+")  # the folded text's words; numbers and slashes are not

# `output_context`'s forms that name the reader's user and nothing else.
_USER_NAMED = re.compile(r"(?:al|del) usuario|(?:tell|inform|ask|show) the user|the user'?s [a-z]+")
_PARTY_REACH = 3
Match = tuple[str, int, str]  # signal, where it starts in the folded text, what it matched


def signal_matches(pieces: list[str], folded_pieces: list[str], folded: str, starts: list[int],
                   read: frozenset[int] = frozenset(), exhaustive: bool = False) -> list[Match]:
    """Every match of the signal patterns but the directive, and the `read_order` matches of the texts people
    read (their positions in `read`). `folded` is `folded_pieces` joined by `JOIN`, each starting at its place in
    `starts`; `pieces` are the same texts unfolded. `exhaustive` searches every pattern everywhere: the
    reference the prefilter must equal."""
    prefilter = _prefilter()
    matched: list[Match] = []
    for (name, pattern), where, opening in zip(_SIGNALS, prefilter.spans(folded), prefilter.starts):
        hits = pattern.finditer(folded) if exhaustive or where is None else matches(pattern, folded, where, opening)
        matched += [(name, match.start(), match.group()) for match in hits
                    if name != _READ_ORDER or piece_at(starts, match.start()) in read]
    return matched + _data_sinks(pieces, folded_pieces, starts)


def signals_per_sentence(matched: list[Match], folded: str, bounds: list[tuple[int, int]], owner: list[int],
                         texts: list[tuple[int, int]], exhaustive: bool = False) -> list[set[str]]:
    """Each sentence's signals, from `signal_matches` and the directive's. `owner`: each sentence's text;
    `texts`: where in `folded` the texts with sentences lie. `exhaustive` searches the directive everywhere:
    the reference its shortcut must equal."""
    read_orders = [("directive", start, text) for name, start, text in matched if name == _READ_ORDER]
    matched = [match for match in matched if match[0] != _READ_ORDER]
    found: list[set[str]] = [set() for _ in bounds]
    starts = [start for start, _ in bounds]
    # Quotations are read text by text: none spans two.
    quoted = _union([(start + a, start + b) for start, end in texts for a, b in mentioned(folded[start:end])])
    # Each reads a match's sentence, or those around it.
    for reading in (_editions_apart, _roles_apart, _persons_apart, _spoken_of_apart, _parties_apart):
        matched = reading(matched, folded, bounds, starts)
    counted = _attribute(matched, found, starts, quoted)
    words = {index: len(_WORD.findall(folded, *bounds[index])) for index, signals in enumerate(found)
             if "work_product" in signals}
    for index, count in words.items():
        if count < _ORDER_WORDS:
            found[index].discard("work_product")
    statements = [(0, len(folded))] if exhaustive else [bounds[index] for index, count in words.items()
                                                        if count >= _STATEMENT_WORDS]
    verdicts = _within(_VERDICT, folded, statements, exhaustive)
    _attribute([("verdict", match.start(), match.group()) for match in verdicts], found, starts, quoted)
    for index, signals in enumerate(found):
        if words.get(index, 0) < _STATEMENT_WORDS:
            signals.discard("verdict")  # a verdict where nothing is evaluated is any page's praise
    # A work product or a verdict alone is looked at for an order in its own sentence, never beside it.
    beside: set[int] = set()  # the sentences with a signal, and those of the same text next to a signalled one
    for index, signals in enumerate(found):
        if signals:
            beside.add(index)
            if signals - _WEIGHTLESS:
                beside.update(near for near in (index - 1, index + 1)
                              if 0 <= near < len(bounds) and owner[near] == owner[index])
    where = [(0, len(folded))] if exhaustive else _merged([bounds[index] for index in sorted(beside)])
    directives = _within(_DIRECTIVE, folded, where, exhaustive)
    orders = [("directive", match.start(), match.group()) for match in directives]
    ordered = _ordered_products(counted, _attribute(orders + read_orders, found, starts, quoted), starts)
    for index, signals in enumerate(found):
        if index not in ordered and "verdict" not in signals:
            signals.discard("work_product")  # a report named where nothing is ordered or judged: news, manuals
        if signals & {"addressee", "addressed_model", "role_reader"}:
            signals.discard("automation")  # the reader addressed is the automated reader mentioned: one signal
    return found


def _ordered_products(matched: list[Match], orders: list[Match], starts: list[int]) -> set[int]:
    """The sentences where a work product is named beside an order that ends on another word: in "Report any
    outage to the help desk" the order's verb is the only report. Both as `_attribute` counted them (not quoted)."""
    ends: dict[int, set[int]] = {}
    for _, start, text in orders:
        ends.setdefault(piece_at(starts, first_word(start, text)), set()).add(start + len(text))
    products = [(piece_at(starts, first_word(start, text)), start + len(text))
                for name, start, text in matched if name == "work_product"]
    return {index for index, end in products if ends.get(index, set()) - {end}}


@cache
def _prefilter() -> Prefilter:
    """Built on first use: reading the patterns for their literals takes half a second."""
    return Prefilter([pattern for _, pattern in _SIGNALS])


def _data_sinks(pieces: list[str], folded_pieces: list[str], starts: list[int]) -> list[Match]:
    """`data_sink` matched on each text as written (the placeholder's capitals); where folding changed
    the length before a match (`…` → `...`), its place in the folded text is the folded prefix's length."""
    matched = []
    for piece, folded_piece, offset in zip(pieces, folded_pieces, starts):
        same = len(piece) == len(folded_piece)
        matched += [("data_sink", offset + (match.start() if same else len(fold(piece[:match.start()]))), match.group())
                    for match in data_sink.PATTERN.finditer(piece)]
    return matched


def _roles_apart(matched: list[Match], folded: str, bounds: list[tuple[int, int]], starts: list[int]) -> list[Match]:
    """A match in a sentence whose only reader is a bare role noun ("los asistentes deberán",
    "Información para agentes") becomes `role_reader`: it may speak to people, so it addresses a reader
    only beside an order about an answer (`rule`). As a mere mention (`automation`) it is no automated
    reader at all. A qualified reader anywhere in the sentence ("an AI assistant") settles who it is, and
    so does a chat transcript's role field ("speaker: assistant"). `starts`: where each sentence starts."""
    transcripts = {piece_at(starts, start) for name, start, _ in matched if name == "role_field"}
    kept = []
    for name, start, text in matched:
        index = piece_at(starts, start)
        sentence = bounds[index] if bounds else (0, len(folded))
        if name in _ROLE_SIGNALS and index not in transcripts and names_only_a_role(text, folded[slice(*sentence)]):
            if name == "automation":
                continue
            name = "role_reader"
        kept.append((name, start, text))
    return kept


def _spoken_of_apart(matched: list[Match], folded: str, bounds: list[tuple[int, int]],
                     starts: list[int]) -> list[Match]:
    """A reader named right after an order to a person to ask it something ("pídele al modelo que cite sus
    fuentes", "ask the assistant to summarise") is spoken of, as a tutorial speaks of a model to its user; so is
    a reader named as the complement of another noun ("Providers of general-purpose AI models must publish…",
    "los fabricantes de los chatbots deben…"): what the sentence lays down falls on that noun. The match
    becomes `automation`, a mention."""
    kept = []
    for name, start, text in matched:
        at = first_word(start, text)
        if name in _ADDRESSING_READER and any(before.search(folded, max(0, at - _BEFORE_REACH), at)
                                              for before in _SPOKEN_OF):
            name = "automation"
        kept.append((name, start, text))
    return kept


def _editions_apart(matched: list[Match], folded: str, bounds: list[tuple[int, int]], starts: list[int]) -> list[Match]:
    """A claim to be the only valid or official version drops out where its sentence names where the text is
    published ("La convocatoria publicada en este portal es la única versión válida", "la versión oficial es
    la publicada en el DOF"): a page pointing to where its own authority lies claims no precedence over what
    the reader was told."""
    return [(name, start, text) for name, start, text in matched
            if not (name == "precedence" and "version" in text and bounds
                    and precedence.EDITION.search(folded, *bounds[piece_at(starts, start)]))]


def _persons_apart(matched: list[Match], folded: str, bounds: list[tuple[int, int]], starts: list[int]) -> list[Match]:
    """An `output_context` match becomes `person_context` (a condition on a person's task, or a person's
    answer to a form) in a sentence that says its reader owns something a program does not ("si estás
    evaluando proveedores para tu planta", "if you are asked for your booking reference"), or where it or
    the sentence before it on the same line sets questions ("Answer all questions. Your answer should show…", "In your
    response to Question 3", "Lea cada pregunta antes de responder")."""
    kept = []
    for name, start, text in matched:
        if name == "output_context" and bounds:
            index = piece_at(starts, start)
            start_of, end_of = bounds[index]
            # The sentence before counts on the same line only: a hidden element's text starts its own line.
            before = bounds[index - 1][0] if index and "\n" not in folded[bounds[index - 1][0]:start_of] else start_of
            quotes = [quote.span() for quote in QUOTED.finditer(folded, start_of, end_of)]
            if SET_QUESTIONS.search(folded, before, end_of) or any(
                    not any(a <= thing.start() < b for a, b in quotes)
                    for thing in PERSONS_THING.finditer(folded, start_of, end_of)):
                name = "person_context"
        kept.append((name, start, text))
    return kept


def _parties_apart(matched: list[Match], folded: str, bounds: list[tuple[int, int]], starts: list[int]) -> list[Match]:
    """Where a text lays duties on its user ("El usuario se obliga a…", "the user shall…": terms of use, a privacy
    notice) within `_PARTY_REACH` sentences of an `output_context` match that names the user ("la negligencia
    del usuario", "the user's data"), that user is a party to the text, not the person the reader answers: the
    match becomes `person_context`. Not further: a page's terms in its footer say nothing of its other lines."""
    kept = []
    for name, start, text in matched:
        if name == "output_context" and bounds and _USER_NAMED.fullmatch(text.strip()):
            index = piece_at(starts, start)
            low, high = bounds[max(0, index - _PARTY_REACH)][0], bounds[min(len(bounds) - 1, index + _PARTY_REACH)][1]
            before, after = folded.rfind(JOIN, low, start), folded.find(JOIN, start, high)  # this text's sentences only
            if USER_BOUND.search(folded, before + len(JOIN) if before >= 0 else low, after if after >= 0 else high):
                name = "person_context"
        kept.append((name, start, text))
    return kept


def first_word(start: int, text: str) -> int:
    """Where a match's first word is: a match may open on the space before it, and belongs where that word is."""
    return start + len(text) - len(text.lstrip())


def _attribute(matched: list[Match], found: list[set[str]], starts: list[int],
               quoted: list[tuple[int, int]]) -> list[Match]:
    """Each match's signal added to the sentence of its first word, unless that word is inside one of `quoted`
    (sorted, merged spans); the matches counted are returned."""
    quote_starts = [a for a, _ in quoted]
    counted = []
    for name, start, text in matched:
        at = first_word(start, text)
        index = bisect_right(quote_starts, at) - 1
        if index >= 0 and at < quoted[index][1]:
            continue
        found[piece_at(starts, at)].add(name)
        counted.append((name, start, text))
    return counted


def _within(pattern: re.Pattern[str], text: str, spans: list[tuple[int, int]],
            exhaustive: bool = False) -> Iterator[re.Match[str]]:
    """The matches of `pattern` that start inside one of `spans`, reading at most `_DIRECTIVE_TAIL`
    characters past a span's end: each span searched on its own, tried only where the pattern's opening
    allows a match to start (`exhaustive`: at every position, the reference that shortcut must equal)."""
    opening = None if exhaustive else _opening(pattern)
    for start, end in spans:
        stop = min(len(text), end + _DIRECTIVE_TAIL)
        if opening is not None:
            yield from matches(pattern, text, [(start, end)], opening, stop)
            continue
        for match in pattern.finditer(text, start, stop):
            if match.start() >= end:
                break
            yield match


@cache
def _opening(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    return opening_filter(pattern)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1] + 1:
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def _union(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The positions in any of `spans`, as sorted spans none of which overlap."""
    union: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if union and start < union[-1][1]:
            union[-1] = (union[-1][0], max(end, union[-1][1]))
        else:
            union.append((start, end))
    return union
