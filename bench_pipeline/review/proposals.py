"""Golden-set proposals: an accepted addition vote becomes a file a maintainer reads and merges by hand.

Votes are not truth, so nothing here edits `cases.yaml`. A proposal is derived from the append-only
votes of its (case, host) — every vote, accepted or not, with its evidence — and rewritten whole
(temporary file, fsync, rename) each time a vote on it is saved.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import yaml

from bench_pipeline.domain.golden import AdditionVote

PROPOSALS_DIR = "proposals"


def proposal_path(golden_dir: Path, case_id: str, host: str) -> Path:
    return Path(golden_dir) / PROPOSALS_DIR / f"{case_id}-{re.sub(r'[^a-z0-9.-]', '_', host.lower())}.yaml"


def proposal(case_id: str, host: str, votes: list[tuple[str, AdditionVote]]) -> dict:
    return {
        "proposal": "add a host to a golden case's expect.hosts",
        "status": "proposed: a maintainer merges it by editing cases.yaml; votes are not truth",
        "case_id": case_id,
        "add_to_expect_hosts": host,
        "accepted": sum(v.accepted for _, v in votes),
        "rejected": sum(not v.accepted for _, v in votes),
        "votes": [{"round": r, "reviewer": v.reviewer, "judged_at": v.judged_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                   "accepted": v.accepted, "url": v.url, "evidence": v.evidence, "run_id": v.run_id,
                   "artifact_sha256": v.artifact_sha256} for r, v in votes],
    }


def write_proposal(golden_dir: Path, case_id: str, host: str, votes: list[tuple[str, AdditionVote]]) -> Path | None:
    """Write the (case, host) proposal when at least one vote accepts it; None (and no file) otherwise."""
    mine = [(r, v) for r, v in votes if v.case_id == case_id and v.host == host]
    if not any(v.accepted for _, v in mine):
        return None
    path = proposal_path(golden_dir, case_id, host)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(proposal(case_id, host, mine), allow_unicode=True, sort_keys=False, width=120)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
    return path
