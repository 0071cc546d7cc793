"""Metadata every asset returns: row counts, schema and a Markdown preview a person can read in the UI."""

import dagster as dg
import pandas as pd

from bench_pipeline.defs.tables import column_schema, columns


def table_metadata(table: str, frame: pd.DataFrame, preview_rows: int = 12) -> dict:
    preview = frame.head(preview_rows).to_markdown(index=False) if len(frame) else "_(empty table)_"
    return {
        "dagster/row_count": dg.MetadataValue.int(len(frame)),
        "dagster/table_name": dg.MetadataValue.text(table),
        "dagster/column_schema": column_schema(table),
        "preview": dg.MetadataValue.md(preview),
    }


def frame_of(table: str, rows: list[dict]) -> pd.DataFrame:
    """Rows as a DataFrame with the table's columns, so an empty table still has its schema."""
    return pd.DataFrame(rows, columns=columns(table))


def md_table(frame: pd.DataFrame) -> dg.MetadataValue:
    return dg.MetadataValue.md(frame.to_markdown(index=False) if len(frame) else "_none_")
