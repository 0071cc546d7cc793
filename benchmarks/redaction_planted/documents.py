"""Lay one position's `Material` out as the text that position holds: plain prose with a pasted config
file, a markdown body, an HTML page, a one-line header value, or the lines of a PDF page."""

from __future__ import annotations

import json
from html import escape

from benchmarks.redaction_planted.families import Material

CONFIG_STYLES = ("env", "yaml", "json")


def config_text(entries: list[tuple[str, str]], style: str) -> str:
    """A pasted `.env`, YAML or JSON file; multi-line values (a PEM block) as each format writes them."""
    if style == "json":
        return json.dumps({name.lower(): value for name, value in entries}, indent=2, ensure_ascii=False)
    lines = []
    for name, value in entries:
        if style == "env":
            lines.append(f'{name}="{value}"' if "\n" in value else f"{name}={value}")
        elif "\n" in value:
            lines.append(f"  {name.lower()}: |")
            lines += [f"    {line}" for line in value.splitlines()]
        else:
            lines.append(f"  {name.lower()}: {value}")
    return "\n".join(lines) if style == "env" else "app:\n" + "\n".join(lines)


def plain(m: Material, style: str) -> str:
    return " ".join(m.sentences) + "\n\n" + config_text(m.config, style) + "\n\n" + "\n".join(m.links)


def markdown(m: Material, style: str) -> str:
    bullets = "\n".join(f"- {sentence}" for sentence in m.sentences)
    links = "\n".join(f"{i}. [Fuente {i}]({url})" for i, url in enumerate(m.links, 1))
    fence = {"env": "dotenv", "yaml": "yaml", "json": "json"}[style]
    config = config_text(m.config, style)
    return f"## Datos de contacto\n\n{bullets}\n\n```{fence}\n{config}\n```\n\n### Fuentes\n\n{links}\n"


def html(m: Material, style: str) -> str:
    paragraphs = "".join(f"<p>{escape(sentence)}</p>" for sentence in m.sentences)
    links = "".join(f'<li><a href="{escape(url)}">{escape(url)}</a></li>' for url in m.links)
    config = escape(config_text(m.config, style))
    return f"<section><h2>Datos de contacto</h2>{paragraphs}<pre><code>{config}</code></pre><ul>{links}</ul></section>"


def one_line(m: Material, style: str) -> str:
    """A header value cannot hold a line break."""
    return " ".join(plain(m, style).split())


def pdf_lines(m: Material, style: str) -> list[str]:
    return [*m.sentences, "", *config_text(m.config, style).splitlines(), "", *m.links]


RENDERERS = {"plain": plain, "markdown": markdown, "html": html, "one_line": one_line}
