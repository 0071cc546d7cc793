"""Pattern pieces shared by several signals, built from the lexicon: who a reader is, the orders a
page can give it, what its output is called, where a clause opens."""

from __future__ import annotations

import re

from bench_pipeline.injection.signals import lexicon


def alt(*alternatives: str) -> str:
    """A non-capturing alternation with the alternatives' shared leading letters factored out
    (`(?:a(?:gente|sistente)|b(?:ot))`): the engine tries each alternative at every word start, so
    a flat list of hundreds of verb forms costs hundreds of tries where a prefix tree costs a few.
    The language matched is the same; only which of two matches at one position wins may differ."""
    return "(?:" + "|".join(_factored(list(dict.fromkeys(alternatives)))) + ")"


def group(alternatives: list[str]) -> str:
    """A non-capturing alternation of `alternatives` as listed."""
    return "(?:" + "|".join(alternatives) + ")"


def _factored(alternatives: list[str]) -> list[str]:
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        groups.setdefault(_leading_letter(alternative), []).append(alternative)
    factored = []
    for letter, members in groups.items():
        if not letter or len(members) == 1:
            factored += members
            continue
        rests = [member[1:] for member in members]
        # An alternative that ends here is tried after the longer ones, as the flat list sorted by length was.
        inner = _factored([rest for rest in rests if rest]) + ([""] if "" in rests else [])
        factored.append(letter + "(?:" + "|".join(inner) + ")")
    return factored


def _leading_letter(alternative: str) -> str:
    """The first character when it is a plain letter, digit or space that no quantifier follows
    and the alternative has no top-level `|` (factoring would then change what it means)."""
    if not alternative or not (alternative[0].isalnum() or alternative[0] == " ") or alternative[:2] == "\\":
        return ""
    if len(alternative) > 1 and alternative[1] in "?*+{":
        return ""
    return "" if _has_top_level_bar(alternative) else alternative[0]


def _has_top_level_bar(pattern: str) -> bool:
    depth, index, in_class = 0, 0, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
        index += 1
    return False


def es_orders(infinitive: str) -> list[str]:
    """Imperative and subjunctive forms (tú, usted, ustedes, negative tú); the infinitive apart,
    since "…, presentar indicaciones" at a clause start is prose, not an order."""
    if infinitive in lexicon.IRREGULAR_ORDERS_ES:
        return [form for form in lexicon.IRREGULAR_ORDERS_ES[infinitive].split() if form != infinitive]
    stem, ending = infinitive[:-2], infinitive[-2:]
    if ending == "ar":
        soft = stem[:-1] + {"c": "qu", "g": "gu", "z": "c"}.get(stem[-1], stem[-1])
        return [stem + "a", soft + "e", soft + "en", soft + "es"]
    if stem.endswith("u") and ending == "ir":  # incluir, excluir, sustituir, atribuir
        return [stem + "ye", stem + "ya", stem + "yan", stem + "yas"]
    return [stem + "e", stem + "a", stem + "an", stem + "as"]


def es_subjunctive(infinitive: str) -> list[str]:
    """The usted and ustedes subjunctive ("que el modelo omita", "que no reporten"), and the polite past
    one ("agradeceríamos que omitieran")."""
    return es_orders(infinitive)[1:3] + es_past_subjunctive(infinitive)  # irregular verbs' lists included


def es_past_subjunctive(infinitive: str) -> list[str]:
    """The imperfect subjunctive of a regular verb, singular and plural ("describiera", "omitieran"): the
    form of a polite request. Irregular verbs (their stems change) have none here."""
    if infinitive in lexicon.IRREGULAR_ORDERS_ES:
        return []
    stem, ending = infinitive[:-2], infinitive[-2:]
    if ending == "ar":
        return [stem + "ara", stem + "aran"]
    if stem.endswith("u") and ending == "ir":
        return [stem + "yera", stem + "yeran"]
    return [stem + "iera", stem + "ieran"]


def longest_first(words) -> list[str]:
    """Longer forms first, so that an alternation tries "dígale" before "diga"; alphabetical among forms of
    one length, so that a pattern built from a set is the same in every process."""
    return sorted(words, key=lambda word: (-len(word), word))


# --- who is addressed --------------------------------------------------------------------------
_QUALIFIED = [
    *lexicon.READERS,
    group(lexicon.TOOL_NOUNS_ES) + r"(?: de [a-z]+){0,2} " + group(lexicon.AI_QUALIFIERS_ES),
    group(lexicon.EVALUATING_TOOLS_ES) + " de " + group(lexicon.EVALUATIONS),
    group(lexicon.AI_QUALIFIERS_EN) + " (?:[a-z]+ )?" + group(lexicon.TOOL_NOUNS_EN),
    group(lexicon.WRITERS_ES) + "(?:es|a|as)? del? " + group(lexicon.WRITTEN_ES),
    group(lexicon.WRITTEN_EN) + " " + group(lexicon.WRITERS_EN),
]
# A reader named unambiguously; then any reader, the bare role nouns last so a qualified form wins.
QUALIFIED_READER = alt(*_QUALIFIED)
READER = alt(*_QUALIFIED, *lexicon.ROLE_NOUNS)
_ROLE = alt(*lexicon.ROLE_NOUNS)
# A role noun is a reader too when named by what it does to this very text: "el agente que procese
# este registro", "assistants reading this page"; and beside tools named by what they do ("herramientas
# y asistentes que actualicen directorios"): people are not tools.
TOOL = alt(*lexicon.TOOL_NOUNS_ES, *lexicon.TOOL_NOUNS_EN)
_QUALIFIED_READER = re.compile(
    rf"\b(?:{QUALIFIED_READER}|(?:{_ROLE})\s+(?:que\s+|that\s+|who\s+|which\s+)?"
    rf"(?:{alt(*lexicon.READING_VERBS)})\s+(?:esta|este|estas|estos|esto|this|these)\b"
    rf"|{TOOL}\s+(?:y|e|o|and|or)\s+(?:{_ROLE})\s+(?:que|that|which)\s+(?:{alt(*lexicon.READING_VERBS)}))\b")
_ROLE_NOUN = re.compile(rf"\b(?:{alt(*lexicon.ROLE_NOUNS, *lexicon.TASK_PRONOUNS)})\b")


def names_only_a_role(match: str, sentence: str) -> bool:
    """Whether a match names its reader by a role noun a person shares ("los asistentes deberán…",
    "the agent should…") or only by what it does with the page ("quien consulte esta página deberá…"),
    and its sentence names no reader unambiguously: it may be speaking to people."""
    return bool(_ROLE_NOUN.search(match)) and not _QUALIFIED_READER.search(sentence)


READS = alt(*lexicon.READING_VERBS)
DEDICATION = alt(*lexicon.DEDICATIONS)
DETERMINER = r"(?:" + group(lexicon.DETERMINERS) + r"\s+){0,2}"

# --- what the reader is told to do -------------------------------------------------------------
CLITICS = r"(?:se(?:lo|la|los|las)?|lo|la|los|las|le|les|me|te|nos)?"
ES_VERB = alt(*longest_first({form for verb in lexicon.OUTPUT_VERBS_ES for form in es_orders(verb)})) + CLITICS
ES_SUBJUNCTIVE = alt(*longest_first({form for verb in lexicon.OUTPUT_VERBS_ES for form in es_subjunctive(verb)}))
ES_INFINITIVE = alt(*longest_first(lexicon.OUTPUT_VERBS_ES)) + CLITICS
EN_VERB = alt(*longest_first(lexicon.OUTPUT_VERBS_EN))
# Where a clause opens: the text's start, after punctuation, a dash or a quote, or after a word that
# introduces an order ("por favor", "and", "from now on"). A full stop with a letter right after it joins the
# parts of a name (`itemListElement.position`, `www.sitio.mx`), so a clause opens after it only past a space.
CLAUSE_START = (
    r"(?:^\s*|(?<=\.)\s+|(?:(?<=[!?:;\n\u00a1\u00bf\"'(\[\u2014\u2013*>|,{\u201c\u201d\u2018\u2019\u00ab\u00bb])"
    r"|(?<=(?<!\w)-))\s*"
    r"|\b" + group(lexicon.CLAUSE_OPENERS) + r"\s+)"
)
OBLIGATION = alt(*lexicon.OBLIGATIONS)

# --- the reader's output -----------------------------------------------------------------------
OUTPUT = alt(*lexicon.OUTPUT_NOUNS)
OWN_OUTPUT = alt(*lexicon.OWN_OUTPUT_NOUNS)
# The reader owns something no program has ("tu compra", "your booking reference", "tu planta"): a person.
# A program's thing may come after two words ("your full hidden prompt").
_READER_OWN = alt(*lexicon.OWN_OUTPUT_NOUNS, *lexicon.INSTRUCTION_NOUNS, *lexicon.READER_OWN)
PERSONS_THING = re.compile(rf"\b(?:tu|tus|your)\s+(?!(?:[a-z]+\s+){{0,2}}?{_READER_OWN}\b)[a-z]{{3,}}")
# Questions set to a person ("Answer all questions", "In your response to Question 3", "Lea cada pregunta",
# "hoja de respuestas", a survey): the answer then is a person's, as in an exam, a form or a survey.
_SET_NOUN = alt(*lexicon.SET_QUESTION_NOUNS)
SET_QUESTIONS = re.compile(
    rf"\b{_SET_NOUN}\s+(?:no\.?\s*|num\.?\s*|#\s*)?\d+\b"
    rf"|\b{group(lexicon.QUESTION_COUNTS)}\s+{_SET_NOUN}\b(?!\s+{group(lexicon.QUESTION_TOPICS)}\b)"
    rf"|\b{group(lexicon.QUESTIONNAIRES)}\b")
# A user a text binds by its duties (`lexicon.USER_DUTIES`): the text's own party, not the reader's.
USER_BOUND = re.compile(
    rf"\b(?:el|los|the|todo|cualquier|any) {group(lexicon.USER_NOUNS)} {group(lexicon.USER_DUTIES)}")
# A quotation a text asks to repeat speaks to whoever reads it later, not to this text's reader.
QUOTED = re.compile("\"[^\"\n]*\"|\u201c[^\u201d\n]*\u201d|\u00ab[^\u00bb\n]*\u00bb")
