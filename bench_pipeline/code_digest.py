"""Digests of this package's source: what a cache of computed verdicts is keyed on, so that changed code
computes them again instead of trusting what older code produced. No version string to bump by hand."""

from __future__ import annotations

import ast
import hashlib
from functools import lru_cache
from importlib import metadata
from pathlib import Path

PACKAGE = "bench_pipeline"
ROOT = Path(__file__).resolve().parent
# Files whose bytes change what the package computes: code and the model weights it loads.
COMPUTING = frozenset({".py", ".npz"})


def package_digest(root: Path = ROOT) -> str:
    """Every module under `root` and every weight file it loads."""
    return _digest(root, sorted(p for p in root.rglob("*") if p.suffix in COMPUTING and "__pycache__" not in p.parts))


def modules_digest(*modules: str, root: Path = ROOT) -> str:
    """The named modules and every module of the package they import, directly or through others (the
    packages on the way too, whose `__init__` runs on import), and the release of every installed
    distribution they import (a detector library judges too): the code that judges, and only that."""
    paths, outside = _closure(modules, root)
    return _digest(root, sorted(paths), _releases(outside))


def _digest(root: Path, paths: list[Path], releases: list[str] = ()) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    for release in releases:
        digest.update(release.encode() + b"\0")
    return digest.hexdigest()


def _closure(modules: tuple[str, ...], root: Path) -> tuple[set[Path], set[str]]:
    """The package's files the modules reach, and the top-level names they import from outside it."""
    seen: set[Path] = set()
    outside: set[str] = set()
    pending = list(modules)
    while pending:
        name = pending.pop()
        if name.split(".")[0] != PACKAGE:
            outside.add(name.split(".")[0])
            continue
        for path in _module_paths(name, root):
            if path not in seen:
                seen.add(path)
                pending.extend(_imported(path.read_text(encoding="utf-8")))
    return seen, outside


def _releases(top_level: set[str]) -> list[str]:
    """`name==version` of the installed distributions providing these imports (the standard library has none)."""
    providers = _distributions()
    return sorted({f"{dist}=={metadata.version(dist)}" for name in top_level for dist in providers.get(name, ())})


def _module_paths(name: str, root: Path) -> list[Path]:
    """The file of module `name` and the `__init__` of each package above it (none outside the package)."""
    parts = name.split(".")
    found = [root.joinpath(*parts[1:i], "__init__.py") for i in range(1, len(parts) + 1)]
    found.append(root.joinpath(*parts[1:]).with_suffix(".py"))
    return [path for path in found if path.is_file()]


@lru_cache(maxsize=None)
def _imported(source: str) -> tuple[str, ...]:
    """Modules an import statement names; `from a import b` may import the module `a.b`, so both."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return tuple(names)


@lru_cache(maxsize=1)
def _distributions() -> dict[str, list[str]]:
    """Top-level import name → distributions providing it; what is installed does not change in a run."""
    return metadata.packages_distributions()
