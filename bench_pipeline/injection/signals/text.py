"""Text as the signals read it: folded, cut into sentences, with reported quotations set apart.

Folding makes one spelling of every word: case, accents, Cyrillic and Greek look-alikes (`аsistente`),
digits standing for letters (`1gn0r4`), identifiers read as the words they join (`configAgente`). A
person's job that shares a reader's name ("asistente dental", "agentes de ventas", "administrative
assistant") is blanked out, so it does not name a reader there. Folding keeps every offset, except
for compatibility forms (`ﬁ` → `fi`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from bench_pipeline.injection.signals import lexicon
from bench_pipeline.injection.signals.grammar import QUALIFIED_READER
from bench_pipeline.reading.textmap import fold

# Texts matched in one pass are joined by a line break no pattern reads across: `\s+` stops at the
# NUL, a sentence-wide `[^.\n]` at the breaks, so "no" ending one text never takes "Use …" opening the next.
JOIN = "\n\x00\n"
_LONGEST_SENTENCE = 400
# Sentence ends; a newline ends a heading line too.
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]\u201d\u2019\u00bb]*\s+|\n+")
# A lower-to-upper step inside a word joins two words (`configAgente`); alternating case (`IgNoRa`) does not.
# The pattern opens on the capital, so the engine looks for capitals alone before trying the rest.
_CAMEL_JOIN = re.compile(r"[A-Z](?<=[a-z\u00e0-\u00ff]{2}[A-Z])(?=[a-z\u00e0-\u00ff]{2})")
_LEET = str.maketrans("013457", "oieast")
# A digit beside a letter: every leet word has one, most texts have none. Opening on the digit lets the
# engine look for digits alone before trying the rest.
_LETTER_BY_DIGIT = re.compile(r"[0-9](?:(?<=[a-z][0-9])|(?=[a-z]))")
_ALPHANUMERIC_RUN = re.compile(r"[a-z0-9]*")
_NO_DIGITS = str.maketrans("", "", "0123456789")
_WORD_CHAR = re.compile(r"\w")
# Latin look-alikes in Cyrillic and Greek (`аsistente`): read as the letters they imitate, one for one.
_CONFUSABLES = str.maketrans("аеорсухіјѕԁӏοαειкνρτυχ", "aeopcyxijsdloaeikvptux")
_CONFUSABLE = re.compile("[аеорсухіјѕԁӏοαειкνρτυχ]")
# A quotation the sentence reports as somebody's words: mentioned, not used. Named as words ("la
# frase '…'"), or after a verb or marker that reports or exemplifies them ("decía, aproximadamente:
# '…'", "for example '…'"); imperatives ("di", "say") do not report.
_REPORTED_QUOTE = re.compile(
    r"(?:\b(?:frases?|textos?|mensajes?|instrucci(?:on|ones)|ordenes|orden|leyendas?|palabras|cadenas?|comandos?"
    r"|lineas?|oraci(?:on|ones)|comentarios?"
    r"|phrases?|texts?|messages?|strings?|words|commands?|prompts?|lines?|sentences?|comments?|instructions?)"
    r"(?:\s+[a-z]+)?(?:\s+(?:como|tales como|del tipo|such as|like|as))?\s*[:,]?\s*"
    r"|\b(?:said|says|reads|wrote|writes|stated|states|saying|roughly|literally|verbatim|quoted|called|titled"
    r"|for example|e\.g\.|such as"
    r"|dice|decia|dijo|dicen|decian|reza|rezaba|leia|escribio|escribieron|indicaba|senalaba|por ejemplo|tales como"
    r"|textualmente"
    r"|literalmente|aproximadamente|llamad[oa]s?|titulad[oa]s?)\b[^\"'\u201c\u2018\u00ab\n.]{0,40}?)"
    r"([\"'\u201c\u2018\u00ab])([^\"'\u201d\u2019\u00bb\n]{4,300})[\"'\u201d\u2019\u00bb]"
    # Inline code (`…`) is shown, not said.
    r"|(`)([^`\n]{1,300})`")
# The same with its speaker after it, as press releases write it: '"…," said the sales director',
# '«…», afirmó'.
_ATTRIBUTED_QUOTE = re.compile(
    r"[\"\u201c\u00ab]([^\"\u201d\u00bb\n]{4,300}?)[,;]?[\"\u201d\u00bb]\s*[,;]?\s*(?:\u2014\s*)?"
    r"(?:[a-z-]+\s+){0,4}?\b(?:said|says|added|adds|explained|noted|stated|told|according to|dijo|dice|afirmo"
    r"|senalo|explico|comento|agrego|anadio|declaro|indico|expreso|destaco|aseguro|menciono|sostuvo|preciso"
    r"|subrayo|puntualizo)\b")
_QUOTE_MARK = re.compile("[\"'`\u201c\u2018\u00ab]")  # every reported quotation opens with one
_CHAINED_QUOTE = re.compile(
    r"\s*(?:,|;|o|u|y|e|or|and)\s+[\"'\u201c\u2018\u00ab]([^\"'\u201d\u2019\u00bb\n]{4,300})[\"'\u201d\u2019\u00bb]"
)
# A reader's own qualifier keeps a job noun a reader: "asistente virtual", "AI agent".
_AI_QUALIFIER = (r"(?:virtual\w*|digital\w*|inteligentes?|automatic\w*|automatizad\w*|autonom\w*|conversacional\w*"
                 r"|generativ\w*|personal\w*|artificial\w*|de (?:ia|voz|software|codigo|busqueda|lenguaje"
                 r"|inteligencia artificial)|con ia|ia|ai)\b")
# What every match of `_HUMAN_ROLE` holds: "agente" holds "agent".
_JOB_NOUNS = ("agent", "asistente", "assistant")
_PROFESSION_SUFFIX = r"[a-z]+(?:al|ales|iv[oa]s?|ic[oa]s?|ari[oa]s?|er[oa]s?|istas?|enses?|bles?)"
_HUMAN_ROLE = re.compile(
    rf"\b(?P<es>asistente|agente)s?\s+(?!(?:[a-z]+\s+){{0,3}}{_AI_QUALIFIER})(?:del?\s+[a-z]+|{_PROFESSION_SUFFIX}\b)"
    rf"|\b(?!{_AI_QUALIFIER}){_PROFESSION_SUFFIX}\s+(?P<en>assistant|agent)s?\b")
_AI_AFTER = re.compile(rf"(?:\s+[a-z]+){{0,3}}?\s+{_AI_QUALIFIER}")
_AI_BEFORE = re.compile(rf"\b{_AI_QUALIFIER}\s*$")
_NAMED_READER = re.compile(rf"(?:{QUALIFIED_READER})\b")


def _entity_type_pattern() -> re.Pattern[str]:
    """A company type, matched from its first dot: a pattern that opens on a literal is searched for it at
    C speed, one that opens on a word boundary is tried at every word. The letters before the dot are looked
    back for; longer types first, so "s.a.b." wins over "s.a."; a space may follow each dot ("S. de R.L.")."""
    tails: dict[str, list[str]] = {}
    for kind in sorted(lexicon.LEGAL_ENTITY_TYPES, key=len, reverse=True):
        head, _, tail = kind.partition(".")
        tails.setdefault(head, []).append(
            (r"\s?" + re.escape(tail[:-1]).replace(r"\.", r"\.\s?").replace(r"\ ", r"\s?") + r"\.") if tail else "")
    return re.compile(r"\.(?:" + "|".join(rf"(?<=\b{re.escape(head)}\.)(?:{'|'.join(alternatives)})"
                                          for head, alternatives in tails.items()) + ")")


_ENTITY_TYPE = _entity_type_pattern()
_NEW_SENTENCE = re.compile(r"\s+[^\sa-z]")


def words_apart(text: str) -> str:
    """`text` with identifiers read as the words they join (`configAgente`, `prompt_sistema`)."""
    return _CAMEL_JOIN.sub(_spaced, text.replace("_", " "))


def _spaced(join: re.Match[str]) -> str:
    return " " + join.group()  # a function, not a template: called per match without a template's parse


def folded(text: str) -> str:
    return _people_masked(_entity_dots_spaced(_read_alike(fold(text)), text))


def _entity_dots_spaced(lowered: str, written: str) -> str:
    """`lowered` with the dots of a company's legal type ("s.a. de c.v.") read as spaces, so that the
    type ends no sentence; its last dot stays where `written` (the same text before folding, offset for
    offset) opens a new sentence after it with a capital."""
    if "." not in lowered:
        return lowered
    same = len(lowered) == len(written)
    parts, copied = [], 0
    for match in _ENTITY_TYPE.finditer(lowered):
        start, end = match.start(), match.end()
        kept = not same or end == len(lowered) or lowered[end] == "\n" or _NEW_SENTENCE.match(written, end)
        parts += [lowered[copied:start], lowered[start:end - 1].replace(".", " "), "." if kept else " "]
        copied = end
    return "".join(parts) + lowered[copied:] if parts else lowered


def words_apart_many(texts: list[str]) -> list[str]:
    """`words_apart` of each text, in one pass over them all joined by `JOIN` (no join reads across it)."""
    return _split(words_apart(JOIN.join(texts)), len(texts)) or [words_apart(text) for text in texts]


def folded_many(texts: list[str]) -> list[str]:
    """`folded` of each text: the steps that read character by character run once over them all joined
    (a page's hundreds of attribute texts cost one pass, not hundreds); a person's job is masked text by
    text, since a job named in one text says nothing of a noun in another."""
    joined = JOIN.join(texts)
    read = _entity_dots_spaced(_read_alike(fold(joined)), joined)
    parts = _split(read, len(texts))
    if parts is None:
        return [folded(text) for text in texts]
    # No job noun in them all (`JOIN` holds no letter): no text to mask, and none looked at.
    return [_people_masked(part) for part in parts] if _may_name_a_job(read) else parts


def _split(joined: str, count: int) -> list[str] | None:
    """`joined` cut at `JOIN`; None when a text held `JOIN` itself."""
    parts = joined.split(JOIN)
    return parts if len(parts) == count else None


def _read_alike(lowered: str) -> str:
    """Look-alike letters and digits read as the letters they imitate."""
    if _CONFUSABLE.search(lowered):
        lowered = lowered.translate(_CONFUSABLES)
    return _unleeted(lowered)


def _unleeted(text: str) -> str:
    """Words spelt with digits for letters (`1gn0r4`, `s1st3m4`) read as the letters they stand for: a
    whole word of letters and digits, three characters at least, two of them letters (not a timestamp)."""
    parts, copied, read = [], 0, 0
    while step := _LETTER_BY_DIGIT.search(text, read):
        start, read = step.start(), _ALPHANUMERIC_RUN.match(text, step.end()).end()
        while start and ("a" <= text[start - 1] <= "z" or "0" <= text[start - 1] <= "9"):
            start -= 1
        word = text[start:read]
        if (len(word) >= 3 and len(word.translate(_NO_DIGITS)) >= 2
                and not (start and _WORD_CHAR.match(text, start - 1)) and not _WORD_CHAR.match(text, read)):
            parts += [text[copied:start], word.translate(_LEET)]
            copied = read
    return "".join(parts) + text[copied:] if parts else text


def _may_name_a_job(text: str) -> bool:
    return any(noun in text for noun in _JOB_NOUNS)


def _people_masked(text: str) -> str:
    """`text` with the nouns that name a person's job in it blanked out, lengths kept."""
    if not _may_name_a_job(text):
        return text
    # A phrase the lexicon names as a reader ("agente informático") is no person's job.
    nouns = {match.group("es") or match.group("en") for match in _human_roles(text)
             if not _NAMED_READER.match(match.group())}
    if not nouns:
        return text

    def masked(match: re.Match[str]) -> str:
        after, before = text[match.end():match.end() + 40], text[max(0, match.start() - 30):match.start()]
        kept = _AI_AFTER.match(after) or _AI_BEFORE.search(before) or _NAMED_READER.match(text, match.start())
        return match.group() if kept else "x" * len(match.group())

    return re.sub(rf"\b(?:{'|'.join(sorted(nouns))})s?\b", masked, text)


def _human_roles(text: str) -> Iterator[re.Match[str]]:
    """The matches of `_HUMAN_ROLE.finditer(text)`, tried only where one can start: where a job noun opens it
    ("agente de ventas"), or at the word before the spaces before one ("sales agent"). Its second form tries
    every word of a page otherwise."""
    starts = set()
    for noun in _JOB_NOUNS:
        at = text.find(noun)
        while at >= 0:
            starts.add(at)
            before = at
            while before and text[before - 1].isspace():
                before -= 1
            if before < at:
                while before and "a" <= text[before - 1] <= "z":
                    before -= 1
                starts.add(before)
            at = text.find(noun, at + 1)
    resume = 0
    for start in sorted(starts):
        if start >= resume and (match := _HUMAN_ROLE.match(text, start)):
            yield match
            resume = match.end()


def sentence_bounds(text: str) -> list[tuple[int, int]]:
    """Sentences; a run with no sentence end (a list, a table, a menu) is cut into pieces of about
    `_LONGEST_SENTENCE` characters at spaces, so words far apart in it do not pool their signals."""
    bounds, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.start() > start:
            bounds += _pieces(text, start, match.start())
        start = match.end()
    if start < len(text):
        bounds += _pieces(text, start, len(text))
    return bounds or [(0, len(text))]


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    pieces = []
    while end - start > _LONGEST_SENTENCE:
        cut = text.rfind(" ", start + _LONGEST_SENTENCE // 2, start + _LONGEST_SENTENCE)
        cut = cut if cut > start else start + _LONGEST_SENTENCE
        pieces.append((start, cut))
        start = cut + 1
    return [*pieces, (start, end)]


def mentioned(text: str) -> list[tuple[int, int]]:
    """Spans quoted as somebody's words or as inline code: their signals do not count."""
    spans: list[tuple[int, int]] = []
    if not _QUOTE_MARK.search(text):
        return spans
    for match in _REPORTED_QUOTE.finditer(text):
        spans.append(match.span(2 if match.group(2) is not None else 4))
        chained = match
        while chained := _CHAINED_QUOTE.match(text, chained.end()):  # "«…» o «…»": the list is reported too
            spans.append(chained.span(1))
    spans += [match.span(1) for match in _ATTRIBUTED_QUOTE.finditer(text)]
    return spans


def piece_at(starts: list[int], at: int) -> int:
    """Which of consecutive pieces (texts, sentences) a position lies in, by the pieces' ascending starts."""
    return max(0, bisect_right(starts, at) - 1)
