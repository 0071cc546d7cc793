"""Where Debian's Chromium is, for the browser tests: a skip on a user's machine without it, a failure in CI;
and what the review-page tests read from and do to a page."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest


def require_chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: .ci/run installs Debian's chromium, and it is missing")
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium); browser tests need it")
    return path


def queue_rows(html: str) -> list[tuple[str, str, str]]:
    """(kind, item id, url) of every queue row."""
    return re.findall(r'<span class="kind (\w+)">.*?href="/item/([0-9a-f]+)">([^<]+)</a>', html, flags=re.DOTALL)


def page_html(page) -> str:
    found = page.call("Runtime.evaluate", expression="document.documentElement.outerHTML", returnByValue=True)
    return found["result"]["value"]


def submit_form(page, fields: dict[str, str]) -> None:
    """Fill the item's form as a person would (radios checked, selects and text set), then click Save."""
    script = "(() => { const f = document.querySelector('form[method=post]');\n"
    for name, value in fields.items():
        script += (f"{{ const e = f.querySelector('[name={name}][value=\"{value}\"]') || f.querySelector('[name={name}]');"
                   f" if (e.type === 'radio') e.checked = true; else e.value = {json.dumps(value)}; }}\n")
    script += "f.querySelector('button[type=submit]').click(); return true; })()"
    page.call("Runtime.evaluate", expression=script, returnByValue=True)
