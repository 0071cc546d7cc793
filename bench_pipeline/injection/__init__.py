"""Untrusted web text: hidden-content and instruction detection, and the one quoting boundary."""

import hashlib
from pathlib import Path


def package_digest(root: Path = Path(__file__).resolve().parent) -> str:
    """SHA-256 over the files of this package (code, the verifier's weights, any data the code reads)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# Recorded in every run's provenance: the release, then the digest of the code and weights that make
# the verdicts, so two reports whose detectors differ in any byte can be told apart by it.
DETECTOR_VERSION = f"2026.12.5+{package_digest()[:16]}"
