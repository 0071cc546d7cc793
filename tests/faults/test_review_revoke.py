"""`bench review revoke REVIEWER` through the real server on 127.0.0.1: the revoked reviewer's cookie is refused on
its next request (page and POST alike, nothing saved), an invitation made before the revocation no longer works,
other reviewers are untouched, and a new invitation lets the reviewer back in."""

from __future__ import annotations

import json
import subprocess
from contextlib import ExitStack
from urllib.parse import urlsplit

from scripts.review_site import BENCH, REPO, Reviewer, invite, item_ids, serve


def _revoke(site, reviewer: str) -> subprocess.CompletedProcess:
    return subprocess.run([*BENCH, "review", "revoke", reviewer, "--warehouse", str(site.warehouse)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)


def _save(reviewer: Reviewer, item: str, csrf: str, request_id: str) -> tuple[int, dict, str]:
    return reviewer.request("POST", f"/item/{item}", {"relevant": "yes", "reason": "grounds_claim",
                                                      "client_request_id": request_id, "csrf_token": csrf})


def _saved_by(site, reviewer: str) -> list[str]:
    lines = site.round_file().read_text().splitlines() if site.round_file().is_file() else []
    return [json.loads(line)["client_request_id"] for line in lines if json.loads(line)["reviewer"] == reviewer]


def test_a_revoked_reviewer_is_refused_at_once_and_a_new_invitation_lets_them_back(review_site_base, tmp_path):
    site = review_site_base.copy(tmp_path / "site")
    with ExitStack() as stack:
        _, base = serve(stack, site, tmp_path / "review.log")
        revoked, other = Reviewer(site, base, "rev-x1"), Reviewer(site, base, "rev-x2")
        stack.callback(revoked.close)
        stack.callback(other.close)
        status, _, queue = revoked.request("GET", "/")
        item = item_ids(queue, "judge_relevance")[0]
        csrf = revoked.csrf(item)
        assert status == 200 and _save(revoked, item, csrf, "rev-x1-before")[0] == 303
        unused = urlsplit(invite(site, "rev-x1", base)).path.rsplit("/", 1)[-1]  # made before the revocation

        done = _revoke(site, "rev-x1")
        assert done.returncode == 0 and done.stdout.startswith("bench review revoke: rev-x1: every session")

        for method, path in [("GET", "/"), ("GET", f"/item/{item}")]:
            status, headers, page = revoked.request(method, path)
            assert status == 403 and "Session revoked" in page, (path, status)
            assert headers["set-cookie"].startswith('review_session=""')  # the browser forgets it
        status, _, page = _save(revoked, item, csrf, "rev-x1-after")
        assert status == 403 and "nothing was saved" in page
        assert _saved_by(site, "rev-x1") == ["rev-x1-before"]  # acknowledged before: kept; refused after: absent

        assert other.request("GET", "/")[0] == 200  # another reviewer's session is untouched
        assert revoked.request("POST", "/invite", {"token": unused})[0] == 403
        back = Reviewer(site, base, "rev-x1")  # a new invitation, made after the revocation, works
        stack.callback(back.close)
        assert back.request("GET", "/")[0] == 200
        assert _save(back, item, back.csrf(item), "rev-x1-back")[0] == 303
    assert _saved_by(site, "rev-x1") == ["rev-x1-before", "rev-x1-back"]
    assert [json.loads(line)["reviewer"] for line in (site.warehouse / "review" / "revocations.jsonl")
            .read_text().splitlines()] == ["rev-x1"]


def test_revoke_refuses_a_name_that_is_not_a_pseudonym_and_an_unreadable_list(review_site_base, tmp_path):
    site = review_site_base.copy(tmp_path / "site")
    done = _revoke(site, "Alice")
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 2 and last.startswith("bench review revoke: reviewer 'Alice': must be a pseudonym")
    revocations = site.warehouse / "review" / "revocations.jsonl"
    revocations.parent.mkdir(exist_ok=True)
    revocations.write_text('{"reviewer": "rev-x1"')  # a tail a power cut left
    done = _revoke(site, "rev-x1")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"bench review revoke: {revocations}: line 1: torn last line (no newline): move it aside")
    with ExitStack() as stack:  # and the pages, unable to read the list, admit nobody rather than everybody
        _, base = serve(stack, site, tmp_path / "review.log")
        revocations.unlink()
        reviewer = Reviewer(site, base, "rev-x3")
        stack.callback(reviewer.close)
        revocations.write_text('{"reviewer": "rev-x1"')
        status, _, page = reviewer.request("GET", "/")
        assert status == 503 and "revocations.jsonl: line 1" in page
