"""A literal prefilter: each signal pattern is tried only where its words are.

Most of a page holds no word a signal needs, yet a regular expression of hundreds of alternatives is
tried at every character. So, before matching, every pattern is read (through Python's own regular
expression parser) for the literals its matches must hold: a pattern is an alternation of branches,
a branch a sequence of parts; a match of a sequence holds what any one of its parts requires, a
match of an alternation what one of its branches requires, and a positive lookahead (`(?=…)`) what
its pattern requires from where it stands (an order to send data is tried only where a destination
and the reader's data follow it). A literal carries the word boundaries the pattern puts around it
(` ia ` is the word "ia", not the "ia" of "historia") and how far from a match's start it can lie.

One Aho–Corasick pass over the text (`pyahocorasick`) finds every literal of every pattern. Where a
sequence offers several parts to look for, the two found least in this text are used, a match
starting only where both allow, so a page full of one word does not make a pattern costly when
another word it needs is absent or far from it; a pattern that opens a line (`(?:^|\n)`) starts only
where a line does. The pattern is then tried only at the positions a match could start from those
literals, each try reading as far as it needs: the matches are those of a search over the whole text. Of those
positions, only the ones its opening allows are tried (`start_filter`: a word's first letter after `\\b`, the
character after a mark its lookbehind reads, the text's start), found by one search in C, not one try each.

An unbounded run before a literal (`\\s+`, `\\w*`) is taken to span at most `UNBOUNDED` characters;
that is the prefilter's one assumption about text.
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from re import _constants as sre
from re import _parser as sre_parse
from typing import NamedTuple

import ahocorasick

UNBOUNDED = 40
_MAX_STRINGS = 300  # an exact part with more spellings than this is not spelt out
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)
# Where a line starts, looked for apart (the literals' text has no line breaks): the text's start and
# each line break, as a pattern's `(?:^|\n)` reads it.
LINE_START = "\n"
_LINE_BREAK = re.compile("\n")
_LITERAL_KINDS = frozenset({"literals", "line start"})
# Text as the prefilter reads it: every character but a-z and 0-9 a space, one for one.
_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789")
_NORMAL = bytes(code if code in _WORD_BYTES else 0x20 for code in range(256))

Span = tuple[int, int]


def normal(text: str) -> str:
    return text.encode("ascii", "replace").translate(_NORMAL).decode("ascii")


class _Node(NamedTuple):
    """What every match holds: `literals` — one of `offsets`' literals, each (least, most) characters
    after the match's start; `all of` — what each child requires (any one child can be looked for);
    `one of` — what one child requires (all of them must be looked for); `line start` — the text's
    start or a line break, at `offsets`' one place (a pattern's `(?:^|\n)`). Once numbered, literals
    are numbers and `numbers` holds every one below, `mask` the same as bits (one AND tells whether a
    text holds any of them)."""
    kind: str
    children: tuple
    offsets: dict
    numbers: frozenset[int] = frozenset()
    mask: int = 0


class _Head(NamedTuple):
    """Exact text a part follows directly, to be joined to the literals the part opens with."""
    strings: frozenset[str]
    opened: bool
    at: Span


class _Analysis:
    """The literals of one parsed pattern. Spellings, widths and edges are kept by parser node: the
    walk asks a part for them more than once."""

    def __init__(self) -> None:
        self._exact: dict[int, frozenset[str] | None] = {}
        self._exact_items: dict[int, frozenset[str] | None] = {}
        self._width: dict[int, Span] = {}
        self._edges: dict[tuple[int, bool], bool | None] = {}

    def requirement(self, items, at: Span = (0, 0), opened=False, closed=False, head: _Head | None = None):
        """What every match of the sequence `items` holds. `at`: where the sequence starts after the
        match's start; `opened`/`closed`: a non-word character (or the text's edge) surely lies
        before/after the sequence."""
        options = []
        index = 0
        low, high = at
        while index < len(items):
            if items[index][0] in _ZERO_WIDTH:
                ahead = self._lookahead(items[index], (low, high), self._open_before(items, index, opened))
                if ahead is not None:
                    options.append(ahead)
                index, head = index + 1, None
                continue
            end, run = index, frozenset({""})
            while end < len(items):
                strings = None if _is_line_start(items[end]) else self.exact_item(items[end])
                joined = None if strings is None else _product(run, strings)
                if joined is None:
                    break
                run, end = joined, end + 1
            run_at, run_open = (low, high), self._open_before(items, index, opened)
            if end > index:
                if head is not None and (joined := _product(head.strings, run)) is not None:
                    run, run_open, run_at = joined, head.opened, head.at
                head = None
                if "" not in run:
                    literals = _literals(run, run_at, run_open, self._open_after(items, end, closed))
                    if literals is not None:
                        options.append(literals)
                    head = _Head(run, run_open, run_at)
                for item in items[index:end]:
                    low, high = _plus((low, high), self.width_item(item))
            if end < len(items):
                found = self._part(items[end], (low, high), self._open_before(items, end, opened),
                                   self._open_after(items, end + 1, closed), head)
                if found is not None:
                    options.append(found)
                low, high = _plus((low, high), self.width_item(items[end]))
                end += 1
            head = None
            index = end
        if not options:
            return None
        return options[0] if len(options) == 1 else _Node("all of", tuple(options), {})

    def _lookahead(self, item, at: Span, opened: bool):
        """What a positive lookahead at `at` requires: its pattern matched from there, though the match goes on
        from where the lookahead started. Other zero-width parts require nothing."""
        op, av = item
        if op != sre.ASSERT or av[0] != 1:
            return None
        return self.requirement(_items(av[1]), at, opened)

    def _part(self, item, at: Span, opened: bool, closed: bool, head: _Head | None):
        op, av = item
        if op == sre.SUBPATTERN:
            return self.requirement(_items(av[3]), at, opened, closed, head)
        if op == sre.ATOMIC_GROUP:
            return self.requirement(_items(av), at, opened, closed, head)
        if op == sre.ASSERT:
            return self._lookahead(item, at, opened)
        if _is_line_start(item):
            return _Node("line start", (), {LINE_START: at})  # the text's start or a line break
        if op == sre.BRANCH:
            branches, merged = [], {}
            for branch in av[1]:
                found = self.requirement(_items(branch), at, opened, closed, head)
                if found is None:
                    return None
                if found.kind == "literals":
                    for literal, offsets in found.offsets.items():
                        merged[literal] = _hull(merged.get(literal), offsets)
                else:
                    branches.append(found)
            if merged:
                branches.append(_Node("literals", (), merged))
            return branches[0] if len(branches) == 1 else _Node("one of", tuple(branches), {})
        if op in _REPEATS and av[0] >= 1:
            return self.requirement(_items(av[2]), at, opened, closed and av[1] == 1, head)
        return None

    def exact(self, items) -> frozenset[str] | None:
        """Every text the sequence matches, when there are few."""
        items = _items(items)
        key = id(items)
        if key not in self._exact:
            found: frozenset[str] | None = frozenset({""})
            letters: list[str] = []  # a run of literal characters, joined at once
            for item in items:
                if item[0] == sre.LITERAL:
                    letters.append(chr(item[1]))
                    continue
                strings = self.exact_item(item)
                if strings is None:
                    found = None
                    break
                found = _product(found, frozenset({"".join(letters)}) if letters else frozenset({""}))
                letters = []
                found = None if found is None else _product(found, strings)
                if found is None:
                    break
            if found is not None and letters:
                found = _product(found, frozenset({"".join(letters)}))
            self._exact[key] = found
        return self._exact[key]

    def exact_item(self, item) -> frozenset[str] | None:
        key = id(item)
        if key not in self._exact_items:
            self._exact_items[key] = self._exact_of(item)
        return self._exact_items[key]

    def _exact_of(self, item) -> frozenset[str] | None:
        op, av = item
        if op == sre.LITERAL:
            return frozenset({chr(av)})
        if op == sre.AT:
            return frozenset({""})
        if op == sre.IN:
            chars = set()
            for kind, value in av:
                if kind == sre.LITERAL:
                    chars.add(chr(value))
                elif kind == sre.RANGE and value[1] - value[0] < 4:
                    chars.update(chr(code) for code in range(value[0], value[1] + 1))
                else:
                    return None
            return frozenset(chars)
        if op == sre.SUBPATTERN:
            return self.exact(av[3])
        if op == sre.BRANCH:
            found: set[str] = set()
            for branch in av[1]:
                strings = self.exact(branch)
                if strings is None or len(found) + len(strings) > _MAX_STRINGS:
                    return None
                found |= strings
            return frozenset(found)
        if op in _REPEATS and av[1] <= 3:
            strings = self.exact(av[2])
            if strings is None:
                return None
            found, current = set(), frozenset({""})
            for count in range(av[1] + 1):
                if count >= av[0]:
                    found |= current
                if count < av[1] and (current := _product(current, strings)) is None:
                    return None
            return frozenset(found)
        return None

    def width(self, items) -> Span:
        """The least and most characters the sequence matches (an unbounded run counted `UNBOUNDED`)."""
        items = _items(items)
        key = id(items)
        if key not in self._width:
            low = high = 0
            for item in items:
                if item[0] == sre.LITERAL:
                    low, high = low + 1, high + 1
                else:
                    least, most = self.width_item(item)
                    low, high = low + least, high + most
            self._width[key] = (low, high)
        return self._width[key]

    def width_item(self, item) -> Span:
        op, av = item
        if op in (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY):
            return 1, 1
        if op in _ZERO_WIDTH:
            return 0, 0
        if op == sre.SUBPATTERN:
            return self.width(av[3])
        if op == sre.ATOMIC_GROUP:
            return self.width(av)
        if op == sre.BRANCH:
            widths = [self.width(branch) for branch in av[1]]
            return min(low for low, _ in widths), max(high for _, high in widths)
        if op in _REPEATS:
            low, high = self.width(av[2])
            return av[0] * low, UNBOUNDED if av[1] == sre.MAXREPEAT else av[1] * high
        return 0, UNBOUNDED  # a back-reference

    def _open_before(self, items, end: int, fallback: bool) -> bool:
        """Whether what `items[:end]` matched surely ends on a non-word character or the text's start."""
        found = self._edge_scan(items, range(end - 1, -1, -1), forward=False)
        return fallback if found is None else found

    def _open_after(self, items, start: int, fallback: bool) -> bool:
        """Whether what `items[start:]` matches surely starts on a non-word character or the text's end."""
        found = self._edge_scan(items, range(start, len(items)), forward=True)
        return fallback if found is None else found

    def _edge(self, items, forward: bool) -> bool | None:
        items = _items(items)
        key = (id(items), forward)
        if key not in self._edges:
            order = range(len(items)) if forward else range(len(items) - 1, -1, -1)
            self._edges[key] = self._edge_scan(items, order, forward)
        return self._edges[key]

    def _edge_scan(self, items, order, forward: bool) -> bool | None:
        """Walking from one end of `items`: True when the first character met is surely not a word
        character (or the text's edge), False when it may be one, None when all may be empty."""
        edges = (sre.AT_END, sre.AT_END_STRING) if forward else (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING)
        for index in order:
            op, av = items[index]
            if op == sre.AT:
                if av == sre.AT_BOUNDARY or av in edges:
                    return True
                continue
            if op == sre.ASSERT and (av[0] >= 0) == forward and self._edge(av[1], forward):
                return True  # a lookaround for a non-word character
            if op in (sre.ASSERT, sre.ASSERT_NOT):
                continue
            if op in (sre.LITERAL, sre.IN):
                return _never_word(op, av)
            if op == sre.SUBPATTERN:
                inner = self._edge(av[3], forward)
            elif op == sre.BRANCH:
                results = [self._edge(branch, forward) for branch in av[1]]
                inner = False if False in results else True if all(results) else None
            elif op in _REPEATS:
                inner = self._edge(av[2], forward)
                if inner is False:
                    return False
                inner = True if inner and av[0] >= 1 else None
            else:
                return False
            if inner is not None:
                return inner
        return None


def start_filter(items, multiline: bool = False) -> re.Pattern[str] | None:
    """A zero-width pattern that holds wherever a match of the parsed sequence can start, read off its opening:
    a `\\b` before a word's first letter, a lookbehind's last character, the text's start, the first character
    it consumes. None when its opening leaves any position possible. A word of prose holds few such places:
    a pattern that opens a clause (after ".", ":" or a line break) starts after a punctuation mark only."""
    openings = _openings(items)
    if openings is None:
        return None
    kinds: dict[str, set[str]] = {}
    for kind, atoms in openings:
        kinds.setdefault(kind, set()).update(atoms)
    rendered = {"start": "(?:\\A|(?<=\\n))" if multiline else "\\A", "text start": "\\A", "boundary": "\\b"}
    alternatives = [rendered[kind] for kind in ("start", "text start", "boundary") if kind in kinds]
    alternatives += [template.format(_class(frozenset(kinds[kind]))) for kind, template in (
        ("behind", "(?<={})"), ("word", "\\b(?={})"), ("ahead", "(?={})")) if kind in kinds]
    return re.compile("|".join(alternatives))


Opening = tuple[str, frozenset[str]]  # a kind of place a match starts at, and the characters that place reads


def _openings(items) -> set[Opening] | None:
    items = _items(items)
    for index, (op, av) in enumerate(items):
        if op == sre.AT:
            if av == sre.AT_BOUNDARY:
                following = _first_chars(items[index + 1:])
                return {("boundary", frozenset())} if following is None else {("word", following)}
            if av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING):
                return {("start" if av == sre.AT_BEGINNING else "text start", frozenset())}
            return None
        if op == sre.ASSERT and av[0] < 0:  # a lookbehind: the character before the start is its last one
            before = _last_chars(_items(av[1]))
            return None if before is None else {("behind", before)}
        if op in (sre.ASSERT, sre.ASSERT_NOT):
            continue
        if op == sre.BRANCH:
            found: set[Opening] = set()
            for branch in av[1]:
                opening = _openings(list(_items(branch)) + items[index + 1:])
                if opening is None:
                    return None
                found |= opening
            return found
        if op == sre.SUBPATTERN:
            return _openings(list(_items(av[3])) + items[index + 1:])
        first = _first_chars(items[index:])
        return None if first is None else {("ahead", first)}
    return None


def _first_chars(items) -> frozenset[str] | None:
    """The characters a match of the sequence can open on, as character-class atoms; None when any can (or the
    sequence may match nothing, its follower unknown here)."""
    items = _items(items)
    for index, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            continue
        rest = items[index + 1:]
        if op in (sre.LITERAL, sre.IN):
            return _atoms(op, av)
        if op == sre.SUBPATTERN:
            return _first_chars(list(_items(av[3])) + rest)
        if op == sre.ATOMIC_GROUP:
            return _first_chars(list(_items(av)) + rest)
        if op == sre.BRANCH:
            found: set[str] = set()
            for branch in av[1]:
                chars = _first_chars(list(_items(branch)) + rest)
                if chars is None:
                    return None
                found |= chars
            return frozenset(found)
        if op in _REPEATS:
            inner = _first_chars(list(_items(av[2])) + rest)
            if av[0] == 0 and inner is not None:  # an optional part: it, or what follows it, opens the match
                after = _first_chars(rest)
                return None if after is None else inner | after
            return inner
        return None
    return None


def _last_chars(items) -> frozenset[str] | None:
    """The characters a match of the (lookbehind's) sequence can close on; None when any can."""
    for op, av in reversed(_items(items)):
        if op in _ZERO_WIDTH:
            continue
        if op in (sre.LITERAL, sre.IN):
            return _atoms(op, av)
        if op == sre.SUBPATTERN:
            return _last_chars(av[3])
        if op == sre.BRANCH:
            found: set[str] = set()
            for branch in av[1]:
                chars = _last_chars(branch)
                if chars is None:
                    return None
                found |= chars
            return frozenset(found)
        return None
    return None


_CATEGORY_ATOMS = {sre.CATEGORY_DIGIT: "\\d", sre.CATEGORY_SPACE: "\\s", sre.CATEGORY_WORD: "\\w",
                   sre.CATEGORY_NOT_DIGIT: "\\D", sre.CATEGORY_NOT_SPACE: "\\S", sre.CATEGORY_NOT_WORD: "\\W"}


def _atoms(op, av) -> frozenset[str] | None:
    """A literal or a character class as atoms of a class; None for a negated class (it cannot join others)."""
    if op == sre.LITERAL:
        return frozenset({re.escape(chr(av))})
    atoms = set()
    for kind, value in av:
        if kind == sre.LITERAL:
            atoms.add(re.escape(chr(value)))
        elif kind == sre.RANGE:
            atoms.add(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
        elif kind == sre.CATEGORY and value in _CATEGORY_ATOMS:
            atoms.add(_CATEGORY_ATOMS[value])
        else:
            return None
    return frozenset(atoms)


def _class(atoms: frozenset[str]) -> str:
    return "[" + "".join(sorted(atoms)) + "]"


def _is_line_start(item) -> bool:
    """Whether a part is `(?:^|\n)`."""
    if item[0] != sre.BRANCH or len(item[1][1]) != 2:
        return False
    firsts = [_items(branch)[0] for branch in item[1][1] if len(_items(branch)) == 1]
    return (sre.AT, sre.AT_BEGINNING) in firsts and (sre.LITERAL, ord("\n")) in firsts


def _items(node) -> list:
    """The parts of a parsed sequence as a plain list (a parser `SubPattern` wraps one)."""
    return getattr(node, "data", node)


def _never_word(op, av) -> bool:
    if op == sre.LITERAL:
        return not _word_char(chr(av))
    for kind, value in av:
        if kind == sre.LITERAL and _word_char(chr(value)):
            return False
        if kind in (sre.RANGE, sre.NEGATE) or kind == sre.CATEGORY and value not in (
                sre.CATEGORY_SPACE, sre.CATEGORY_NOT_WORD):
            return False
    return True


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _product(first: frozenset[str], second: frozenset[str]) -> frozenset[str] | None:
    if len(second) == 1:
        (tail,) = second
        return first if not tail else frozenset([a + tail for a in first])
    if len(first) * len(second) > _MAX_STRINGS:
        return None
    return frozenset([a + b for a in first for b in second])


def _plus(first: Span, second: Span) -> Span:
    return first[0] + second[0], first[1] + second[1]


def _hull(first: Span | None, second: Span) -> Span:
    return second if first is None else (min(first[0], second[0]), max(first[1], second[1]))


def _literals(strings: frozenset[str], at: Span, opened: bool, closed: bool) -> _Node | None:
    """The strings as the prefilter reads them, a space marking a sure word boundary; None when one
    of them is too common a thing to look for (a letter, a bare part of a word)."""
    offsets: dict[str, Span] = {}
    for string in strings:
        text = normal(string)
        lead = opened and text[:1].isalnum()
        literal = (" " if lead else "") + text + (" " if closed and text[-1:].isalnum() else "")
        core = literal.replace(" ", "")
        if len(core) < 2 or len(core) == 2 and not literal.startswith(" "):
            return None
        shift = -1 if lead else 0  # the boundary's space lies just before the literal's place
        offsets[literal] = _hull(offsets.get(literal), (at[0] + shift, at[1] + shift))
    return _Node("literals", (), offsets)


class Prefilter:
    """Where in a text each of `patterns` may match."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        self._ids: dict[str, int] = {}
        self._requirements = []
        # Per pattern, where a match can start at all (`start_filter`): `matches` tries those positions alone.
        self.starts: list[re.Pattern[str] | None] = []
        for pattern in patterns:
            if pattern.flags & re.IGNORECASE:
                raise ValueError(f"a case-insensitive pattern cannot be prefiltered: {pattern.pattern[:60]}")
            parsed = _items(sre_parse.parse(pattern.pattern))
            found = _Analysis().requirement(parsed)
            self._requirements.append(None if found is None else self._numbered(found))
            self.starts.append(opening_filter(pattern, parsed))
        self._automaton = ahocorasick.Automaton()
        for literal, number in self._ids.items():
            if literal != LINE_START:
                self._automaton.add_word(literal, (number, len(literal)))
        self._automaton.make_automaton()

    def _numbered(self, node: _Node) -> _Node:
        if node.kind in _LITERAL_KINDS:
            offsets = {self._ids.setdefault(literal, len(self._ids)): span for literal, span in node.offsets.items()}
            return _Node(node.kind, (), offsets, frozenset(offsets), _mask(offsets))
        # The child with the fewest literals first: the likeliest to be absent, which settles an `all of`.
        children = tuple(sorted(map(self._numbered, node.children), key=lambda child: len(child.numbers)))
        numbers = frozenset().union(*(child.numbers for child in children))
        return _Node(node.kind, children, {}, numbers, _mask(numbers))

    def spans(self, text: str) -> list[list[Span] | None]:
        """Per pattern, the ranges of positions where a match may start; None where the pattern
        requires no literal (it is then searched everywhere)."""
        hits: dict[int, list[int]] = {}
        # The text is read with a space on either side: its edges are word boundaries.
        for end, (number, length) in self._automaton.iter(" " + normal(text) + " ") if len(self._automaton) else ():
            where = hits.get(number)
            if where is None:
                hits[number] = [end - length]  # the literal's first character, in `text`
            else:
                where.append(end - length)
        if LINE_START in self._ids:
            hits[self._ids[LINE_START]] = [0] + [brk.start() for brk in _LINE_BREAK.finditer(text)]
        found = _Found(frozenset(hits), _mask(hits))
        costs: dict[int, int] = {}
        spans = []
        for requirement in self._requirements:
            if requirement is None:
                spans.append(None)
                continue
            starts: list[Span] = []
            if _cost(requirement, hits, found, costs):
                _starts(requirement, hits, found, costs, starts)
            spans.append(_merged(starts))
        return spans


class _Found(NamedTuple):
    """The literals a text holds, as numbers and as bits."""
    numbers: frozenset[int]
    mask: int


def _mask(numbers) -> int:
    bits = bytearray(max(numbers, default=0) // 8 + 1)
    for number in numbers:
        bits[number >> 3] |= 1 << (number & 7)
    return int.from_bytes(bits, "little")


def _cost(node: _Node, hits: dict[int, list[int]], found: _Found, costs: dict[int, int]) -> int:
    """Positions to try if `node` is looked for: each hit times the positions it leaves open."""
    if not node.mask & found.mask:
        return 0
    key = id(node)
    if key in costs:
        return costs[key]
    # Loops, not generators: this runs for hundreds of nodes a text.
    cost = 0
    if node.kind in _LITERAL_KINDS:
        for number in node.numbers & found.numbers:
            low, high = node.offsets[number]
            cost += len(hits[number]) * (high - low + 1)
    elif node.kind == "all of":
        for child in node.children:
            if not child.mask & found.mask:
                break
        else:
            cost = min([_cost(child, hits, found, costs) for child in node.children])
    else:
        for child in node.children:
            if child.mask & found.mask:
                cost += _cost(child, hits, found, costs)
    costs[key] = cost
    return cost


def _starts(node: _Node, hits: dict[int, list[int]], found: _Found, costs: dict[int, int],
            starts: list[Span]) -> None:
    if node.kind in _LITERAL_KINDS:
        for number in node.numbers & found.numbers:
            low, high = node.offsets[number]
            starts.extend([(at - high, at - low + 1) for at in hits[number]])  # below 0 cut by `_merged`
    elif node.kind == "all of":
        # A match holds what every child requires: it starts where the two cheapest children both allow,
        # and, when it opens a line, at a line's start (the line breaks are filtered, not listed).
        ranked = sorted(node.children, key=lambda child: _cost(child, hits, found, costs))
        anchors = [child for child in ranked if child.kind == "line start"]
        ranked = [child for child in ranked if child.kind != "line start"] or anchors[:1]
        allowed = _collected(ranked[0], hits, found, costs)
        if len(ranked) > 1:
            allowed = _intersected(allowed, _collected(ranked[1], hits, found, costs))
        if anchors and anchors[0] is not ranked[0]:
            allowed = _at_line_starts(allowed, anchors[0], hits)
        starts.extend(allowed)
    else:
        for child in node.children:
            if child.mask & found.mask and _cost(child, hits, found, costs):
                _starts(child, hits, found, costs, starts)


def _collected(node: _Node, hits: dict[int, list[int]], found: _Found, costs: dict[int, int]) -> list[Span]:
    starts: list[Span] = []
    _starts(node, hits, found, costs, starts)
    return _merged(starts)


def _at_line_starts(allowed: list[Span], anchor: _Node, hits: dict[int, list[int]]) -> list[Span]:
    """The positions of `allowed` from which the line start `anchor` lies where the pattern puts it."""
    ((number, (low, high)),) = anchor.offsets.items()
    breaks = hits[number]  # ascending
    near: list[Span] = []
    for start, end in allowed:
        index = bisect_left(breaks, start + low)  # a break at p lets a match start from p - high to p - low
        while index < len(breaks) and breaks[index] - high < end:
            near.append((max(start, breaks[index] - high), min(end, breaks[index] - low + 1)))
            index += 1
    return _merged(near)


def _merged(spans: list[Span]) -> list[Span]:
    """The ranges sorted and joined where they overlap, what lies before the text's start cut off."""
    merged: list[Span] = []
    low = high = -1
    for start, end in sorted(spans):
        if start <= high:
            if end > high:
                high = end
            continue
        if high > 0:
            merged.append((low if low > 0 else 0, high))
        low, high = start, end
    if high > 0:
        merged.append((low if low > 0 else 0, high))
    return merged


def _intersected(first: list[Span], second: list[Span]) -> list[Span]:
    """The positions in both of two sorted, merged lists of ranges."""
    both, index = [], 0
    for start, end in first:
        while index < len(second) and second[index][1] <= start:
            index += 1
        position = index
        while position < len(second) and second[position][0] < end:
            low, high = max(start, second[position][0]), min(end, second[position][1])
            if low < high:
                both.append((low, high))
            position += 1
    return both


def opening_filter(pattern: re.Pattern[str], parsed=None) -> re.Pattern[str] | None:
    """`start_filter` of a compiled pattern (`parsed`: its parse, when at hand)."""
    items = parsed if parsed is not None else _items(sre_parse.parse(pattern.pattern))
    return start_filter(items, multiline=bool(pattern.flags & re.MULTILINE))


def matches(pattern: re.Pattern[str], text: str, spans: list[Span], starts: re.Pattern[str] | None = None,
            endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
    """The matches `pattern.finditer(text, 0, endpos)` yields, trying only positions inside `spans`, and of those
    only where `starts` (its `start_filter`) holds."""
    match_at = pattern.match
    next_start = starts.search if starts is not None else None
    resume = 0
    for start, end in spans:
        position = max(start, resume)
        while position < end:
            if next_start is not None:
                opening = next_start(text, position)
                if opening is None:
                    return
                position = opening.start()
                if position >= end:
                    break
            found = match_at(text, position, endpos)
            if found is None:
                position += 1
                continue
            yield found
            resume = position = max(found.end(), position + 1)
