"""The second generator (benchmarks/redaction_planted): every family of secrets and personal data, and
the traps and company data that must stay beside them, in every string position of every provider's
wire format (URLs as keys, pasted config files, markdown and HTML bodies, PDFs). Three seeds: nothing
that must go survives in any decoded form, nothing that must stay is dropped, only a PDF may be refused."""

from __future__ import annotations

import base64
import gzip
import json
from collections import Counter
from urllib.parse import quote

import pytest

from benchmarks.redaction_planted import pdfs, run, views, wire
from benchmarks.redaction_planted.families import KEPT, MUST_GO, Plant

PROVIDERS = ("tavily", "exa", "brave", "serper", "firecrawl")
EMAIL = "itzel.canul77@gmail.com"


def _b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


# (what the output holds, the planted value, found by the judge?) — one signal per row.
SURVIVAL = [
    (f"escriba a {EMAIL}", Plant("personal_email", (EMAIL,)), True),
    (f"ESCRIBA A {EMAIL.upper()}", Plant("personal_email", (EMAIL,)), True),
    (f"https://d.mx/f?email={quote(EMAIL, safe='')}", Plant("email_in_url", (EMAIL,)), True),
    (f"https://d.mx/f?u={_b64url(EMAIL)}", Plant("email_in_url", (EMAIL,)), True),
    (f"https://d.mx/f?u={quote(base64.b64encode(EMAIL.encode()).decode(), safe='')}",
     Plant("email_in_url", (EMAIL,)), True),
    (f"<a href=\"https://d.mx/?a=1&amp;u={_b64url(EMAIL)}\">", Plant("email_in_url", (EMAIL,)), True),
    (json.dumps({"pasted": json.dumps({"mail": EMAIL})}), Plant("personal_email", (EMAIL,)), True),
    ("https://d.mx/f?u=[redacted]", Plant("email_in_url", (EMAIL,)), False),
    ("cel. 55 1234 5678", Plant("mx_mobile", ("5512345678",), digits=True), True),
    ("cel. +52 1 (55) 1234-5678", Plant("mx_mobile", ("5512345678",), digits=True), True),
    ("cel. 55 1234 XXXX", Plant("mx_mobile", ("5512345678",), digits=True), False),
    ("cel. 55 1234 · y 5678", Plant("mx_mobile", ("5512345678",), digits=True), False),
    ("AWS_SECRET_ACCESS_KEY=[redacted]", Plant("cloud_key_pair", ("AKIA0000", "abcd/efgh+ijkl")), False),
    ("key: abcd/efgh+ijkl", Plant("cloud_key_pair", ("AKIA0000", "abcd/efgh+ijkl")), True),
]


@pytest.mark.parametrize(("text", "plant", "found"), SURVIVAL)
def test_the_judge_finds_a_value_in_every_decoded_form(text, plant, found):
    assert (views.found_in(plant, views.of_json({"field": text})) is not None) is found


def test_the_judge_reads_gzip_bodies_and_pdf_text_layers_and_information():
    body = base64.b64encode(gzip.compress(json.dumps({"content": f"correo {EMAIL}"}).encode())).decode()
    assert views.found_in(Plant("personal_email", (EMAIL,)), views.of_json({"body_b64": body}))
    pdf = pdfs.build(["Informe", "Conmutador: +52 442 215 8800"],
                     {"author": EMAIL, "title": "t", "subject": "s", "keywords": "k", "creator": "c"})
    found = views.of_json({"body_b64": base64.b64encode(pdf).decode()})
    assert views.found_in(Plant("personal_email", (EMAIL,)), found)
    assert views.kept_in(Plant("company_line", ("+52 442 215 8800",)), found)


# (what the output holds, the value that must stay, kept?) — byte for byte.
KEPT_EXAMPLES = [
    ("Conmutador: +52 442 215 8800.", "+52 442 215 8800", True),
    ("Conmutador: +52-000-000-0000.", "+52 442 215 8800", False),
    ("Conmutador: +52 442 2158800.", "+52 442 215 8800", False),
    ("https://www.dof.gob.mx/nota_detalle.php?codigo=5701234&amp;fecha=14/08/2026",
     "https://www.dof.gob.mx/nota_detalle.php?codigo=5701234&fecha=14/08/2026", True),
    ("https://[redacted]@git.acme.mx/erp/config.git", "git.acme.mx/erp/config.git", True),
    ("https://example.test/redacted", "git.acme.mx/erp/config.git", False),
]


@pytest.mark.parametrize(("text", "value", "kept"), KEPT_EXAMPLES)
def test_a_value_that_must_stay_is_judged_byte_for_byte(text, value, kept):
    assert views.kept_in(Plant("company_line", (value,)), views.of_json({"field": text})) is kept


def test_a_planted_value_the_judge_cannot_see_stops_the_run():
    case = next(wire.cases(11))
    case.plants.append(Plant("personal_email", ("nadie.planto.esto@gmail.com",)))
    with pytest.raises(run.GeneratorError, match="not visible"):
        run.check_planted(case)


def test_every_family_and_position_kind_is_planted_for_every_provider():
    kinds: dict[str, set[str]] = {}
    families: dict[str, Counter] = {}
    for case in wire.cases(23):
        provider = case.exchange["provider"]
        kinds.setdefault(provider, set()).add(case.kind)
        families.setdefault(provider, Counter()).update(plant.family for plant in case.plants)
    every_provider = {"text", "url", "url-key", "request-url", "auth-header", "free-header", "link-header", "gzip",
                      "html-error"}
    for provider in PROVIDERS:
        assert every_provider <= kinds[provider], (provider, every_provider - kinds[provider])
        assert [f for f in (*MUST_GO, *KEPT) if not families[provider][f]] == [], provider
    assert {"html-page", "pdf"} <= kinds["brave"] & kinds["serper"]  # the providers whose pages we fetch
    assert "contact" in kinds["serper"]


def test_the_generator_is_seeded():
    first = [(c.position, json.dumps(c.exchange, sort_keys=True)) for c in wire.cases(47)]
    again = [(c.position, json.dumps(c.exchange, sort_keys=True)) for c in wire.cases(47)]
    other = [(c.position, json.dumps(c.exchange, sort_keys=True)) for c in wire.cases(11)]
    assert first == again and first != other


def _failures(tally: run.Tally, outcome: str) -> str:
    lines = []
    for family, counts in tally.counts.items():
        if counts[outcome]:
            shown = tally.examples.get(f"{family} {outcome}", [])[:2]
            lines.append(f"{family}: {counts[outcome]} of {counts['planted']}; e.g. " + " | ".join(shown))
    return "\n".join(lines)


@pytest.mark.parametrize("seed", run.SEEDS)
def test_nothing_that_must_go_survives_and_nothing_that_must_stay_is_dropped(seed):
    tally = run.run_seed(seed)
    assert tally.cases > 200 and tally.total("planted", True) > 3000 and tally.total("planted", False) > 2000
    assert tally.refused_outside_pdf == []
    failed = _failures(tally, "failed")
    assert not failed, f"redaction crashed:\n{failed}"
    survived = _failures(tally, "survived")
    dropped = _failures(tally, "dropped")
    assert not survived and not dropped, (
        f"seed {seed}: {tally.total('survived', True)} of {tally.total('planted', True)} values that must go survived, "
        f"{tally.total('dropped', False)} of {tally.total('planted', False)} values that must stay were dropped\n"
        f"survived:\n{survived}\ndropped:\n{dropped}")
