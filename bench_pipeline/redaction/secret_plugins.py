"""The project's own detect-secrets plugins: the secrets a general scanner does not know or does not
remove whole. Search-provider key formats, chat webhooks by their path, whole PEM private-key blocks,
URL passwords, bearer tokens, keys assigned to a secret name, an AWS secret beside its key id, and the
entropy net. Each is a detect-secrets plugin (`secret_type` + `analyze_string`), run by the same engine
as the maintained ones. None can match the marker `[redacted]`: no value may start with `[`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

from detect_secrets.plugins.base import BasePlugin, RegexBasedDetector

# A random key body: key characters with a digit among them (a slug such as `sk-dynamo-ceske-budejovice`
# or a CamelCase name has none).
_RANDOM = r"(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]"
# Key formats the engine does not know (the search and model providers'): detector, prefix, body.
KEY_FORMATS: tuple[tuple[str, str, str], ...] = (
    ("tavily-key", r"tvly-(?:dev-|prod-)?", _RANDOM + "{16,}"),
    ("firecrawl-key", r"fc-", r"[a-f0-9]{32}\b"),
    ("jina-key", r"jina_", _RANDOM + "{16,}"),
    ("perplexity-key", r"pplx-", _RANDOM + "{32,}"),
    ("sk-key", r"sk-(?:ant-|proj-|svcacct-|admin-|or-v1-)?", _RANDOM + "{20,}"),
    ("brave-key", r"BSA", _RANDOM + "{20,}"),
    ("google-key", r"AIza", r"[0-9A-Za-z_-]{35}\b"),
    ("github-token", r"github_pat_", r"[A-Za-z0-9_]{40,}"),  # fine-grained tokens: newer than the engine's list
    ("jwt", r"eyJ", r"[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
)

# Chat-service webhooks: the path is the credential, so the token segment goes and the host stays.
# Matched on the path alone too, as URL redaction judges a path apart from its host.
WEBHOOK_PATHS: tuple[str, ...] = (
    r"/services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/([A-Za-z0-9]{20,})",  # Slack incoming webhook
    r"/api/webhooks/\d{15,21}/([A-Za-z0-9_-]{40,})",  # Discord
    r"/webhookb2/[^/\s]+/IncomingWebhook/([0-9a-fA-F]{32})\b",  # Microsoft Teams
)

# Names a secret is assigned to in text (`EXA_API_KEY=…`, `"x-api-key": "…"`, `password: …`). No word
# boundary before them, so prefixed names (`SERPAPI_API_KEY`, `AWS_SECRET_ACCESS_KEY`) match too.
SECRET_NAME_WORDS: tuple[str, ...] = (
    r"api[_-]?key", r"api[_-]?token", r"access[_-]?token", r"auth[_-]?token", r"client[_-]?secret",
    r"secret[_-]?(?:access[_-]?)?key", r"subscription[_-]?token", r"private[_-]?token", r"password",
    r"passwd", r"contrase(?:ñ|n)a",
)
# What a PEM body is written with: base64, headers (`Proc-Type: 4,ENCRYPTED`), newlines raw or escaped.
_PEM_BODY = r"(?:\\[nr]|[\sA-Za-z0-9+/=:,.-])"
# A quote around a name or value, as written in config, in escaped JSON or in HTML (`&quot;`, `&#34;`).
_QUOTE = r"(?:\\?[\"']|&quot;|&#0*34;|&#x0*22;|&#0*39;|&apos;)"
# A key or password: token characters only (no space, quote, bracket or parenthesis), 8 or more.
_VALUE = r"[^\s\"'`&,;\[\]{}<>()\\]{8,}"


def format_plugins() -> list[RegexBasedDetector]:
    """One plugin per provider format, each named by its detector."""
    return [_regex_plugin(name, rf"(?<![A-Za-z0-9_-]){prefix}{body}") for name, prefix, body in KEY_FORMATS]


def _regex_plugin(name: str, pattern: str) -> RegexBasedDetector:
    plugin_class = type(f"ProjectFormat_{name.replace('-', '_')}", (RegexBasedDetector,),
                        {"secret_type": name, "denylist": (re.compile(pattern),), "__module__": __name__})
    return plugin_class()


class ChatWebhook(RegexBasedDetector):
    secret_type = "webhook-token"
    denylist = tuple(re.compile(path) for path in WEBHOOK_PATHS)


class PrivateKeyBlock(RegexBasedDetector):
    """A PEM or PGP private key, markers and body, as one block (detect-secrets' own plugin takes the
    `BEGIN` line alone, which leaves the key). The body may be written with escaped newlines (`\\n`,
    a key pasted into JSON); a block cut off before its `END` line still goes."""

    secret_type = "private-key"
    denylist = (re.compile(
        r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY((?: BLOCK)?)-----"
        rf"{_PEM_BODY}*?[A-Za-z0-9+/=]{{40}}"
        rf"(?:{_PEM_BODY}{{0,8000}}?-----END \1PRIVATE KEY\2-----|(?:\\[nr]|[\sA-Za-z0-9+/=])*)"),)

    def analyze_string(self, string: str) -> Iterator[str]:
        for match in self.denylist[0].finditer(string):
            yield match.group(0)


class UrlPassword(RegexBasedDetector):
    """The password in `scheme://user:password@host`. The user is userinfo characters only, so a URL
    followed by JSON (`"https://x.es","logo":{"@type"`) is no userinfo; brackets are not userinfo either,
    so the marker is safe."""

    secret_type = "url-password"
    denylist = (re.compile(r"\b[a-z][a-z0-9+.-]*://[A-Za-z0-9._~%!$&*+;=-]*:([^\s/?#@\[\]\"'<>{}\\]+)@[\w.-]"),)


class BearerToken(RegexBasedDetector):
    """`Bearer <token>` in any text; the token needs a digit or punctuation so prose ("bearer bonds") passes."""

    secret_type = "bearer-token"
    denylist = (re.compile(r"(?i)\bbearer\s+(?=[A-Za-z0-9._~+/=-]*[0-9._~+/-])([A-Za-z0-9._~+/-]{16,}=*)"),)


class AssignedKey(BasePlugin):
    """A value assigned to a secret name. It must look like a credential, not like a word or a
    reference: a digit in it, or 16+ characters of mixed case (`Password`, `os.environ` are not keys)."""

    secret_type = "assigned-key"
    pattern = re.compile(rf"(?i)(?:{'|'.join(SECRET_NAME_WORDS)}){_QUOTE}?\s*[:=]\s*{_QUOTE}?({_VALUE})")

    def analyze_string(self, string: str) -> Iterator[str]:
        for match in self.pattern.finditer(string):
            value = match.group(1)
            if any(c.isdigit() for c in value) or (len(value) >= 16 and value.lower() != value != value.upper()):
                yield value


class AwsSecretBesideKeyId(BasePlugin):
    """An AWS secret access key (40 base64 characters) pasted near its access key id: the pair is the
    credential, and the secret alone has no format of its own."""

    secret_type = "aws-secret-key"
    key_id = re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])")
    secret = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
    reach = 400

    def analyze_string(self, string: str) -> Iterator[str]:
        for key in self.key_id.finditer(string):
            window = string[max(0, key.start() - self.reach):key.end() + self.reach]
            for match in self.secret.finditer(window):
                value = match.group()
                if re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and re.search(r"[0-9]", value):
                    yield value


class OpaqueToken(BasePlugin):
    """The entropy net: random-looking tokens with no format. Only for places that hold tokens (header
    values, query values, one-word JSON strings): prose and URLs are full of long words. Hex and UUIDs
    are request ids and hashes, which the providers' docs say are safe to keep; hex also tops out at
    4 bits per character."""

    secret_type = "high-entropy"
    token = re.compile(r"[A-Za-z0-9_+/=.~-]{24,}")
    bits = 4.0

    def analyze_string(self, string: str) -> Iterator[str]:
        for match in self.token.finditer(string):
            if looks_random(match.group(), self.bits):
                yield match.group()


def looks_random(token: str, bits: float = OpaqueToken.bits) -> bool:
    if re.fullmatch(r"[0-9a-fA-F-]+", token):
        return False
    if not (re.search(r"[a-z]", token) and re.search(r"[A-Z]", token) and re.search(r"[0-9]", token)):
        return False
    return shannon_bits(token) >= bits


def shannon_bits(text: str) -> float:
    counts = Counter(text)
    total = len(text)
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def project_plugins() -> list[BasePlugin]:
    """The value plugins redaction runs everywhere (the entropy net is apart: token places only)."""
    return [*format_plugins(), ChatWebhook(), PrivateKeyBlock(), UrlPassword(), BearerToken(), AssignedKey(),
            AwsSecretBesideKeyId()]
