"""The Dagster UI, tried as a new user would, in a throwaway checkout (the repository's inputs linked in, no
dagster_home/ or warehouse/ yet): `make bench` with DAGSTER_HOME unset, then `dagster dev` on loopback as the
README starts it, whose GraphQL API must report that run's materialization of every asset (every provider
partition of the partitioned ones). Then it materializes the benchmark job from the UI's API and drives
headless Chromium to the asset graph and to the report asset's metadata, saving screenshots. Fails when a
page shows an error, an asset lacks the CLI run's materialization, or the report metadata is missing. Stops
every process it started, by PID, even on failure. About 75 s on 2 cores (make bench about 25 s of it).

Usage: .venv/bin/python scripts/ui_check.py [SCREENSHOT_DIR]   (default: ui-check/, git-ignored), or make ui-check
Needs Debian's `chromium`; run as root it installs it with apt-get when missing.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import yaml
from websockets.sync.client import connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from scripts.corpus_env import corpus_env  # noqa: E402
from scripts.processes import CheckFailed, free_port, start, wait_for  # noqa: E402

# Flags found to work offline, plus a debugging port to drive the page.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1920,1200", "--remote-debugging-port=0"]
ERROR_MARKERS = ("Something went wrong", "Unexpected error", "An error occurred", "PythonError", "Error loading")
LOCATION = "websearch_bench"


def ensure_chromium() -> str:
    found = shutil.which("chromium")
    if found:
        return found
    if os.geteuid() != 0:
        raise CheckFailed("chromium is not installed; install Debian's `chromium` package (apt-get install chromium)")
    print("installing chromium with apt-get (as root)")
    subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, stdout=subprocess.DEVNULL)
    return shutil.which("chromium") or "chromium"


def graphql(port: int, query: str, variables: dict | None = None) -> dict:
    body = json.dumps({"query": query, "variables": variables or {}}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/graphql", body, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer = json.load(response)
    if answer.get("errors"):
        raise CheckFailed(f"GraphQL error: {answer['errors'][0].get('message')}")
    return answer["data"]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except OSError:
        return False


LAUNCH = """mutation($params: ExecutionParams!) { launchRun(executionParams: $params) {
  __typename ... on LaunchRunSuccess { run { runId } } ... on Error { message } } }"""
STATUS = """query($id: ID!) { runOrError(runId: $id) { __typename ... on Run { status } } }"""
REPORT_METADATA = """query { assetOrError(assetKey: {path: ["benchmark_report"]}) { __typename ... on Asset {
  assetMaterializations(limit: 1) { runId metadataEntries { label __typename
    ... on MarkdownMetadataEntry { mdStr } ... on PathMetadataEntry { path } } } } } }"""


ASSET_MATERIALIZATIONS = """query { assetNodes { assetKey { path } isPartitioned partitionKeys
  assetMaterializations(limit: 1) { runId } latestMaterializationByPartition { runId partition } } }"""
# What a checkout holds that `make bench` and `dagster dev` read, linked from the repository.
CHECKOUT_LINKS = ("Makefile", "requirements.lock", "pyproject.toml", ".venv", "workspace.yaml")


def make_checkout(work: Path) -> Path:
    """A folder laid out like a fresh clone: the corpus and the build files linked in, no instance yet."""
    checkout = work / "checkout"
    corpus = corpus_env(work)
    for relative, target in [*((name, REPO / name) for name in CHECKOUT_LINKS),
                             ("fixtures/web-search", Path(corpus["BENCH_FIXTURES"])),
                             ("golden", Path(corpus["BENCH_GOLDEN"])), ("invoices", Path(corpus["BENCH_INVOICES"])),
                             ("providers.yaml", Path(corpus["BENCH_PROVIDERS"]))]:
        link = checkout / relative
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(target)
    return checkout


def make_bench(checkout: Path, env: dict[str, str]) -> str:
    """`make bench` as a new user types it; the run id from the report path it prints last."""
    done = subprocess.run(["make", "--no-print-directory", "bench"], cwd=checkout, env=env, capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        raise CheckFailed(f"make bench exited {done.returncode}: {done.stderr.strip()[-400:]}")
    report = Path(done.stdout.strip().splitlines()[-1])
    if not (checkout / report).is_file():
        raise CheckFailed(f"make bench did not end with a report path: {report}")
    if not (checkout / "dagster_home" / "dagster.yaml").is_file():
        raise CheckFailed("make bench left no dagster_home/dagster.yaml in the checkout")
    print(f"make bench: run {report.parent.name}, recorded in {checkout / 'dagster_home'}")
    return report.parent.name


def cli_run_in_ui(port: int, run_id: str) -> int:
    """Every asset's latest materialization, as the webserver reports it, is the `make bench` run's."""
    status = graphql(port, STATUS, {"id": run_id})["runOrError"]
    if status.get("status") != "SUCCESS":
        raise CheckFailed(f"the UI does not list run {run_id} as a success: {status}")
    missing, seen = [], 0
    for node in graphql(port, ASSET_MATERIALIZATIONS)["assetNodes"]:
        key = "/".join(node["assetKey"]["path"])
        if node["isPartitioned"]:
            latest = {e["partition"]: e["runId"] for e in node["latestMaterializationByPartition"] if e}
            missing += [f"{key}[{p}]" for p in node["partitionKeys"] if latest.get(p) != run_id]
            seen += len(node["partitionKeys"])
        else:
            latest = node["assetMaterializations"]
            missing += [key] if not latest or latest[0]["runId"] != run_id else []
            seen += 1
    if missing:
        raise CheckFailed(f"the UI does not show run {run_id}'s materialization of: {', '.join(missing)}")
    print(f"the UI reports run {run_id}'s materialization of every asset ({seen} asset partitions)")
    return seen


def materialize_benchmark(port: int, provider_keys: list[str]) -> str:
    tags = [{"key": "dagster/asset_partition_range_start", "value": provider_keys[0]},
            {"key": "dagster/asset_partition_range_end", "value": provider_keys[-1]}]
    params = {"selector": {"repositoryLocationName": LOCATION, "repositoryName": "__repository__",
                           "jobName": "benchmark"}, "mode": "default", "executionMetadata": {"tags": tags}}
    launched = graphql(port, LAUNCH, {"params": params})["launchRun"]
    if launched["__typename"] != "LaunchRunSuccess":
        raise CheckFailed(f"launchRun: {launched['__typename']}: {launched.get('message')}")
    run_id = launched["run"]["runId"]
    status = wait_for("the run to finish", lambda: _finished(port, run_id), timeout=300, every=1)
    if status != "SUCCESS":
        raise CheckFailed(f"run {run_id} ended {status}")
    print(f"run {run_id}: SUCCESS")
    return run_id


def _finished(port: int, run_id: str) -> str | None:
    status = graphql(port, STATUS, {"id": run_id})["runOrError"].get("status")
    return status if status in ("SUCCESS", "FAILURE", "CANCELED") else None


def report_metadata(port: int, run_id: str) -> dict[str, str]:
    asset = graphql(port, REPORT_METADATA)["assetOrError"]
    latest = (asset.get("assetMaterializations") or [None])[0]
    if not latest or latest["runId"] != run_id:
        raise CheckFailed("benchmark_report has no materialization from this run")
    entries = {e["label"]: e.get("mdStr") or e.get("path") or "" for e in latest["metadataEntries"]}
    if not entries.get("report", "").startswith("# websearch-bench report") or not entries.get("report_path"):
        raise CheckFailed(f"report metadata missing; labels present: {sorted(entries)}")
    return entries


class Page:
    """One Chromium tab driven over the DevTools protocol."""

    def __init__(self, ws, shots: Path):
        self.ws = ws
        self.shots = shots
        self.next_id = 0

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=60))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise CheckFailed(f"{method}: {message['error']}")
                return message["result"]

    def text(self) -> str:
        return self.call("Runtime.evaluate", expression="document.body ? document.body.innerText : ''",
                         returnByValue=True)["result"].get("value", "")

    def visit(self, url: str, expect: list[str]) -> str:
        self.call("Page.navigate", url=url)
        return self.wait_for_text(url, expect)

    def wait_for_text(self, where: str, expect: list[str], timeout: float = 60) -> str:
        try:
            text = wait_for(f"{where} to show {expect}",
                            lambda: (t := self.text()) and all(e in t for e in expect) and t, timeout=timeout)
        except CheckFailed:
            self.screenshot(self.shots / "failed-page.png")
            raise
        self.fail_on_error(where, text)
        return text

    def zoom_until(self, where: str, expect: list[str], notches: int = 20) -> str:
        """Ctrl + wheel (a trackpad pinch; a plain wheel pans) one notch at a time until `expect` shows."""
        def shown() -> str | None:
            text = self.text()
            if all(e in text for e in expect):
                return text
            self.call("Input.dispatchMouseEvent", type="mouseWheel", x=1200, y=600, deltaX=0, deltaY=60, modifiers=2)
            return None
        try:
            text = wait_for(f"{where} to show {expect}", shown, timeout=notches * 0.8, every=0.8)
        except CheckFailed:
            self.screenshot(self.shots / "failed-page.png")
            raise
        self.fail_on_error(where, text)
        return text

    def press_alt(self, key: str, code: str, key_code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, modifiers=1, key=key, code=code,
                      windowsVirtualKeyCode=key_code)

    def fail_on_error(self, url: str, text: str) -> None:
        shown = [m for m in ERROR_MARKERS if m in text]
        if shown:
            raise CheckFailed(f"{url} shows an error: {shown}")

    def click_text(self, label: str) -> None:
        """Click the innermost element showing exactly this text (the metadata table's links are plain elements)."""
        script = (f"(() => {{ const b = [...document.querySelectorAll('*')]"
                  f".filter(e => e.innerText && e.innerText.trim() === {json.dumps(label)}).pop(); "
                  f"if (b) b.click(); return !!b; }})()")
        if not self.call("Runtime.evaluate", expression=script, returnByValue=True)["result"].get("value"):
            raise CheckFailed(f"nothing labelled {label!r} on the page")

    def screenshot(self, path: Path) -> None:
        time.sleep(1)  # let the last layout settle
        path.write_bytes(base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"]))
        print(f"screenshot: {path}")


def open_page(stack: ExitStack, chromium: str, work: Path, shots: Path) -> Page:
    profile = work / "chromium-profile"
    start(stack, "chromium", [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = profile / "DevToolsActivePort"
    wait_for("chromium's debugging port", port_file.is_file, timeout=30)
    port = int(port_file.read_text().split()[0])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
        tab = next(t for t in json.load(response) if t["type"] == "page")
    page = Page(stack.enter_context(connect(tab["webSocketDebuggerUrl"], max_size=64 * 2**20)), shots)
    page.call("Page.enable")
    return page


def check(shots: Path, stack: ExitStack) -> None:
    chromium = ensure_chromium()
    work = Path(tempfile.mkdtemp(prefix="ui-check-"))
    stack.callback(shutil.rmtree, work, ignore_errors=True)
    checkout = make_checkout(work)
    # A user's shell: no DAGSTER_HOME (make bench and the CLI default it), no BENCH_* (paths are the defaults).
    shell = {k: v for k, v in os.environ.items() if k != "DAGSTER_HOME" and not k.startswith("BENCH_")}
    run_id = make_bench(checkout, shell)
    providers = sorted(yaml.safe_load((checkout / "providers.yaml").read_text(encoding="utf-8"))["providers"])
    port = free_port()
    log = (shots / "dagster-dev.log").open("w")
    stack.callback(log.close)
    # The README's command: `DAGSTER_HOME=$PWD/dagster_home .venv/bin/dagster dev`, here on a free loopback port.
    env = {**shell, "DAGSTER_HOME": str(checkout / "dagster_home"), "DAGSTER_DISABLE_TELEMETRY": "1"}
    dev = start(stack, "dagster dev", [sys.executable, "-m", "dagster", "dev", "-w", "workspace.yaml",
                                       "-h", "127.0.0.1", "-p", str(port)], cwd=checkout, env=env, stdout=log,
                stderr=log)
    began = time.monotonic()
    wait_for("dagster dev to answer", lambda: dev.poll() is None and answers(f"http://127.0.0.1:{port}/server_info"),
             timeout=120)
    print(f"dagster dev answered after {time.monotonic() - began:.1f} s on 127.0.0.1:{port}")
    cli_run_in_ui(port, run_id)
    page = open_page(stack, chromium, work, shots)
    base = f"http://127.0.0.1:{port}"
    catalog = page.visit(f"{base}/assets", expect=["benchmark_report", "fixture_manifest"])
    if "Never materialized" in catalog:
        page.screenshot(shots / "failed-page.png")
        raise CheckFailed("the asset catalog shows an asset 'Never materialized' after make bench")
    page.screenshot(shots / "assets-after-make-bench.png")
    page.visit(f"{base}/assets/benchmark_report?view=events", expect=["report_path", run_id[:8]])
    page.screenshot(shots / "report-after-make-bench.png")

    run_id = materialize_benchmark(port, providers)
    metadata = report_metadata(port, run_id)
    print(f"report metadata: {sorted(metadata)}")
    page.visit(f"{base}/asset-groups", expect=["corpus", "observations", "metrics", "report"])
    page.screenshot(shots / "asset-lineage.png")
    page.press_alt("e", "KeyE", 69)  # the graph's own shortcut: "Expand all groups ⌥E"
    # The expanded graph is larger than the window: zoom out a notch at a time until its ends show.
    page.zoom_until("the assets in their groups", ["fixture_manifest", "latency", "benchmark_report"])
    page.screenshot(shots / "asset-graph.png")
    page.visit(f"{base}/assets/benchmark_report?view=events", expect=["report_path", run_id[:8]])
    page.screenshot(shots / "report-metadata.png")
    page.click_text("[Show Markdown]")
    page.wait_for_text("the rendered report", ["Ranking"], timeout=30)
    page.screenshot(shots / "report-rendered.png")


def main(argv: list[str]) -> int:
    shots = Path(argv[0] if argv else REPO / "ui-check").resolve()
    shots.mkdir(parents=True, exist_ok=True)
    # A SIGTERM to this script still unwinds the stack below, so its processes are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        with ExitStack() as stack:
            check(shots, stack)
    except CheckFailed as exc:
        print(f"ui check FAILED: {exc}", file=sys.stderr)
        return 1
    print("ui check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
