"""No test or package code sleeps for real longer than 0.1 s: every `time.sleep`, `asyncio.sleep` or
bare `sleep` call with a literal argument is found by parsing the sources, and its argument checked.
(`clock.sleep(...)` on a VirtualClock only moves virtual time and is not a real sleep.)"""

from __future__ import annotations

import ast
import time
from pathlib import Path

import pytest

from tests.sleep_guard import LIMIT_S, no_long_sleep  # noqa: F401  (autouse guard)

REPO = Path(__file__).resolve().parents[1]


def _long_literal_sleeps(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        real = (isinstance(func, ast.Name) and func.id == "sleep") or (
            isinstance(func, ast.Attribute) and func.attr == "sleep"
            and isinstance(func.value, ast.Name) and func.value.id in ("time", "asyncio"))
        arg = node.args[0]
        if real and isinstance(arg, ast.Constant) and isinstance(arg.value, (int, float)) and arg.value > LIMIT_S:
            lines.append(node.lineno)
    return lines


def test_the_scan_finds_a_long_sleep():
    source = "import time\ntime.sleep(0.05)\ntime.sleep(2)\nclock.sleep(12)\nsleep(1)\nasyncio.sleep(0.2)\n"
    assert _long_literal_sleeps(source) == [3, 5, 6]


def test_no_source_file_sleeps_longer_than_the_limit():
    offenders = {}
    for folder in ("tests", "bench_pipeline"):
        for path in (REPO / folder).rglob("*.py"):
            found = _long_literal_sleeps(path.read_text(encoding="utf-8"))
            if found:
                offenders[str(path.relative_to(REPO))] = found
    assert offenders == {}


def test_the_runtime_guard_refuses_a_long_sleep():
    too_long = LIMIT_S * 5
    with pytest.raises(AssertionError, match="real sleep"):
        time.sleep(too_long)
