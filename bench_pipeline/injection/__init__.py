"""Untrusted web text: hidden-content and instruction detection, and the one quoting boundary."""

from pathlib import Path

from bench_pipeline.code_digest import package_digest

# Recorded in every run's provenance: the release, then the digest of the code and weights that make
# the verdicts, so two reports whose detectors differ in any byte can be told apart by it.
DETECTOR_VERSION = f"2026.12.5+{package_digest(Path(__file__).resolve().parent)[:16]}"
