"""`bench review`: serve the review pages on loopback, and `bench review invite` to let a reviewer in.

Uvicorn runs with its access log off (no client address reaches any file) and its own graceful
shutdown: on SIGTERM it stops accepting connections, lets the request in progress finish — a save
runs to its fsync in a worker thread that is never abandoned — and exits by that signal. Everything
acknowledged is on disk, so a restart finds it.
"""

from __future__ import annotations

import ipaddress
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import uvicorn

from bench_pipeline.golden.load import JUDGMENTS_DIR
from bench_pipeline.report.provenance import git_state
from bench_pipeline.review.access import Invitations, Revocations, Sessions, signing_key
from bench_pipeline.review.records import ReviewLog
from bench_pipeline.review.snapshot import load_snapshot
from bench_pipeline.review.web import Guard, ReviewState, create_app

LOOPBACK = "127.0.0.1"
ROUND_PATTERN = r"^\d{4}-[a-z0-9-]+$"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def default_round(golden: Path, today: str | None = None) -> str:
    """Today's round (`NNNN-review-YYYY-MM-DD`), continued if it exists, else the next number."""
    today = today or datetime.now(UTC).strftime("%Y-%m-%d")
    existing = sorted((Path(golden) / JUDGMENTS_DIR).glob("*.jsonl"))
    for path in existing:
        if path.stem.endswith(f"-review-{today}"):
            return path.stem
    numbers = [int(m.group(1)) for p in existing if (m := re.match(r"^(\d{4})-", p.name))]
    return f"{max(numbers, default=0) + 1:04d}-review-{today}"


def build_state(*, golden: Path, warehouse: Path, fixtures: Path, round_name: str, repo: Path) -> ReviewState:
    if not re.fullmatch(ROUND_PATTERN, round_name):
        raise ValueError(f"--round {round_name!r}: must look like 0002-december (four digits, a dash, a-z0-9-)")
    log = ReviewLog(golden, round_name)
    database = Path(warehouse) / "bench.duckdb"
    revision, dirty = git_state(repo)
    return ReviewState(
        log=log,
        load_snapshot=lambda: load_snapshot(warehouse, fixtures),
        snapshot_stamp=lambda: database.stat().st_mtime_ns if database.is_file() else 0,
        sessions=Sessions(signing_key(warehouse), revocations=Revocations(warehouse)),
        invitations=Invitations(warehouse),
        provenance_base={"git_revision": revision, "git_dirty": dirty},
    )


def serve(*, golden: Path, warehouse: Path, fixtures: Path, host: str, port: int, round_name: str | None) -> int:
    if not is_loopback(host):
        print(f"bench review: WARNING: serving on {host}, not loopback: anyone who can reach it may try the pages. "
              "There is no TLS; put it behind a proxy that terminates TLS, or use 127.0.0.1.", file=sys.stderr)
    state = build_state(golden=golden, warehouse=warehouse, fixtures=fixtures,
                        round_name=round_name or default_round(golden), repo=Path.cwd())
    for torn in state.log.torn:
        print(f"bench review: {torn.message()}", file=sys.stderr)
    def stopped() -> None:
        print("bench review: stopped admitting and finished the requests in flight; every acknowledged judgment "
              "is on disk", flush=True)

    config = uvicorn.Config(Guard(create_app(state, on_stop=stopped)), host=host, port=port, access_log=False,
                            server_header=False, date_header=False, log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=10)
    print(f"bench review: round {state.log.round_name}; serving http://{host}:{port}/ "
          f"(invite a reviewer: bench review invite rev-NAME --port {port})", flush=True)
    # On SIGTERM or SIGINT uvicorn shuts down gracefully, then re-raises the signal: the exit status says why it ended.
    uvicorn.Server(config).run()
    return 0


def revoke(*, warehouse: Path, reviewer: str) -> str:
    revocations = Revocations(warehouse)
    generation = revocations.revoke(reviewer)
    return (f"{reviewer}: every session and unused invitation made before now is ended (revocation {generation}, "
            f"recorded in {revocations.path}); `bench review invite {reviewer}` lets them back in")


def invite(*, warehouse: Path, reviewer: str, host: str, port: int) -> str:
    token = Invitations(warehouse).invite(reviewer)
    return f"http://{host}:{port}/invite/{token}"
