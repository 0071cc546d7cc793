"""Every clean real provider recording in ../shared/realdata (Tavily, Exa, Brave, Firecrawl, SerpAPI,
Perplexity) through `bench redact`: no URL's host or path changes, and every value removed is listed
(run with `-s` to read them)."""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench_pipeline.files import dump_json, write_atomic
from bench_pipeline.fixtures.manifest_io import load_manifest
from bench_pipeline.redaction.command import run_redact
from tests.cassettes import CAPTURED_AT, body_exchange, httprr_exchanges, vcr_exchanges
from tests.realdata import require_realdata

PROVIDER_HOSTS = {"api.tavily.com": "tavily", "api.exa.ai": "exa", "api.search.brave.com": "brave",
                  "api.firecrawl.dev": "firecrawl", "serpapi.com": "serpapi", "api.perplexity.ai": "perplexity"}
# Recordings kept as bare response bodies, named for their provider.
BODY_PREFIXES = {"tavily": "tavily", "brave": "brave", "perplexity": "perplexity"}
_WORD = 12
_URL = re.compile(r"https?://[^\s\"'<>\\\])]+")


def _recordings() -> list[tuple[str, dict]]:
    """(name, exchange) for every recording of the six providers, whatever form it was kept in."""
    found = []
    for source, pattern, convert in (("crewai", "*.yaml", vcr_exchanges), ("pydantic-ai", "*.yaml", vcr_exchanges),
                                     ("langchaingo", "*.httprr", httprr_exchanges)):
        for path in sorted(require_realdata(source, "files").rglob(pattern)):
            for index, exchange in enumerate(convert(path)):
                provider = PROVIDER_HOSTS.get(urlsplit(exchange["request"]["url"]).netloc)
                if provider:
                    found.append((f"{source}-{path.stem}-{index}", {**exchange, "provider": provider}))
    bodies = sorted(require_realdata("semantic-kernel", "files").rglob("*.json"))
    bodies += sorted(require_realdata("vercel-ai", "files").rglob("perplexity-*.json"))
    for path in bodies:
        provider = BODY_PREFIXES.get(re.split(r"[_-]", path.name)[0])
        if provider:
            found.append((f"body-{path.stem}", {**body_exchange(path), "provider": provider}))
    for path in sorted(require_realdata("vercel-ai", "files").rglob("perplexity-*.chunks.txt")):
        stream = {"provider": "perplexity", "operation": "search", "captured_at": CAPTURED_AT,
                  "request": {"method": "POST", "url": "https://api.perplexity.ai/chat/completions", "headers": {}},
                  "response": {"status": 200, "headers": {"content-type": "text/event-stream"},
                               "body_text": path.read_text(encoding="utf-8")}}
        found.append((f"stream-{path.name.split('.')[0]}", stream))
    return found


def _strings(value, path="$"):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.<key>", str(key)
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def _hosts_and_paths(exchange: dict) -> Counter:
    return Counter((parts.hostname, parts.path) for _, text in _strings(exchange) for url in _URL.findall(text)
                   for parts in [urlsplit(url)])


def _removed(raw: dict, redacted: dict) -> list[tuple[str, str, str]]:
    """(json path, what was there, what stands there now) for every fragment redaction changed.
    Position by position: redaction keeps the shape, so the n-th string of one is the n-th of the other
    once both are in the key order fixtures are written in."""
    changes = []
    for (path, before), (_, after) in zip(_strings(json.loads(dump_json(raw))), _strings(redacted)):
        if before != after:
            changes += [(path, before[i1:i2], after[j1:j2]) for i1, i2, j1, j2 in _changed_spans(before, after)]
    return changes


def _changed_spans(before: str, after: str) -> list[tuple[int, int, int, int]]:
    """Where `after` differs from `before`, as whole replacements: a character-level diff matches
    letters of a marker to letters of the value it replaced, so edits closer than a word are merged."""
    spans: list[list[int]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op == "equal" and (not spans or i2 - i1 >= _WORD):
            continue
        if spans and (op != "equal" or i2 - i1 < _WORD) and i1 - spans[-1][1] < _WORD:
            spans[-1][1], spans[-1][3] = i2, j2
        else:
            spans.append([i1, i2, j1, j2])
    return [tuple(span) for span in spans]


@pytest.mark.realdata
def test_bench_redact_keeps_every_host_and_path_of_the_real_provider_recordings(tmp_path: Path):
    recordings = _recordings()
    assert {exchange["provider"] for _, exchange in recordings} == set(PROVIDER_HOSTS.values())
    incoming, fixtures = tmp_path / "incoming", tmp_path / "fixtures"
    for name, exchange in recordings:
        write_atomic(incoming / exchange["provider"] / exchange["operation"] / f"{name}.json", dump_json(exchange))
    assert run_redact(incoming, fixtures) == 0
    truncated = {entry.path for entry in load_manifest(fixtures).entries if entry.truncated}
    changed, removed = [], []
    for name, raw in recordings:
        relative = f"{raw['provider']}/{raw['operation']}/{name}.json"
        redacted = json.loads((fixtures / relative).read_text(encoding="utf-8"))
        before, after = _hosts_and_paths(raw), _hosts_and_paths(redacted)
        # A cut body loses the URLs after the cut; every URL left must still be one the recording had.
        lost = (after - before) if relative in truncated else (before - after) + (after - before)
        changed += [(relative, host, path) for host, path in lost]
        if relative not in truncated:
            removed += [(relative, *change) for change in _removed(raw, redacted)]
    for relative, path, before, after in removed:
        print(f"removed {relative} {path}: {before[:80]!r} -> {after[:40]!r}")
    print(f"{len(recordings)} recordings, {len(truncated)} truncated, {len(removed)} values removed, "
          f"{len(changed)} hosts or paths changed")
    assert changed == []
