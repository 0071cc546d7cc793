"""Secrets recognized by their value, wherever they sit: one engine, detect-secrets, with its maintained
plugins (cloud, payment, chat, code-host and package-registry credentials, URL passwords, JWTs) and
the project's own on top (search-provider formats, webhooks by path, PEM blocks, bearer tokens,
assigned keys, the entropy net). Redaction, the fixture scan and capture all call these two functions.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from importlib import metadata

from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.filters.heuristic import is_prefixed_with_dollar_sign, is_sequential_string, is_templated_secret
from detect_secrets.plugins.base import BasePlugin

from bench_pipeline.redaction.findings import REDACTED, Hit, is_placeholder
from bench_pipeline.redaction.memory import ShortStringMemory
from bench_pipeline.redaction.secret_plugins import OpaqueToken, project_plugins

# detect-secrets plugins left out, and what stands in for each.
LEFT_OUT = {
    "KeywordDetector": "flags prose (`password: Please enter the password.`); the project's assigned-key instead",
    "Base64HighEntropyString": "flags integrity hashes and ids in pages; the entropy net in token places instead",
    "HexHighEntropyString": "hex is request ids and hashes, which are kept",
    "IPPublicDetector": "a public server address is not a secret",
}
# Characters a key is made of: a maintained plugin's hit that continues into more of them is inside a
# longer token (not a key, e.g. an AWS-shaped run in base64 image data) or cut short (a Stripe key
# longer than the plugin's fixed length), so it is dropped or extended.
_BEFORE_KEY = re.compile(r"[A-Za-z0-9+/]")
_KEY_TAIL = re.compile(r"[A-Za-z0-9_-]*")

class Engine:
    """detect-secrets' plugins and the project's, run over a text; a pure function of the text."""

    def __init__(self, maintained: tuple[BasePlugin, ...], project: tuple[BasePlugin, ...], entropy: BasePlugin):
        self.maintained, self.project, self.entropy = maintained, project, entropy
        self.memory = ShortStringMemory()

    def hits(self, text: str) -> list[Hit]:
        return list(self.memory.answer(text, text, lambda: self._hits(text)))

    def _hits(self, text: str) -> tuple[Hit, ...]:
        hits = [hit for plugin in self.project for value in set(plugin.analyze_string(text))
                for hit in _spans(text, value, plugin.secret_type)]
        maintained = []
        for plugin in self.maintained:
            for value in set(plugin.analyze_string(text)):
                # A whole URL (Slack's webhook) is judged by part: the project's webhook plugin keeps the host.
                if "://" not in value:
                    maintained += _maintained_spans(text, value, detector_name(plugin))
        # A stretch the project's plugins found (a JWT) is one finding, under the project's name.
        return tuple(hits + [m for m in maintained if not any(h.start < m.end and m.start < h.end for h in hits)])

    def entropy_hits(self, text: str) -> list[Hit]:
        plugin = self.entropy
        return [hit for value in set(plugin.analyze_string(text)) for hit in _spans(text, value, plugin.secret_type)]

    def fingerprint(self) -> str:
        """The engine as configured: its release and every plugin with its patterns. Part of the key of
        any cache of what the detectors found, with the source of the modules that judge."""
        described = sorted((type(p).__module__, type(p).__qualname__, p.secret_type, _patterns(p))
                           for p in (*self.maintained, *self.project, self.entropy))
        config = json.dumps({"detect-secrets": metadata.version("detect-secrets"), "plugins": described,
                             "left_out": sorted(LEFT_OUT)})
        return hashlib.sha256(config.encode()).hexdigest()


@lru_cache(maxsize=1)
def engine() -> Engine:
    """Every plugin detect-secrets ships but those in LEFT_OUT (a new release brings its new detectors
    without a change here), then the project's."""
    classes = sorted(get_mapping_from_secret_type_to_class().values(), key=lambda c: c.__name__)
    maintained = tuple(cls() for cls in classes if cls.__name__ not in LEFT_OUT)
    return Engine(maintained, tuple(project_plugins()), OpaqueToken())


def secret_hits(text: str) -> list[Hit]:
    """Every secret the engine's value plugins find in `text`."""
    return engine().hits(text)


def entropy_hits(text: str) -> list[Hit]:
    """Random-looking tokens; only for places that hold tokens (see OpaqueToken)."""
    return engine().entropy_hits(text)


def engine_fingerprint() -> str:
    return engine().fingerprint()


def detector_name(plugin: BasePlugin) -> str:
    return re.sub(r"[^a-z0-9]+", "-", plugin.secret_type.lower()).strip("-")


def _kept(value: str) -> bool:
    """detect-secrets' own heuristics for a value that is no secret, and the marks of a removed one."""
    return (len(value) < 2 or is_templated_secret(value) or is_prefixed_with_dollar_sign(value)
            or is_sequential_string(value) or is_placeholder(value) or REDACTED in value)


def _spans(text: str, value: str, detector: str) -> list[Hit]:
    if _kept(value):
        return []
    hits, at = [], text.find(value)
    while at >= 0:
        hits.append(Hit(at, at + len(value), detector, REDACTED))
        at = text.find(value, at + 1)
    return hits


def _maintained_spans(text: str, value: str, detector: str) -> list[Hit]:
    out = []
    for hit in _spans(text, value, detector):
        if hit.start > 0 and _BEFORE_KEY.match(text, hit.start - 1):
            continue
        out.append(Hit(hit.start, _KEY_TAIL.match(text, hit.end).end(), detector, REDACTED))
    return out


def _patterns(plugin: BasePlugin) -> list[str]:
    compiled = [v for v in vars(type(plugin)).values() if isinstance(v, re.Pattern)]
    return [p.pattern for p in (*compiled, *getattr(plugin, "denylist", ()))]
