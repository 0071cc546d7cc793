"""What a person reading report.md must never meet, for the tests that render one: a Python repr, a float
with more digits than its quantity's format (bench_pipeline/report/numbers.py), a cost written otherwise
than in report.html, or a count with the wrong number on its noun."""

from __future__ import annotations

import re

import lxml.html

REPR = re.compile(r"\{'|'\s*:\s|\bTrue\b|\bFalse\b|\bNone\b")
# A decimal number standing alone: not inside a word, a version, a URL or a date.
DECIMAL = re.compile(r"(?<![\w.\-/:])\d+\.\d+(?![\w.])")
NOUNS = ("reviewer", "judgment", "item", "call", "provider", "response", "case", "claim", "error", "answer")
ONE_PLURAL = re.compile(r"(?<![\d.,=])1 (" + "|".join(f"{n}s" for n in NOUNS) + r")\b")
MANY_SINGULAR = re.compile(r"(?<![\d.,=])(0|[2-9]|\d{2,}) (" + "|".join(NOUNS) + r")\b")


def too_precise(number: str) -> bool:
    """Rates have three decimals; costs three significant digits (0.00652): more than both is a raw float."""
    decimals = number.split(".")[1]
    significant = number.replace(".", "").lstrip("0")
    return len(decimals) > 3 and len(significant) > 3


def _markdown_table(md: str, first_header: str) -> tuple[list[str], list[list[str]]]:
    """The header and body rows of the first table whose first column is `first_header`."""
    lines = md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return [c.strip() for c in lines[start].strip("|").split("|")], rows


def _shown_value(cell: str) -> str:
    """'~~0.00158 (n=19)~~ not ranked' → '0.00158'."""
    return cell.replace("~~", "").split(" ")[0]


def ranking_costs_md(md: str) -> dict[str, dict[str, str]]:
    """provider → cost column → the value report.md's ranking table shows."""
    header, rows = _markdown_table(md, "rank")
    columns = [c for c in header if c.endswith("_usd")]
    return {row[1]: {c: _shown_value(row[header.index(c)]) for c in columns} for row in rows}


def ranking_costs_html(html: str) -> dict[str, dict[str, str]]:
    """provider → cost column → the value report.html shows: the ranking key from the ranking table, the cost
    per query from the provider's per-category table (its `all categories` row)."""
    page = lxml.html.fromstring(html)
    out = {}
    for row in page.xpath("//table[@id='ranking']/tbody/tr"):
        provider = row.get("data-provider")
        key = row.xpath("string(td[contains(@class, 'key')]//*[@class='v'])").strip()
        table = page.xpath(f"//section[@id='provider-{provider}']//table[contains(@class, 'percat')]")[0]
        column = [th.xpath("string(.//abbr/@title)") for th in table.xpath("thead/tr/th")].index("cost_per_query_usd")
        per_query = table.xpath("tbody/tr")[0][column].xpath("string(.//*[@class='v'])").strip()
        out[provider] = {"cost_per_useful_answer_usd": key, "cost_per_query_usd": per_query}
    return out


def latency_cells(md: str) -> list[str]:
    """Every p50 and p95 report.md shows."""
    cells = []
    for match in re.finditer(r"^\| operation \| p50 ms \| p95 ms \|", md, flags=re.MULTILINE):
        for line in md[match.end():].splitlines()[2:]:
            if not line.startswith("|"):
                break
            cells += [c.strip() for c in line.strip("|").split("|")][1:3]
    return cells


def problems(md: str, html: str) -> list[str]:
    """Everything wrong with `md` (rendered from the same report as `html`); empty when it reads well."""
    found = [f"repr: {m.group(0)!r}" for m in REPR.finditer(md)]
    found += [f"raw float: {n}" for n in DECIMAL.findall(md) if too_precise(n)]
    found += [f"latency not in whole ms: {c}" for c in latency_cells(md) if not re.fullmatch(r"\d+|—", c)]
    if ranking_costs_md(md) != ranking_costs_html(html):
        found.append(f"costs differ: md {ranking_costs_md(md)} vs html {ranking_costs_html(html)}")
    found += [f"plural after 1: {m.group(0)!r}" for m in ONE_PLURAL.finditer(md)]
    found += [f"singular after {m.group(1)}: {m.group(0)!r}" for m in MANY_SINGULAR.finditer(md)]
    return found
