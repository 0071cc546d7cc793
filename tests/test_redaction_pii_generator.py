"""Generated Mexican personal data in every position of every bundled provider's real wire format:
none survives, raw or JSON-decoded; what a company publishes about itself stays. Three seeds."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from bench_pipeline.redaction.exchange import redact_exchange
from tests.fake_pii import company_sentence, personal_sentence

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "web-search"
PROVIDERS = ("tavily", "exa", "brave", "serper", "firecrawl")
_URL_KEYS = re.compile(r"(?i)^(?:url|link|href|id|favicon|image|imageUrl|sourceURL|ogUrl|canonical)$")


def _templates() -> list[tuple[str, dict]]:
    found = []
    for provider in PROVIDERS:
        for operation in ("search", "extract", "fetch"):
            folder = FIXTURES / provider / operation
            if folder.is_dir():
                path = sorted(folder.glob("*.json"))[0]
                found.append((f"{provider}/{operation}/{path.name}", json.loads(path.read_text(encoding="utf-8"))))
    return found


def _string_leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _string_leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _string_leaves(item, (*path, index))
    elif isinstance(value, str) and not value.startswith(("http://", "https://")) and not (
            path and isinstance(path[-1], str) and _URL_KEYS.match(path[-1])):
        yield path  # URLs keep host and path: personal data in one is planted in its query


def _set(root, path, text):
    target = root
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = f"{target[path[-1]]} {text}"


def _planted_exchanges(seed: int):
    """For every template and every place a string can sit (each body leaf, the request query and
    body, a header, the fetched page), one copy carrying a personal and a company sentence."""
    rng = random.Random(seed)
    for name, template in _templates():
        places = [("response", "body", *leaf) for leaf in _string_leaves(template["response"].get("body"))]
        places += [("request", "body", *leaf) for leaf in _string_leaves(template["request"].get("body"))]
        places += [("request", "headers", "x-end-user"), ("response", "headers", "x-contact")]
        if template["response"].get("body_text") is not None:
            places.append(("response", "body_text"))
        places.append(("request", "url"))
        for place in places:
            personal, company = personal_sentence(rng), company_sentence(rng)
            exchange = copy.deepcopy(template)
            if place == ("request", "url"):
                exchange["request"]["url"] += ("&" if "?" in exchange["request"]["url"] else "?") + \
                    "contacto=" + personal.sentence.replace(" ", "+")
                yield name, place, exchange, personal, None
                continue
            if place[-1] in ("x-end-user", "x-contact"):
                exchange[place[0]].setdefault("headers", {})[place[-1]] = personal.sentence
                yield name, place, exchange, personal, None
                continue
            text = f"{personal.sentence} {company.sentence}"
            if place == ("response", "body_text"):
                text = f"<p>{personal.sentence}</p><p>{company.sentence}</p>"
            _set(exchange, place, text)
            yield name, place, exchange, personal, company


def _strings(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def _survives(value: str, data: dict) -> bool:
    raw = json.dumps(data, ensure_ascii=False), json.dumps(data)
    if value.isdigit():  # a phone's ten national digits, whatever separators were around them
        return any(value in re.sub(r"\D", "", text) for text in _strings(data))
    return any(value in text for text in raw) or any(value in text for text in _strings(data))


@pytest.mark.parametrize("seed", [11, 23, 47])
def test_no_generated_personal_value_survives_and_company_data_stays(seed):
    leaked, lost, counted = [], [], {"personal": 0, "kept": 0, "positions": 0}
    for name, place, exchange, personal, company in _planted_exchanges(seed):
        redacted = redact_exchange(exchange, name).data
        counted["positions"] += 1
        for value in personal.personal:
            counted["personal"] += 1
            if _survives(value, redacted):
                leaked.append((name, place, value, personal.sentence))
        for value in (company.kept if company else []):
            counted["kept"] += 1
            if not _survives(value, redacted):
                lost.append((name, place, value))
        urls = [text for text in _strings(exchange["response"]) if text.startswith(("http://", "https://"))]
        assert urls == [text for text in _strings(redacted["response"]) if text.startswith(("http://", "https://"))]
        counted["urls"] = counted.get("urls", 0) + len(urls)  # result hosts and paths, every one kept
        for host in ("api.tavily.com", "api.exa.ai", "api.search.brave.com", "google.serper.dev", "api.firecrawl.dev"):
            if host in exchange["request"]["url"]:
                assert host in redacted["request"]["url"]
        assert redacted.get("captured_at") == exchange.get("captured_at")
    assert counted["positions"] > 100 and counted["personal"] > 150 and counted["kept"] > 400, counted
    assert leaked == [], f"{len(leaked)} of {counted['personal']} personal values survived: {leaked[:5]}"
    assert lost == [], f"{len(lost)} of {counted['kept']} company values were dropped: {lost[:5]}"
