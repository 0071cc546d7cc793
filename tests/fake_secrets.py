"""Fake credentials in every provider's shape, built at run time so no key-shaped literal is ever
in the repository. Seeded, so a failing test names the same value twice."""

from __future__ import annotations

import base64
import json
import random
import string

_RNG = random.Random(20261120)
_ALNUM = string.ascii_letters + string.digits


def _pick(alphabet: str, n: int) -> str:
    # At least one of each class so the entropy net sees what a real key looks like.
    core = [_RNG.choice(string.ascii_lowercase), _RNG.choice(string.ascii_uppercase), _RNG.choice(string.digits)]
    return "".join(core + [_RNG.choice(alphabet) for _ in range(n - 3)])


def tavily() -> str:
    return "tvly-" + "dev-" + _pick(_ALNUM, 32)


def firecrawl() -> str:
    return "fc" + "-" + "".join(_RNG.choice("0123456789abcdef") for _ in range(32))


def jina() -> str:
    return "jina" + "_" + _pick(_ALNUM, 40)


def perplexity() -> str:
    return "pplx" + "-" + _pick(_ALNUM, 48)


def openai() -> str:
    return "sk" + "-proj-" + _pick(_ALNUM, 40)


def brave() -> str:
    return "BS" + "A" + _pick(_ALNUM, 28)


def uuid_key() -> str:
    hexes = "".join(_RNG.choice("0123456789abcdef") for _ in range(32))
    return f"{hexes[:8]}-{hexes[8:12]}-{hexes[12:16]}-{hexes[16:20]}-{hexes[20:]}"


def jwt() -> str:
    def part(obj) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    return ".".join([part({"alg": "HS256", "typ": "JWT"}), part({"sub": "acct-" + _pick(_ALNUM, 8)}), _pick(_ALNUM, 43)])


def opaque() -> str:
    """A random token with no known prefix: only the entropy net can recognize it."""
    return _pick(_ALNUM + "_-", 40)


def all_keys() -> dict[str, str]:
    return {"tavily": tavily(), "firecrawl": firecrawl(), "jina": jina(), "perplexity": perplexity(),
            "openai": openai(), "brave": brave(), "jwt": jwt()}
