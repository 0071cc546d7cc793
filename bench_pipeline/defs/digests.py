"""Content digests of warehouse tables, per provider partition: what a consumer compares to know
whether its inputs changed since it last computed from them."""

import hashlib
from functools import lru_cache

import pandas as pd

from bench_pipeline.code_digest import package_digest

# The provider column of a digest that covers a whole (unpartitioned) table.
WHOLE = "*"


def _digest(row_hashes) -> str:
    return hashlib.sha256(row_hashes.tobytes()).hexdigest()


def frame_digest(frame: pd.DataFrame) -> str:
    """Order-sensitive digest of every value of every row (pandas' stable row hash, then sha256)."""
    return _digest(pd.util.hash_pandas_object(frame, index=False).to_numpy())


def partition_digests(frame: pd.DataFrame, providers: list[str]) -> dict[str, str]:
    """provider → digest of its rows, for each provider written (one with no rows gets the empty digest)."""
    hashes = pd.util.hash_pandas_object(frame, index=False).to_numpy()
    positions = frame.groupby("provider").indices if len(frame) else {}
    return {p: _digest(hashes[positions[p]] if p in positions else hashes[:0]) for p in providers}


@lru_cache(maxsize=1)
def source_digest() -> str:
    """Digest of this package's code and weights: part of every key over computed rows, so changed
    code recomputes them instead of trusting rows an older formula produced."""
    return package_digest()
