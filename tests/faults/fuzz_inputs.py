"""What the fuzz tests share: the hypothesis profiles, the per-example time limit, the mutations of real
inputs, and the property every input loader must keep.

The property: a mutated input either loads into a valid model or raises `InputError` naming the file and a
field; never another exception, never longer than `LIMIT_SECONDS`, never a silent empty stand-in.

`make test` runs the short profile (a few seconds a target; derandomized when `CI` is set, so a pull request
never meets an example nobody saw before); `make fuzz` sets `BENCH_FUZZ=long` for the campaign.
"""

from __future__ import annotations

import json
import math
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bench_pipeline.domain.errors import InputError

# Longer than any honest load of these inputs takes on a loaded 2-core machine (the slowest, a page read
# by trafilatura, takes under a second); what goes past it is a hang.
LIMIT_SECONDS = 10

_COMMON = {"deadline": None, "database": None, "print_blob": True,
           "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]}
settings.register_profile("fuzz-short", derandomize=bool(os.environ.get("CI")), **_COMMON)
settings.register_profile("fuzz-long", **_COMMON)
LONG = os.environ.get("BENCH_FUZZ") == "long"
# Examples per target in the campaign, as a multiple of the short run's.
LONG_FACTOR = 40


def fuzz_settings(short_examples: int) -> settings:
    """The settings for one target: `short_examples` in `make test`, LONG_FACTOR times as many in `make fuzz`."""
    profile = settings.get_profile("fuzz-long" if LONG else "fuzz-short")
    return settings(profile, max_examples=short_examples * (LONG_FACTOR if LONG else 1))


class _PastLimit(BaseException):
    """Raised by the alarm inside the code under test: a BaseException, so no `except Exception` swallows it."""


@contextmanager
def time_limit(seconds: float = LIMIT_SECONDS) -> Iterator[None]:
    """Fail an example that runs past `seconds` (a hang) as an assertion hypothesis can shrink."""
    def alarm(signum, frame):
        raise _PastLimit

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _PastLimit:
        raise AssertionError(f"still running after {seconds} s: a hang") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(load: Callable[[], Any], path: str | Path) -> Any:
    """What `load` returned, or the InputError it raised, checked to name `path` and a field on one line.
    Any other exception propagates: that is the failure the fuzz tests look for."""
    with time_limit():
        try:
            return load()
        except InputError as exc:
            assert_names(exc, path)
            return exc


def assert_names(exc: InputError, path: str | Path) -> None:
    named = Path(exc.path)
    assert named == Path(path) or named.resolve() == Path(path).resolve(), f"names {exc.path}, not {path}"
    assert exc.field.strip(), f"no field named: {exc}"
    assert "\n" not in str(exc), f"more than one line: {exc!r}"


def assert_finite(value: Any, where: str = "") -> None:
    """No NaN or infinity anywhere in a loaded value: a number that is not one must not pass as one."""
    if isinstance(value, float):
        assert math.isfinite(value), f"{where or '(root)'}: {value} loaded as a number"
    elif isinstance(value, dict):
        for key, item in value.items():
            assert_finite(item, f"{where}.{key}")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            assert_finite(item, f"{where}[{index}]")


# --- serializing mutated documents ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Raw:
    """Text spliced into the serialized document as is (a fragment no encoder would write)."""

    text: str


@dataclass(frozen=True)
class Again:
    """A key written a second time in the same object, after the first."""

    key: str


def encode(value: Any) -> str:
    """JSON (which is also YAML flow style) that may hold Raw fragments, repeated keys and NaN."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(getattr(k, 'key', k), ensure_ascii=False)}: {encode(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(encode(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# --- mutations ---------------------------------------------------------------------------------------------

Path_ = tuple  # a path into a JSON document: keys and indexes


def paths(doc: Any, prefix: Path_ = ()) -> list[Path_]:
    out = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            if isinstance(key, str):
                out += paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            out += paths(value, (*prefix, index))
    return out


def leaves(doc: Any) -> list[Any]:
    if isinstance(doc, dict):
        return [leaf for value in doc.values() for leaf in leaves(value)]
    if isinstance(doc, list):
        return [leaf for value in doc for leaf in leaves(value)]
    return [doc]


def _deep(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


# Values that have broken parsers before: wrong types, edges of ranges, strings that look like other things.
AWKWARD = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["", " ", "\u2028", "\x85", "null", "0", "-1", "1e999", "2026-13-45T25:61:00Z",
                     "2026-11-20T18:03:11+05:00", "2026-11-20", "Mon, 05 May 2025 21:00:53 GMT", "3 days ago",
                     "hace 2 días", "../../etc/passwd", "/etc/passwd", "C:\\x", "https://", "http://[::1", "gs-001",
                     "rev-a1", "x" * 5000, "\ud800", "%00", "<script>", "tavily", "search", "results"]),
    st.lists(st.none() | st.integers() | st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers() | st.none(), max_size=3),
    st.sampled_from([_deep(50), _deep(5000), _deep(200_000), Raw("{" * 3000 + "}" * 3000)]),
)


@dataclass
class Mutated:
    doc: Any
    must_fail: str | None = None  # why the mutated input cannot be valid, when the mutation says so


@st.composite
def mutated_tree(draw, doc: Any, max_steps: int = 3) -> Mutated:
    """The parsed document with 1–max_steps edits: a value replaced (by an awkward value or another leaf of the
    document), a key deleted or written twice with another value, a value wrapped in a list or an object."""
    doc = json.loads(json.dumps(doc))  # a copy
    for _ in range(draw(st.integers(min_value=1, max_value=max_steps))):
        path = draw(st.sampled_from(paths(doc)))
        kind = draw(st.sampled_from(["replace", "replace", "swap", "delete", "again", "wrap"]))
        if not path:
            if kind in ("replace", "swap"):
                doc = draw(AWKWARD)
            continue
        parent = _at(doc, path[:-1])
        key = path[-1]
        if kind == "replace":
            parent[key] = draw(AWKWARD)
        elif kind == "swap":
            found = leaves(doc)  # none left when earlier edits emptied the document
            parent[key] = draw(st.sampled_from(found) if found else AWKWARD)
        elif kind == "delete":
            del parent[key]
        elif kind == "wrap":
            parent[key] = draw(st.sampled_from([[parent[key]], {"value": parent[key]}]))
        elif isinstance(parent, dict):
            parent[Again(key)] = draw(AWKWARD)
    return Mutated(doc, _repeated(doc))


def _repeated(doc: Any) -> str | None:
    """Why the document cannot load, when one of its objects gives a key twice with different values (a later
    edit may have removed the first, or replaced the whole object)."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if isinstance(key, Again) and key.key in doc:
                first = doc[key.key]
                if value != first or type(value) is not type(first):
                    return f"key {key.key!r} given twice with different values"
        return next((why for value in doc.values() if (why := _repeated(value))), None)
    if isinstance(doc, list):
        return next((why for value in doc if (why := _repeated(value))), None)
    return None


@st.composite
def mutated_bytes(draw, data: bytes, max_steps: int = 3) -> bytes:
    """The file's bytes with 1–max_steps edits: truncated, a byte flipped, bytes inserted or deleted,
    a line doubled or dropped, re-encoded, or a byte-order mark put in front."""
    for _ in range(draw(st.integers(min_value=1, max_value=max_steps))):
        kind = draw(st.sampled_from(["truncate", "flip", "insert", "delete", "line_twice", "line_gone",
                                     "latin1", "bom"]))
        at = draw(st.integers(min_value=0, max_value=len(data)))
        if kind == "truncate":
            data = data[:at]
        elif kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
        elif kind == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 64)):]
        elif kind in ("line_twice", "line_gone"):
            lines = data.split(b"\n")
            index = draw(st.integers(0, len(lines) - 1))
            lines[index:index + 1] = [lines[index]] * (2 if kind == "line_twice" else 0)
            data = b"\n".join(lines)
        elif kind == "latin1":
            data = data.decode("utf-8", errors="replace").encode("latin-1", errors="replace")
        elif kind == "bom":
            data = b"\xef\xbb\xbf" + data
    return data


def _at(doc: Any, path: Path_) -> Any:
    for step in path:
        doc = doc[step]
    return doc
