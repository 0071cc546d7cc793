"""The Dagster layer: thin assets that read tables, call the domain, write a table, return metadata."""
