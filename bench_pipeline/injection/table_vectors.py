"""Tabular exports (CSV, TSV, semicolon- or pipe-separated): every cell is text a spreadsheet shows."""

from __future__ import annotations

import csv
import io

from bench_pipeline.injection.channels import Channel
from bench_pipeline.injection.unicode_vectors import unicode_channels

_DELIMITERS = ("\t", ",", ";", "|")
_SAMPLE_LINES = 20
_MIN_ROWS = 3


def table_dialect(text: str) -> str | None:
    """The delimiter of a text whose first lines all split into the same number (two or more) of
    fields by it; None when the text is not a table."""
    sample = "\n".join(text.splitlines()[:_SAMPLE_LINES])
    for delimiter in _DELIMITERS:
        try:
            rows = list(csv.reader(io.StringIO(sample), delimiter=delimiter))
            rows = [row for row in rows if any(cell.strip() for cell in row)]
        except csv.Error:
            continue
        widths = {len(row) for row in rows}
        if len(rows) >= _MIN_ROWS and len(widths) == 1 and widths.pop() >= 2 and not _prose(sample, delimiter):
            return delimiter
    return None


def _prose(sample: str, delimiter: str) -> bool:
    """Commas (or semicolons) that a space follows, as in sentences, rather than fields."""
    if delimiter not in ",;":
        return False
    return sample.count(delimiter + " ") > sample.count(delimiter) / 2


def table_channels(text: str) -> list[Channel]:
    """The table's rows as lines of their non-empty cells."""
    delimiter = table_dialect(text) or ","
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as exc:
        raise ValueError(f"a table that cannot be parsed: {exc}") from None
    lines = [" | ".join(cell.strip() for cell in row if cell.strip()) for row in rows]
    return [*unicode_channels(text), Channel("system_imitation", "\n".join(line for line in lines if line))]
