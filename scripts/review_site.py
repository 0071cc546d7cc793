"""A review round on loopback, for the browser and crash tests and the save benchmark: the bundled
corpus with a golden copy whose pool lacks a few judgments (so every kind of item is queued), one
`bench run`, then `bench review` started and stopped by PID, and reviewers signed in over HTTP.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from scripts.processes import free_port, start, wait_for  # noqa: E402

# `bench` as the running interpreter has it (pyproject's entry point, bench_pipeline.cli:main), whichever
# environment that is: a `.venv` at the repository root is one way to install the project, not the only one.
BENCH = [sys.executable, "-m", "bench_pipeline.cli"]
FIXTURES = REPO / "fixtures" / "web-search"
ROUND = "0002-review-test"
# Taken out of the pool's judgments so the queue has relevance items: all of one case's top results.
UNJUDGED_CASE = "gs-001"


@dataclass
class Site:
    root: Path
    fixtures: Path = FIXTURES

    @property
    def golden(self) -> Path:
        return self.root / "golden"

    @property
    def warehouse(self) -> Path:
        return self.root / "warehouse"

    def run_args(self) -> list[str]:
        return ["--fixtures", str(self.fixtures), "--golden", str(self.golden), "--warehouse", str(self.warehouse),
                "--providers", str(REPO / "providers.yaml"), "--invoices", str(REPO / "invoices")]

    def bench_run(self) -> dict:
        """`bench run` on this site, recorded in the site's own instance (never the repository's dagster_home/,
        which `bench run` would default to); the report it printed last."""
        home = self.root / "dagster_home"
        home.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
        done = subprocess.run([*BENCH, "run", *self.run_args()], cwd=REPO, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "DAGSTER_HOME": str(home)})
        if done.returncode != 0:
            raise RuntimeError(f"bench run failed: {done.stderr.strip()[-400:]}")
        return json.loads(Path(done.stdout.strip().splitlines()[-1]).read_text())

    def round_file(self) -> Path:
        return self.golden / "judgments" / f"{ROUND}.jsonl"

    def copy(self, root: Path) -> Site:
        shutil.copytree(self.root, root)
        return Site(root, self.fixtures)


def prepare(root: Path) -> Site:
    site = Site(root)
    shutil.copytree(REPO / "golden", site.golden)
    pool = site.golden / "judgments" / "0001-demo-pool.jsonl"
    kept = [line for line in pool.read_text().splitlines() if json.loads(line)["case_id"] != UNJUDGED_CASE]
    pool.write_text("".join(line + "\n" for line in kept))
    site.bench_run()
    return site


def serve(stack: ExitStack, site: Site, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    out = stack.enter_context(log.open("a"))
    server = start(stack, "bench review", [*BENCH, "review", "--golden", str(site.golden), "--warehouse",
                                           str(site.warehouse), "--fixtures", str(site.fixtures), "--port", str(port),
                                           "--round", ROUND], cwd=REPO, stdout=out, stderr=out)
    base = f"http://127.0.0.1:{port}"
    wait_for("bench review to answer", lambda: server.poll() is None and _answers(port), timeout=60, every=0.2)
    return server, base


def _answers(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        connection.request("GET", "/static/review.css")
        return connection.getresponse().status == 200
    except OSError:
        return False


def invite(site: Site, reviewer: str, base: str) -> str:
    port = urlsplit(base).port
    done = subprocess.run([*BENCH, "review", "invite", reviewer, "--warehouse", str(site.warehouse),
                           "--port", str(port)], cwd=REPO, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


class Reviewer:
    """One reviewer's keep-alive connection and session cookie, as a form-posting client would hold them."""

    def __init__(self, site: Site, base: str, name: str):
        self.name = name
        self.port = urlsplit(base).port
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        token = urlsplit(invite(site, name, base)).path.rsplit("/", 1)[-1]
        status, headers, _ = self.request("POST", "/invite", {"token": token})
        if status != 303:
            raise RuntimeError(f"invitation for {name} answered {status}")
        self.cookie = headers["set-cookie"].split(";", 1)[0]

    def request(self, method: str, path: str, form: dict | None = None) -> tuple[int, dict, str]:
        headers = {"cookie": self.cookie} if getattr(self, "cookie", None) else {}
        body = None
        if form is not None:
            body = urlencode(form)
            headers["content-type"] = "application/x-www-form-urlencoded"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # The server closes a keep-alive connection left idle (uvicorn: after 5 s), as while the
            # other reviewers were being invited; resending is safe: a save carries its request id.
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read().decode()

    def csrf(self, item_id: str) -> str:
        _, _, page = self.request("GET", f"/item/{item_id}")
        return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)

    def close(self) -> None:
        self.connection.close()


def item_ids(page: str, kind: str) -> list[str]:
    """Item ids of one kind, in queue order, from the queue page's rows."""
    return re.findall(rf'<span class="kind {kind}">.*?href="/item/([0-9a-f]+)"', page, flags=re.DOTALL)
