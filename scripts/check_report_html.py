"""Open a report.html in headless Chromium with no network and fail on anything a reader would trip on.

    .venv/bin/python scripts/check_report_html.py warehouse/reports/<run_id>/report.html \
        [--screenshots DIR [--section ID]]

Checks, in order:
1. the file references nothing outside itself (no src/href to another host);
2. loaded in Chromium (Debian's `chromium`, inside a network namespace when `unshare -n` works, and
   with every host unresolvable anyway), the page makes zero requests besides the document itself
   and logs no console error or uncaught exception;
3. the page has the ranking table, the gates and the charts;
4. at 1280×800 the ranking-key column (every cell of it) and the default provider are inside the
   first viewport, with no scrolling;
5. at 1280×800, for every provider the ranking table marks as not eligible (`data-status`), its line
   in `#verdicts` (same status) and every one of its reasons (`.reason`, as many as the gates overview
   shows it failing or pending) are inside the first viewport, laid out (not of zero size);
6. every chart (`svg.chart`) has an x and a y axis, each with at least two ticks (a tick mark and
   its label);
7. with report.json beside the page, every cascade figure shown (value, interval, n) equals report.json's
   as rounded on the page, and every category with a recommended cascade has its row.
Chromium is driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`): no port, no
extra package. With --screenshots DIR it also saves report-1280x800.png and report-full.png, and with
--section ID report-ID.png, the element of that id alone (the page must have it).
Exit 0 when all hold; 1 with the reason otherwise; 2 when Chromium is not installed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from base64 import b64decode
from pathlib import Path
from urllib.parse import unquote

VIEWPORT = (1280, 800)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--hide-scrollbars",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND",
         "--remote-debugging-pipe"]
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)
REQUIRED = ('id="ranking"', 'id="gates"', 'id="default-provider"', "<svg")
TIMEOUT_S = 60
# Evaluated by the harness through DevTools, not by the page (which has no script).
LAYOUT = """JSON.stringify({
  width: innerWidth, height: innerHeight,
  key: [...document.querySelectorAll('#ranking-key, #ranking td.key')].map(e => e.getBoundingClientRect()),
  default: [...document.querySelectorAll('#default-provider')].map(e => e.getBoundingClientRect()),
  ranked: [...document.querySelectorAll('#ranking tbody tr')].map(tr => ({
    provider: tr.dataset.provider || null, status: tr.dataset.status || null})),
  gates: Object.fromEntries([...document.querySelectorAll('#gates-overview tbody tr[data-provider]')].map(tr =>
    [tr.dataset.provider, tr.querySelectorAll('.fail, .pending').length])),
  verdicts: [...document.querySelectorAll('#verdicts [data-provider]')].map(e => ({
    provider: e.dataset.provider, status: e.dataset.status || null, rect: e.getBoundingClientRect(),
    reasons: [...e.querySelectorAll('.reason')].map(r => r.getBoundingClientRect())})),
  charts: [...document.querySelectorAll('svg.chart')].map(svg => ({
    label: svg.getAttribute('aria-label') || '(unlabelled chart)',
    axes: Object.fromEntries(['x-axis', 'y-axis'].map(axis => [axis,
      [...svg.querySelectorAll('g.axis.' + axis + ' g.tick')]
        .filter(t => t.querySelector('line') && (t.querySelector('text')?.textContent || '').trim()).length]))})),
  html: document.documentElement.outerHTML})"""


class DevTools:
    """A headless Chromium on a DevTools pipe: fd 3 carries our commands in, fd 4 its answers and events out,
    each message a JSON object ended by a NUL byte."""

    def __init__(self, chromium: str, profile: str):
        launch = 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null'
        self.process = subprocess.Popen([*_no_network_prefix(), "sh", "-c", launch, "sh", chromium, *FLAGS,
                                         f"--user-data-dir={profile}", "about:blank"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.events: list[dict] = []
        self._next_id = 0
        self._buffer = b""

    def _read(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not answer on the DevTools pipe")
            chunk = self.process.stdout.read1(65536)
            if not chunk:
                raise ConnectionError(f"chromium closed the DevTools pipe (exit {self.process.poll()})")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.process.stdin.write(json.dumps(message).encode() + b"\0")
        self.process.stdin.flush()
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method: str) -> None:
        deadline = time.monotonic() + TIMEOUT_S
        while not any(e.get("method") == method for e in self.events):
            self.events.append(self._read(deadline))

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (ConnectionError, RuntimeError, TimeoutError, BrokenPipeError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _no_network_prefix() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


def _load(devtools: DevTools, url: str) -> str:
    target = devtools.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = devtools.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Network", "Runtime", "Log"):
        devtools.send(f"{domain}.enable", session=session)
    devtools.send("Emulation.setDeviceMetricsOverride", {"width": VIEWPORT[0], "height": VIEWPORT[1],
                                                         "deviceScaleFactor": 1, "mobile": False}, session)
    devtools.events.clear()
    devtools.send("Page.navigate", {"url": url}, session)
    devtools.wait_for("Page.loadEventFired")
    return session


def _requests(events: list[dict], url: str) -> list[str]:
    """Every request but the document's own load (compared unquoted: Chromium may re-encode the path)."""
    return [e["params"]["request"]["url"] for e in events
            if e.get("method") == "Network.requestWillBeSent"
            and unquote(e["params"]["request"]["url"]) != unquote(url)]


def _console_errors(events: list[dict]) -> list[str]:
    errors = []
    for e in events:
        method, params = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            errors.append(details.get("exception", {}).get("description") or details.get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append(params["entry"].get("text", ""))
    return errors


def _outside(rect: dict) -> bool:
    return rect["top"] < 0 or rect["left"] < 0 or rect["bottom"] > VIEWPORT[1] or rect["right"] > VIEWPORT[0]


def _layout_problem(layout: dict) -> str | None:
    if not layout["key"]:
        return "no ranking-key column (#ranking-key and #ranking td.key)"
    if not layout["default"]:
        return "no default provider (#default-provider)"
    for name, rects in (("ranking-key column", layout["key"]), ("default provider", layout["default"])):
        if any(_outside(r) for r in rects):
            return f"the {name} is not inside the first {VIEWPORT[0]}x{VIEWPORT[1]} viewport"
    return None


def _laid_out_inside(rect: dict) -> bool:
    """Inside the first viewport and actually drawn: a hidden element has an empty box at the origin."""
    return rect["width"] > 0 and rect["height"] > 0 and not _outside(rect)


def _verdicts_problem(layout: dict) -> str | None:
    """Every provider that is not eligible says why inside the first viewport: its line and each reason."""
    if any(row["status"] is None for row in layout["ranked"]):
        return "ranking rows without a provider status (#ranking tbody tr[data-status])"
    lines = {line["provider"]: line for line in layout["verdicts"]}
    for row in layout["ranked"]:
        provider, status = row["provider"], row["status"]
        if status == "eligible":
            continue
        line = lines.get(provider)
        if line is None or line["status"] != status:
            return f"no line in #verdicts giving {provider}'s status ({status}) and why"
        expected = layout["gates"].get(provider, 1)
        if len(line["reasons"]) < max(1, expected):
            return (f"{provider} ({status}) gives {len(line['reasons'])} reasons (.reason) for "
                    f"{max(1, expected)} gates not passed")
        if not all(_laid_out_inside(r) for r in [line["rect"], *line["reasons"]]):
            return (f"the reasons of {provider} ({status}) are not inside the first "
                    f"{VIEWPORT[0]}x{VIEWPORT[1]} viewport")
    return None


def _axes_problem(layout: dict) -> str | None:
    if not layout["charts"]:
        return "no chart (svg.chart)"
    bare = [f"{c['label']}: {axis} has {n} ticks" for c in layout["charts"] for axis, n in c["axes"].items() if n < 2]
    return f"chart axes without ticks: {bare[:3]}" if bare else None


def _clip(devtools: DevTools, session: str, path: Path, clip: dict) -> None:
    shot = devtools.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                    "clip": {**clip, "scale": 1}}, session)
    path.write_bytes(b64decode(shot["data"]))


def _screenshots(devtools: DevTools, session: str, folder: Path, section: str | None) -> str | None:
    """Save the screenshots; the problem when `section` names no element of the page."""
    folder.mkdir(parents=True, exist_ok=True)
    shot = devtools.send("Page.captureScreenshot", {"format": "png"}, session)
    (folder / "report-1280x800.png").write_bytes(b64decode(shot["data"]))
    size = devtools.send("Page.getLayoutMetrics", session=session)["cssContentSize"]
    _clip(devtools, session, folder / "report-full.png",
          {"x": 0, "y": 0, "width": size["width"], "height": size["height"]})
    if section is None:
        return None
    where = (f"(() => {{ const e = document.getElementById({json.dumps(section)}); if (!e) return null; "
             "const r = e.getBoundingClientRect(); "
             "return JSON.stringify({x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}); })()")
    found = devtools.send("Runtime.evaluate", {"expression": where, "returnByValue": True}, session)
    found = found["result"].get("value")
    if found is None:
        return f"no element with id {section!r} to screenshot"
    _clip(devtools, session, folder / f"report-{section}.png", json.loads(found))
    return None


def check(report: Path, screenshots: Path | None = None, section: str | None = None) -> str | None:
    """None when the page passes every check, else the first problem, naming the file."""
    html = report.read_text(encoding="utf-8")
    if match := EXTERNAL.search(html):
        return f"{report}: references something outside itself: {match.group(0)!r}"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise FileNotFoundError("chromium is not installed (apt-get install -y chromium)")
    url = report.resolve().as_uri()
    with tempfile.TemporaryDirectory() as profile:
        devtools = DevTools(chromium, profile)
        try:
            session = _load(devtools, url)
            found = devtools.send("Runtime.evaluate", {"expression": LAYOUT, "returnByValue": True}, session)
            layout = json.loads(found["result"]["value"])
            missing_section = _screenshots(devtools, session, screenshots, section) if screenshots is not None else None
        finally:
            devtools.close()
    if missing_section:
        return f"{report}: {missing_section}"
    if requests := _requests(devtools.events, url):
        return f"{report}: the page made {len(requests)} requests (it must make none): {requests[:3]}"
    if errors := _console_errors(devtools.events):
        return f"{report}: console errors: {errors[:3]}"
    if missing := [marker for marker in REQUIRED if marker not in layout["html"]]:
        return f"{report}: the rendered page lacks {missing}"
    problem = (_layout_problem(layout) or _verdicts_problem(layout) or _axes_problem(layout)
               or _cascade_problem(report, layout["html"]))
    return f"{report}: {problem}" if problem else None


NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def _at(data, path: str):
    for part in path.split("."):
        data = data.get(part) if isinstance(data, dict) else None
    return data


def _shows(shown: str, actual: float | None) -> bool:
    """`shown` is `actual` rounded to the digits displayed; unknown shows as —, never as a number."""
    if actual is None:
        return shown == "—"
    found = NUMBER.search(shown)
    if found is None:
        return False
    decimals = len(found.group().split(".")[1]) if "." in found.group() else 0
    return abs(float(found.group()) - actual) <= 0.5 * 10 ** -decimals + 1e-12


def cascade_numbers_problem(html: str, report: dict) -> str | None:
    """Every figure the cascade section and the decision sentence show (elements with data-cascade naming the
    category|order and the figure's paths in report.json) equals report.json's, as rounded on the page; and
    every category with a recommended cascade has its row."""
    from lxml import html as lxml_html  # only this check parses the page

    page = lxml_html.fromstring(html)
    cascades = report.get("cascades") or {}
    shown_rows = set(page.xpath("//table[@id='cascade-table']//tr/@data-category"))
    if missing := sorted(c for c, found in cascades.items() if found["recommended"] and c not in shown_rows):
        return f"the cascade table lacks the categories {missing}"
    plan = (report.get("recommendation") or {}).get("cascade_plan")
    for element in page.xpath("//*[@data-cascade]"):
        category, order = element.get("data-cascade").split("|", 1)
        source = plan if category == "all" else next(
            (o for o in cascades.get(category, {}).get("orders", []) if " → ".join(o["providers"]) == order), None)
        if source is None:
            return f"the cascade section shows {category} {order!r}, which report.json does not hold"
        where = f"cascade {category} {order!r} {element.get('data-value')}"
        value, interval, n = (_at(source, element.get(key)) if element.get(key) else None
                              for key in ("data-value", "data-interval", "data-n"))
        shown, ends, count = (element.xpath(f"string(.//*[@class='{css}'])").strip() for css in ("v", "ci", "n"))
        if not _shows(shown, value):
            return f"{where}: shown {shown!r}, report.json has {value!r}"
        ends = NUMBER.findall(ends)
        if (interval is None) != (not ends) or interval and not (
                len(ends) == 2 and _shows(ends[0], interval["low"]) and _shows(ends[1], interval["high"])):
            return f"{where}: interval shown {ends}, report.json has {interval}"
        if n is not None and f"n={n}" not in count:
            return f"{where}: shown {count!r}, report.json has n={n}"
    return None



def _cascade_problem(report: Path, html: str) -> str | None:
    """The cascade numbers against the report.json beside the page (a page alone has nothing to compare with)."""
    contract = report.with_name("report.json")
    if not contract.exists():
        return None
    return cascade_numbers_problem(html, json.loads(contract.read_text(encoding="utf-8")))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("report", type=Path, help="the report.html to check")
    parser.add_argument("--screenshots", type=Path, help="save report-1280x800.png and report-full.png here")
    parser.add_argument("--section", help="with --screenshots: also save report-SECTION.png, the element of this id")
    args = parser.parse_args(argv)
    try:
        problem = check(args.report, args.screenshots, args.section)
    except FileNotFoundError as exc:
        print(f"check_report_html: {exc}", file=sys.stderr)
        return 2
    if problem:
        print(f"check_report_html: {problem}", file=sys.stderr)
        return 1
    print(f"report.html ok: {args.report} renders offline with no request and no console error; ranking key, "
          f"default provider and every non-eligible provider's reasons inside {VIEWPORT[0]}x{VIEWPORT[1]}; "
          "every chart axis has ticks; cascade figures as in report.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
