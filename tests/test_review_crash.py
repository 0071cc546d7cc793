"""`bench review` as a process: SIGTERM during a burst of saves exits cleanly with every acknowledged
line on disk; kill -9 during a burst loses no acknowledged line, and a torn line is reported at restart."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time
from contextlib import ExitStack

from scripts.review_site import Reviewer, item_ids, serve

SAVES = 40


def _burst(site, base, names: list[str], acked: list[str]) -> list[threading.Thread]:
    """Reviewers saving relevance judgments as fast as they can; `acked` gets each acknowledged request id."""
    reviewers = [Reviewer(site, base, name) for name in names]
    _, _, queue = reviewers[0].request("GET", "/")
    item = item_ids(queue, "judge_relevance")[0]

    def saves(reviewer: Reviewer) -> None:
        csrf = reviewer.csrf(item)
        for n in range(SAVES):
            crid = f"{reviewer.name}-{n:04d}"
            try:
                status, _, _ = reviewer.request("POST", f"/item/{item}", {
                    "relevant": "yes", "reason": "grounds_claim", "client_request_id": crid, "csrf_token": csrf})
            except (OSError, http.client.HTTPException):
                return  # the server went away: this one was never acknowledged
            if status == 303:
                acked.append(crid)

    threads = [threading.Thread(target=saves, args=(r,)) for r in reviewers]
    for thread in threads:
        thread.start()
    return threads


def _on_disk(site) -> list[str]:
    return [json.loads(line)["client_request_id"] for line in site.round_file().read_text().splitlines()]


def _wait_for_acks(acked: list[str], count: int) -> None:
    deadline = time.monotonic() + 30
    while len(acked) < count and time.monotonic() < deadline:
        time.sleep(0.005)


def test_sigterm_during_a_burst_finishes_the_write_and_exits_with_everything_acknowledged(review_site_base, tmp_path):
    site = review_site_base.copy(tmp_path / "site")
    acked: list[str] = []
    with ExitStack() as stack:
        server, base = serve(stack, site, tmp_path / "review.log")
        threads = _burst(site, base, ["rev-t1", "rev-t2"], acked)
        _wait_for_acks(acked, 10)
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == -signal.SIGTERM  # after the graceful shutdown, uvicorn re-raises it
        for thread in threads:
            thread.join(timeout=20)
    on_disk = _on_disk(site)
    assert set(acked) <= set(on_disk) and len(on_disk) == len(set(on_disk))
    assert "every acknowledged judgment is on disk" in (tmp_path / "review.log").read_text()


def test_kill_9_during_a_burst_loses_no_acknowledged_line_and_the_torn_one_is_reported(review_site_base, tmp_path):
    site = review_site_base.copy(tmp_path / "site")
    acked: list[str] = []
    log = tmp_path / "review.log"
    with ExitStack() as stack:
        server, base = serve(stack, site, log)
        threads = _burst(site, base, ["rev-k1", "rev-k2", "rev-k3"], acked)
        _wait_for_acks(acked, 20)
        os.kill(server.pid, signal.SIGKILL)
        for thread in threads:
            thread.join(timeout=20)
    assert set(acked) <= set(_on_disk(site))
    # One write() of a whole line is never cut by kill -9 on Linux; a power cut can cut it. Leave such a tail.
    with site.round_file().open("ab") as handle:
        handle.write(b'{"case_id": "gs-001", "client_request_id": "rev-k1-cut", "url": "https://')
    with ExitStack() as stack:
        _, base = serve(stack, site, log)
        reviewer = Reviewer(site, base, "rev-k4")
        _, _, queue = reviewer.request("GET", "/")
        reviewer.close()
    assert "torn last line" in log.read_text() and "Recovered at start" in queue
    on_disk = _on_disk(site)
    assert set(acked) <= set(on_disk) and "rev-k1-cut" not in on_disk and len(on_disk) == len(set(on_disk))
    assert b"rev-k1-cut" in site.round_file().with_name(site.round_file().name + ".torn").read_bytes()
