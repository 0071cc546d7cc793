"""The secret engine (detect-secrets plus the project's plugins), one example per signal: what it must
remove whole, and what it must keep. Key-shaped values are built here from parts, never written whole."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from bench_pipeline.redaction import memory, secret_values
from bench_pipeline.redaction.findings import REDACTED, apply_hits
from bench_pipeline.redaction.secret_values import LEFT_OUT, engine, entropy_hits, secret_hits
from tests.realdata import require_realdata

_RNG = random.Random(2026)
_ALNUM = string.ascii_letters + string.digits


def _run(alphabet: str, n: int) -> str:
    body = [_RNG.choice(string.ascii_lowercase), _RNG.choice(string.ascii_uppercase), _RNG.choice(string.digits)]
    body += [_RNG.choice(alphabet) for _ in range(n - 3)]
    _RNG.shuffle(body)
    return "".join(body)


def _hex(n: int) -> str:
    return "".join(_RNG.choice("0123456789abcdef") for _ in range(n))


def _upper(n: int) -> str:
    return "".join(_RNG.choice(string.ascii_uppercase + string.digits) for _ in range(n))


UUID_KEY = f"{_hex(8)}-{_hex(4)}-4{_hex(3)}-a{_hex(3)}-{_hex(12)}"
AWS_ID, AWS_SECRET = "AK" + "IA" + _upper(16), _run(_ALNUM + "/+", 40)
STRIPE = "sk" + "_live_" + _run(_ALNUM, 99)
SLACK_TOKEN, DISCORD_TOKEN, TEAMS_TOKEN = _run(_ALNUM, 24), _run(_ALNUM + "_-", 68), _hex(32)
PEM_BODY = [base64.b64encode(_RNG.randbytes(48)).decode() for _ in range(4)]
PEM = "\n".join(["-----BEGIN RSA " + "PRIVATE KEY-----", *PEM_BODY, "-----END RSA " + "PRIVATE KEY-----"])
PGP = "\n".join(["-----BEGIN PGP " + "PRIVATE KEY BLOCK-----", "", *PEM_BODY, "=AbCd",
                 "-----END PGP " + "PRIVATE KEY BLOCK-----"])
SLACK = "https://hooks" + f".slack.com/services/T{_upper(10)}/B{_upper(10)}/{SLACK_TOKEN}"
TEAMS = f"https://acme.webhook.office.com/webhookb2/{UUID_KEY}@{UUID_KEY}/IncomingWebhook/{TEAMS_TOKEN}/x"
GITHUB, GITLAB = "gh" + "p_" + _run(_ALNUM, 36), "gl" + "pat-" + _run(_ALNUM, 20)
GITHUB_PAT = "github" + "_pat_" + _run(_ALNUM, 22) + "_" + _run(_ALNUM, 59)
PASSWORD = _run(_ALNUM + "!*~", 16)
SERPER, BEARER = _hex(40), _run(_ALNUM + "._-", 40)

# (signal, text, the parts that must go, the parts that must stay)
MUST_GO = [
    ("aws key pair in a .env", f"AWS_ACCESS_KEY_ID={AWS_ID}\nAWS_SECRET_ACCESS_KEY={AWS_SECRET}\n",
     [AWS_ID, AWS_SECRET], ["AWS_SECRET_ACCESS_KEY="]),
    ("aws pair in prose, secret unnamed", f"Usa `{AWS_ID}` con `{AWS_SECRET}`.", [AWS_ID, AWS_SECRET], ["Usa"]),
    ("stripe live key longer than the plugin's pattern", f"STRIPE_KEY={STRIPE}", [STRIPE], ["STRIPE_KEY="]),
    ("slack webhook: token goes, host and path stay", SLACK, [SLACK_TOKEN], ["https://hooks.slack.com/services/T"]),
    ("discord webhook", "https://discord" + f".com/api/webhooks/{'1' * 19}/{DISCORD_TOKEN}", [DISCORD_TOKEN],
     ["https://discord.com/api/webhooks/"]),
    ("teams webhook", TEAMS, [TEAMS_TOKEN], ["https://acme.webhook.office.com/webhookb2/"]),
    ("webhook path judged apart from its host", SLACK.split(".com", 1)[1], [SLACK_TOKEN], []),
    ("pem block", f"config:\n{PEM}\nfin", PEM_BODY + ["BEGIN RSA"], ["config:", "fin"]),
    ("pem block, escaped newlines (pasted JSON)", json.dumps({"private_key": PEM}), PEM_BODY, ['"private_key"']),
    ("pem block cut before its END line", PEM.rsplit("\n", 1)[0], PEM_BODY, []),
    ("pgp private key block", PGP, PEM_BODY, []),
    ("a key marker alone (maintained plugin)", '"-----BEGIN RSA ' + 'PRIVATE KEY-----\\n";', ["BEGIN RSA"], ["-----"]),
    ("github classic token", f"token {GITHUB} ok", [GITHUB], ["token", "ok"]),
    ("github fine-grained token", f"GH={GITHUB_PAT}", [GITHUB_PAT], ["GH="]),
    ("gitlab token", f"export GL={GITLAB}", [GITLAB], ["export GL="]),
    ("url password", f"postgres://svc:{PASSWORD}@db.internal.example:5432/app", [PASSWORD],
     ["postgres://svc:", "@db.internal.example:5432/app"]),
    ("tavily key", "clave tvly-" + "dev-" + _run(_ALNUM, 32), ["tvly-dev-"], ["clave"]),
    ("firecrawl key", "fc" + "-" + _hex(32), ["fc-"], []),
    ("jina key", "jina" + "_" + _run(_ALNUM, 60), ["jina_"], []),
    ("perplexity key", "pplx" + "-" + _run(_ALNUM, 48), ["pplx-"], []),
    ("brave key", "X-Subscription-Token: BS" + "A" + _run(_ALNUM, 28), ["BSA"], ["X-Subscription-Token:"]),
    ("serper hex key, assigned", f'"SERPER_API_KEY": "{SERPER}"', [SERPER], ['"SERPER_API_KEY": "']),
    ("exa uuid key, assigned", f"EXA_API_KEY={UUID_KEY}", [UUID_KEY], ["EXA_API_KEY="]),
    ("bearer token", f"curl -H 'Authorization: Bearer {BEARER}'", [BEARER], ["Authorization: Bearer "]),
]


@pytest.mark.parametrize(("signal", "text", "gone", "kept"), MUST_GO, ids=[row[0] for row in MUST_GO])
def test_the_engine_removes(signal, text, gone, kept):
    hits = secret_hits(text)
    assert hits, signal
    cleaned = apply_hits(text, hits)
    for part in gone:
        assert part not in cleaned, f"{signal}: {part[:6]}… survived"
    for part in kept:
        assert part in cleaned, f"{signal}: {part!r} was removed"
    assert secret_hits(cleaned) == [], f"{signal}: a second pass finds more"


MUST_STAY = [
    ("sha256 and etag", json.dumps({"sha256": _hex(64), "etag": f'W/"{_hex(32)}"'})),
    ("git commit", f"commit {_hex(40)}"),
    ("uuid request ids", json.dumps({"request_id": UUID_KEY, "id": UUID_KEY})),
    ("hex request header", f"x-request-id: {_hex(32)}"),
    ("url slugs", "https://www.eleconomista.com.mx/empresas/Grupo-anuncia-inversion-20240512-0042.html "
                  "https://example.test/deportes/sk-dynamo-ceske-budejovice-gana-la-final"),
    ("base64 image data", f'<img src="data:image/png;base64,{base64.b64encode(_RNG.randbytes(600)).decode()}">'),
    ("the marker where a key was", f"api_key={REDACTED}\nAuthorization: Bearer {REDACTED}\n"
                                   f'{{"password": "{REDACTED}"}} https://u:{REDACTED}@db.test/x'),
    ("a url followed by JSON is no userinfo", '{"url":"https://www.abc.es","logo":{"@type":"ImageObject"}}'),
    ("words assigned to a secret name", "password: Password; apiKey=os.environ; contraseña=olvidada"),
    ("prose about bearers", "Los bonos al portador (bearer bonds) pagan cupón."),
]


@pytest.mark.parametrize(("signal", "text"), MUST_STAY, ids=[row[0] for row in MUST_STAY])
def test_the_engine_keeps(signal, text):
    assert secret_hits(text) == [], signal


def test_the_entropy_net_takes_opaque_tokens_but_not_hex_or_uuids():
    opaque = _run(_ALNUM + "_-", 40)
    assert [h.detector for h in entropy_hits(opaque)] == ["high-entropy"]
    assert entropy_hits(_hex(64)) == entropy_hits(UUID_KEY) == entropy_hits(REDACTED) == []


def test_every_maintained_plugin_runs_but_those_left_out_with_a_reason():
    names = {type(p).__name__ for p in engine().maintained}
    assert {"AWSKeyDetector", "StripeDetector", "SlackDetector", "GitHubTokenDetector", "BasicAuthDetector"} <= names
    assert not names & set(LEFT_OUT) and all(LEFT_OUT.values())


@pytest.mark.realdata
def test_clean_real_provider_recordings_hold_no_value_secret():
    recordings = [p for source in ("langchaingo", "pydantic-ai", "crewai", "semantic-kernel", "vercel-ai")
                  for p in sorted(require_realdata(source, "files").rglob("*")) if p.is_file()]
    assert recordings
    found = {p.name: [p.read_text(encoding="utf-8", errors="replace")[h.start:h.end][:8] for h in hits]
             for p in recordings if (hits := secret_hits(p.read_text(encoding="utf-8", errors="replace")))}
    assert found == {}


def test_the_memory_of_short_strings_starts_again_when_full_and_keeps_answering_the_same(monkeypatch):
    monkeypatch.setattr(memory, "BUDGET_CHARS", 120)
    scanner = secret_values.Engine(engine().maintained, engine().project, engine().entropy)
    texts = [f"token {AWS_ID} at row {n}" for n in range(12)] + [f"plain row {n}" for n in range(12)]
    first = [scanner.hits(text) for text in texts]
    assert scanner.memory.chars <= 120
    assert [scanner.hits(text) for text in texts] == first
    assert all(hits for hits in first[:12]) and not any(first[12:])
