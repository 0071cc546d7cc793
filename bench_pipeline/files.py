"""File primitives every room uses: atomic writes and JSON reads that name the file on failure."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from bench_pipeline.domain.errors import InputError, WriteError, first_pydantic_error

M = TypeVar("M", bound=BaseModel)
# Python's parsers recurse once per level; no input of ours nests anywhere near the interpreter's limit.
TOO_DEEP = "nested deeper than the parser can follow (lists or objects inside each other about 1,000 levels deep)"


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write via a temp file in the same folder and rename, so a reader never sees half a file. A write the
    system refuses (a full disk, a read-only mount) is a `WriteError` naming `path`; the temp file is removed."""
    path = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise WriteError(path, exc.strerror or str(exc), exc.errno) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise WriteError(path, exc.strerror or str(exc), exc.errno) from exc
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def dump_json(value: Any) -> str:
    """The one JSON rendering for files we write: stable key order, UTF-8, trailing newline."""
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def read_bytes(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError(path, "(file)", "does not exist") from None


class NotJson(ValueError):
    """What json.loads accepts and JSON is not; `key` names the object key concerned, when there is one."""

    def __init__(self, key: str | None, reason: str):
        self.key = key
        super().__init__(reason)


class RepeatedKey(NotJson):
    """A key given twice in one JSON object: json.loads would keep the last value and drop the other unsaid."""

    def __init__(self, key: str):
        super().__init__(key, "given twice in one object: one of its two values would be dropped silently")


def _no_constant(name: str) -> Any:
    raise NotJson(None, f"{name} is not a JSON number (a measurement that is not a number is null, never NaN)")


def _one_value_per_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RepeatedKey(key)
        out[key] = value
    return out


def loads(text: str) -> Any:
    """json.loads that refuses what JSON is not (NotJson): a key given twice in one object, NaN and Infinity."""
    return json.loads(text, object_pairs_hook=_one_value_per_key, parse_constant=_no_constant)


def parse_json(path: Path, data: bytes) -> Any:
    """JSON from a file's bytes; a failure names the file."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, "(file)", f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, "(json)", f"malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except NotJson as exc:
        raise InputError(path, exc.key or "(json)", str(exc)) from None
    except RecursionError:
        raise InputError(path, "(json)", TOO_DEEP) from None


def read_json(path: Path) -> Any:
    return parse_json(Path(path), read_bytes(path))


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_utf8(path: Path) -> str:
    """A text file we read (YAML, JSON lines): UTF-8 or bad input naming the file, never a decoder's stack."""
    return _decoded(path, read_bytes(path))


def read_appended_utf8(path: Path) -> str:
    """A file another process appends to under an exclusive `flock` (a review round's records), read under a
    shared one, so a run reading it during a save never sees half the line being written."""
    try:
        with open(path, "rb") as handle:
            fcntl.flock(handle, fcntl.LOCK_SH)
            data = handle.read()
    except FileNotFoundError:
        raise InputError(path, "(file)", "does not exist") from None
    return _decoded(path, data)


def _decoded(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(path, "(file)", f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


# libyaml's loader when built in: the same documents, ten times faster than the pure-Python one.
class _OneValuePerKey(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader, refusing a key given twice in one mapping (YAML would keep the last value unsaid)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = (key_node.tag, key_node.value) if isinstance(key_node, yaml.ScalarNode) else None
            if key in seen and key_node.value != "<<":
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"found key {key_node.value!r} twice (one of its two values would be dropped silently)",
                    key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def read_yaml(path: Path) -> Any:
    path = Path(path)
    text = read_utf8(path)
    try:
        return yaml.load(text, Loader=_OneValuePerKey)
    except yaml.YAMLError as exc:
        raise InputError(path, "(yaml)", f"malformed YAML: {exc}") from None
    except RecursionError:
        raise InputError(path, "(yaml)", TOO_DEEP) from None


def load_model(path: Path, model: type[M]) -> M:
    """A JSON or YAML file validated against a pydantic model; any failure names the file and field."""
    data = read_yaml(path) if Path(path).suffix in (".yaml", ".yml") else read_json(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise first_pydantic_error(path, exc) from None
