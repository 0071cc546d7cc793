"""Open a report.html in headless Chromium with no network and fail on any error.

    .venv/bin/python scripts/check_report_html.py warehouse/reports/<run_id>/report.html

Checks: the file references nothing outside itself; Chromium (Debian's `chromium`) loads it inside
a network namespace with no network when `unshare -n` works (else with every host unresolvable);
the console shows no error; the rendered DOM has the ranking, the gates and the charts.
Exit 0 when all hold; 1 with the reason otherwise; 2 when Chromium is not installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000"]
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)
REQUIRED = ("<h2>Ranking</h2>", "<h2>Gates</h2>", "<svg")
CONSOLE_ERROR = re.compile(r"CONSOLE.*(?:Uncaught|Error)|Failed to load resource|net::ERR_", re.IGNORECASE)


def _no_network_prefix() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


def check(report: Path) -> str | None:
    html = report.read_text(encoding="utf-8")
    if match := EXTERNAL.search(html):
        return f"{report}: references something outside itself: {match.group(0)!r}"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise FileNotFoundError("chromium is not installed (apt-get install -y chromium)")
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([*_no_network_prefix(), chromium, *FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                               report.resolve().as_uri()], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        return f"{report}: chromium exited {done.returncode}: {done.stderr.strip().splitlines()[-1:]}"
    errors = [line for line in done.stderr.splitlines() if CONSOLE_ERROR.search(line)]
    if errors:
        return f"{report}: console errors: {errors[:3]}"
    missing = [marker for marker in REQUIRED if marker not in done.stdout]
    if missing:
        return f"{report}: the rendered page lacks {missing}"
    return None


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        problem = check(Path(argv[0]))
    except FileNotFoundError as exc:
        print(f"check_report_html: {exc}", file=sys.stderr)
        return 2
    if problem:
        print(f"check_report_html: {problem}", file=sys.stderr)
        return 1
    print(f"report.html ok: {argv[0]} renders offline with no console error")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
