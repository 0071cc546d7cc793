"""Who may review: one-time invitations, signed session cookies, CSRF tokens, revocations and a per-reviewer
rate limit.

State lives under `<warehouse>/review/` (generated, never committed): a random signing key made on
first use (mode 0600); `invitations.jsonl`, which holds only the sha256 of each token and, once
it is used, a line saying so — so a link works once, even across restarts and processes; and
`revocations.jsonl`, one line per `bench review revoke`. A reviewer's revocations count their
generation: a session cookie and an invitation carry the generation they were made in, and are
honoured only while it is still the reviewer's current one — so a revocation ends every session and
unused invitation made before it, and an invitation made after it lets the reviewer in again.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench_pipeline.domain.errors import InputError
from bench_pipeline.domain.golden import REVIEWER_PATTERN

STATE_DIR = "review"
SESSION_SECONDS = 12 * 3600


def state_dir(warehouse: Path) -> Path:
    path = Path(warehouse) / STATE_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def signing_key(warehouse: Path) -> bytes:
    """The session-signing key, made on first use: written whole under a temporary name, then linked into
    place, so a second process starting at the same moment reads the winner's key, never a half-written one."""
    path = state_dir(warehouse) / "session.key"
    if not path.is_file():
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".session.key.")  # mode 0600
        with os.fdopen(handle, "w") as out:
            out.write(secrets.token_hex(32))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    return bytes.fromhex(path.read_text().strip())


def _check_reviewer(reviewer: str) -> None:
    if not re.fullmatch(REVIEWER_PATTERN, reviewer):
        raise ValueError(f"reviewer {reviewer!r}: must be a pseudonym like rev-a1 ({REVIEWER_PATTERN})")


class Revocations:
    """The append-only revocation list. Read on every request that carries a session (re-parsed only when the
    file changed); a line that cannot be read is an InputError, and the pages then admit nobody."""

    def __init__(self, warehouse: Path):
        self.path = state_dir(warehouse) / "revocations.jsonl"
        self._seen: tuple[tuple[int, int], dict[str, int]] | None = None
        self._lock = threading.Lock()

    def revoke(self, reviewer: str) -> int:
        """End the reviewer's sessions and unused invitations; the reviewer's new generation."""
        _check_reviewer(reviewer)
        line = json.dumps({"reviewer": reviewer, "revoked_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")},
                          sort_keys=True) + "\n"
        with self.path.open("a+b") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            handle.seek(0)
            generations = self._parse(handle.read())
            # One write of a whole line, then fsync, then the acknowledgment: never half a revocation.
            os.write(handle.fileno(), line.encode())
            os.fsync(handle.fileno())
        return generations.get(reviewer, 0) + 1

    def generation(self, reviewer: str) -> int:
        """How many times the reviewer was revoked."""
        return self._generations().get(reviewer, 0)

    def _generations(self) -> dict[str, int]:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return {}
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if self._seen is None or self._seen[0] != stamp:
                with self.path.open("rb") as handle:
                    fcntl.flock(handle, fcntl.LOCK_SH)
                    self._seen = (stamp, self._parse(handle.read()))
            return self._seen[1]

    def _parse(self, data: bytes) -> dict[str, int]:
        if data and not data.endswith(b"\n"):
            torn = data.count(b"\n") + 1
            raise InputError(self.path, f"line {torn}", "torn last line (no newline): move it aside")
        counts: dict[str, int] = {}
        for number, line in enumerate(data.split(b"\n"), start=1):
            if not line.strip():
                continue
            try:
                reviewer = json.loads(line)["reviewer"]
                _check_reviewer(reviewer)
            except (ValueError, KeyError, TypeError) as exc:
                raise InputError(self.path, f"line {number}.reviewer", f"not a revocation ({exc})") from None
            counts[reviewer] = counts.get(reviewer, 0) + 1
        return counts


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Invitations:
    def __init__(self, warehouse: Path):
        self.path = state_dir(warehouse) / "invitations.jsonl"
        self.revocations = Revocations(warehouse)

    def _locked_lines(self, handle) -> list[dict]:
        fcntl.flock(handle, fcntl.LOCK_EX)
        handle.seek(0)
        return [json.loads(line) for line in handle.read().splitlines() if line.strip()]

    def _append(self, handle, entry: dict) -> None:
        os.write(handle.fileno(), (json.dumps(entry, sort_keys=True) + "\n").encode())
        os.fsync(handle.fileno())

    def invite(self, reviewer: str) -> str:
        _check_reviewer(reviewer)
        token = secrets.token_urlsafe(32)
        with self.path.open("a+") as handle:
            self._locked_lines(handle)
            self._append(handle, {"token_sha256": _token_hash(token), "reviewer": reviewer,
                                  "generation": self.revocations.generation(reviewer),
                                  "created_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")})
        return token

    def redeem(self, token: str) -> str | None:
        """The reviewer the token invites, marking it used; None when unknown, already used, or made before the
        reviewer's latest revocation."""
        digest = _token_hash(token)
        with self.path.open("a+") as handle:
            lines = self._locked_lines(handle)
            invitation = next((e for e in lines if e.get("token_sha256") == digest), None)
            if invitation is None or any(e.get("used") == digest for e in lines):
                return None
            invited = invitation["reviewer"]
            if invitation.get("generation", 0) < self.revocations.generation(invited):
                return None
            self._append(handle, {"used": digest, "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")})
        return invited

    def pending(self, token: str) -> str | None:
        """The reviewer a still-unused token invites (the welcome page), without using it."""
        digest = _token_hash(token)
        if not self.path.is_file():
            return None
        with self.path.open("a+") as handle:
            lines = self._locked_lines(handle)
        if any(e.get("used") == digest for e in lines):
            return None
        return next((e["reviewer"] for e in lines if e.get("token_sha256") == digest), None)


@dataclass(frozen=True)
class Session:
    reviewer: str
    session_id: str
    generation: int = 0  # the reviewer's revocation count when the session was made


class Sessions:
    """Stateless signed cookies: `<payload>.<hmac>`; a changed byte, another key or an expired one is no session.
    With `revocations`, a session made before the reviewer's latest revocation is `revoked`."""

    def __init__(self, key: bytes, seconds: int = SESSION_SECONDS, revocations: Revocations | None = None):
        self.key = key
        self.seconds = seconds
        self.revocations = revocations

    def revoked(self, session: Session) -> bool:
        """Raises InputError when the revocation list cannot be read: then no session can be trusted."""
        return self.revocations is not None and session.generation < self.revocations.generation(session.reviewer)

    def _mac(self, data: bytes) -> str:
        return hmac.new(self.key, data, hashlib.sha256).hexdigest()

    def issue(self, reviewer: str) -> str:
        generation = self.revocations.generation(reviewer) if self.revocations is not None else 0
        payload = base64.urlsafe_b64encode(json.dumps(
            {"r": reviewer, "s": secrets.token_hex(16), "e": int(time.time()) + self.seconds, "g": generation}
        ).encode()).decode().rstrip("=")
        return f"{payload}.{self._mac(payload.encode())}"

    def read(self, cookie: str | None) -> Session | None:
        if not cookie or "." not in cookie:
            return None
        payload, mac = cookie.rsplit(".", 1)
        if not hmac.compare_digest(mac, self._mac(payload.encode())):
            return None
        try:
            data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        except ValueError:
            return None
        if data.get("e", 0) < time.time() or not re.fullmatch(REVIEWER_PATTERN, str(data.get("r"))):
            return None
        generation = data.get("g", 0)  # cookies made before revocations existed carry none: generation 0
        if not isinstance(generation, int):
            return None
        return Session(reviewer=data["r"], session_id=str(data["s"]), generation=generation)

    def csrf_token(self, session: Session) -> str:
        """Bound to the session: another reviewer's (or another login's) token does not pass."""
        return self._mac(f"csrf:{session.reviewer}:{session.session_id}".encode())

    def csrf_ok(self, session: Session, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(token, self.csrf_token(session))


class RateLimit:
    """A token bucket per reviewer: `burst` saves at once, refilled at `per_second`."""

    def __init__(self, burst: int = 60, per_second: float = 2.0):
        self.burst = burst
        self.per_second = per_second
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, reviewer: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, at = self._buckets.get(reviewer, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - at) * self.per_second)
            if tokens < 1:
                self._buckets[reviewer] = (tokens, now)
                return False
            self._buckets[reviewer] = (tokens - 1, now)
            return True
