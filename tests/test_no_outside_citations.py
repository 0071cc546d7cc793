"""The repository documents itself (docs/): no tracked text file may cite a document a user's clone
does not have. The one path allowed is the real third-party captures folder some tests and benchmarks
read when it is present beside the clone.

The patterns are built from parts so this file does not match them itself.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTION = "\u00a7"
SPEC_NAME = "SP" + "EC"
ARCH_NAME = "ARCHI" + "TECTURE"
OUTSIDE = "../" + "shared/"
ALLOWED_FOLDER = "realdata"
# Citations of documents that live outside the repository, and the folder they live in.
FORBIDDEN = [
    re.compile(re.escape(SPEC_NAME + " " + SECTION)),
    re.compile(re.escape("seed" + " " + SECTION)),
    re.compile(r"(?<![/\w])" + re.escape("research" + "/")),  # not a URL's path: "example.com/research/…"
    re.compile(re.escape(ARCH_NAME + ".md")),
    re.compile(re.escape("security" + ".md")),
    re.compile(re.escape("providers" + ".md")),
    re.compile(re.escape("dagster" + ".md")),
    re.compile(re.escape("feasibility" + ".md")),
    re.compile(re.escape(SECTION) + r"\s?\d"),  # a bare section number: "(" + SECTION + "4.3)"
    re.compile(re.escape(OUTSIDE) + "(?!" + ALLOWED_FOLDER + r"\b)"),
]
# Enough to tell text from binary (PDFs, archives, weights) without reading whole files twice.
SNIFF = 8192


def tracked_files() -> list[Path]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed: cannot list tracked files")
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"not a git checkout ({done.stderr.decode(errors='replace').strip()})")
    return [ROOT / name for name in done.stdout.decode("utf-8").split("\0") if name]


def text_of(path: Path) -> str | None:
    """The file as UTF-8 text, or None for binary or missing files."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return None
    if b"\0" in data[:SNIFF]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def citations(text: str) -> list[tuple[int, str]]:
    """(line number, matched text) of every outside citation in `text`."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for pattern in FORBIDDEN:
            match = pattern.search(line)
            if match:
                found.append((number, match.group(0)))
                break
    return found


def test_patterns_catch_citations_and_allow_the_captures_folder():
    cited = ["(" + SPEC_NAME + " " + SECTION + "7)", "(seed " + SECTION + "4.1)", "see research" + "/security" + ".md",
             OUTSIDE + ARCH_NAME + ".md", "(" + SECTION + "4.3)", OUTSIDE + "se" + "eds/x.txt"]
    assert all(citations(line) for line in cited)
    assert not citations("REALDATA = HERE.parent / 'shared' / 'realdata'  # " + OUTSIDE + ALLOWED_FOLDER)
    assert not citations("see docs/architecture.md#the-road and docs/method.md#precisionk")
    assert not citations("https://threats.example.com/" + "research" + "/supplier-report")


def test_no_tracked_text_file_cites_an_outside_document():
    offenders = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        relative = path.relative_to(ROOT).as_posix()
        offenders += [f"{relative}:{number}: {matched}" for number, matched in citations(text)]
    assert not offenders, ("cite docs/ instead of documents outside the repository:\n  "
                           + "\n  ".join(offenders))
