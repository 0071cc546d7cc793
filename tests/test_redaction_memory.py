"""Short strings are judged once and their findings given again under each path they come back at; long ones
are judged each time. The answers are the same either way."""

from __future__ import annotations

from bench_pipeline.redaction import memory, structure
from bench_pipeline.redaction.structure import redact_json
from tests import fake_secrets


def _document() -> dict:
    key = fake_secrets.tavily()
    return {"url": f"https://api.example.com/v1/search?api_key={key}&q=acero", "author": "Lic. Ana Ruiz Soto",
            "phone": "55 1234 5678", "results": [{"title": "Aceros del Bajío", "contact": "ana.ruiz@gmail.com"}]}


def test_a_string_seen_before_gives_the_same_text_and_its_findings_at_its_new_path():
    document = _document()
    first: list = []
    cleaned = redact_json(document, "$.a", first)
    again: list = []
    assert redact_json(document, "$.b", again) == cleaned
    assert first and again == [("$.b" + where[len("$.a"):], detector, preview) for where, detector, preview in first]
    assert {detector for _, detector, _ in first} >= {"secret-param", "personal-email", "personal-phone"}


def test_long_strings_are_judged_each_time_and_the_memory_keeps_to_its_budget(monkeypatch):
    judged: list[str] = []
    real = structure._judged
    monkeypatch.setattr(structure, "_judged", lambda text, place: judged.append(text) or real(text, place))
    monkeypatch.setattr(structure, "_JUDGED", memory.ShortStringMemory())
    long = "Informe anual de Aceros del Bajío. " * 10
    for _ in range(2):
        structure.redact_text(long, "$.body", [])
        structure.redact_text("Aceros del Bajío", "$.title", [])
    assert judged == [long, "Aceros del Bajío", long]
    structure._JUDGED.budget_chars = 40
    for n in range(10):
        structure.redact_text(f"renglón número {n}", "$.row", [])
    assert structure._JUDGED.chars <= 40
