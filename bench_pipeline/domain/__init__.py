"""Pydantic models at every boundary: fixture files, manifest, golden cases, results, report."""
