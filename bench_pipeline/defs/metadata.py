"""Metadata every asset returns: row counts and a Markdown preview a person can read in the UI."""

import dagster as dg
import pandas as pd


def table_metadata(name: str, frame: pd.DataFrame, preview_rows: int = 12) -> dict:
    preview = frame.head(preview_rows).to_markdown(index=False) if len(frame) else "_(empty table)_"
    return {
        "dagster/row_count": dg.MetadataValue.int(len(frame)),
        "dagster/table_name": dg.MetadataValue.text(name),
        "preview": dg.MetadataValue.md(preview),
    }


def frame_of(rows: list[dict], columns: list[str]) -> pd.DataFrame:
    """A DataFrame with a fixed column list, so an empty table still has its schema."""
    return pd.DataFrame(rows, columns=columns)
