"""The real third-party cassettes in ../shared/realdata through the redactor: nothing secret or
personal is left, hosts, paths and dates are, and a second pass changes nothing."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.redaction.exchange import redact_exchange
from bench_pipeline.redaction.scan import scan_json
from tests.cassettes import body_exchange, host, httprr_exchanges, vcr_exchanges
from tests.realdata import require_realdata

SOURCES = {
    "crewai": ("*.yaml", vcr_exchanges),
    "pydantic-ai": ("*.yaml", vcr_exchanges),
    "langchaingo": ("*.httprr", httprr_exchanges),
    "semantic-kernel": ("*.json", lambda path: [body_exchange(path)]),
}


def _exchanges(source: str) -> list[tuple[Path, dict]]:
    pattern, convert = SOURCES[source]
    files = sorted(require_realdata(source, "files").rglob(pattern))
    assert files, f"no {pattern} under realdata/{source}"
    return [(path, exchange) for path in files for exchange in convert(path)]


@pytest.mark.realdata
@pytest.mark.parametrize("source", sorted(SOURCES))
def test_real_cassettes_leave_nothing_behind(source: str):
    removed: Counter[str] = Counter()
    for path, raw in _exchanges(source):
        Exchange.model_validate(raw)
        result = redact_exchange(copy.deepcopy(raw), str(path))
        removed.update(detector for _, detector, _ in result.found)
        assert scan_json(result.data, path.name) == [], path
        assert redact_exchange(copy.deepcopy(result.data), str(path)).data == result.data, path
        assert host(result.data["request"]["url"]) == host(raw["request"]["url"])
        raw_dates = {k: v for k, v in (raw["response"]["headers"]).items() if k.lower() in ("date", "last-modified")}
        assert {k: result.data["response"]["headers"][k] for k in raw_dates} == raw_dates
    print(f"{source}: removed {dict(sorted(removed.items()))}")


@pytest.mark.realdata
def test_known_leaks_in_the_real_cassettes_are_removed():
    langchaingo = [redact_exchange(raw, str(p)).data for p, raw in _exchanges("langchaingo")]
    assert "test-api-key" not in json.dumps(langchaingo)  # SerpAPI query key, Perplexity bearer header
    answer = [redact_exchange(raw, str(p)) for p, raw in _exchanges("pydantic-ai") if p.name == "test_answer.yaml"]
    assert sum(d == "personal-email" for r in answer for _, d, _ in r.found) >= 5  # maintainers' addresses in a page
    assert "@gmail.com" not in json.dumps([r.data for r in answer])
