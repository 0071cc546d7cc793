"""The one error type for invalid input: it always names the file and the field."""

from __future__ import annotations

from pathlib import Path


class InputError(ValueError):
    """Bad input. The message is one line: `<file>: <field>: <reason>`."""

    def __init__(self, path: str | Path, field: str, reason: str):
        self.path = str(path)
        self.field = field
        # One line even when the reason quotes a parser's multi-line message (YAML marks the column below).
        self.reason = " ".join(str(reason).split())
        super().__init__(f"{self.path}: {field}: {self.reason}")


def first_pydantic_error(path: str | Path, exc) -> InputError:
    """Turn a pydantic ValidationError into an InputError naming the first bad field."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err.get("loc", ())) or "(root)"
    return InputError(path, field, err.get("msg", "invalid"))


class WriteError(OSError):
    """A file the run had to write could not be written (a full disk, a read-only mount): not bad input.
    The message is one line: `<file>: could not write: <reason>`; what was committed before stays."""

    def __init__(self, path: str | Path, reason: str, errno: int | None = None):
        self.path = str(path)
        self.reason = " ".join(str(reason).split())
        super().__init__(errno, self.reason, self.path)

    def __str__(self) -> str:
        return f"{self.path}: could not write: {self.reason}"
