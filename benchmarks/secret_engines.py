"""Secret engines side by side: recall per secret family on planted values, false hits on traps and on
the clean real pages and provider recordings, and run time per MB.

    .venv/bin/python -m benchmarks.secret_engines [--realdata DIR] [--seed N] [--all-hits]

Engines: `project` is this checkout's value detectors (`secret_values.secret_hits`), the interface
redaction and the fixture scan call; `detect-secrets` and `credsweeper` run with their defaults, as a
file scanner would. Only detect-secrets is a dependency; to include credsweeper install it first:
`.venv/bin/uv pip install --python .venv/bin/python credsweeper==1.19.5` (its column is skipped when absent).

Planted values are built here from random parts, so no key-shaped literal is in the repository. A value
counts as *flagged* when a hit overlaps it, *removed* when every secret part of it is gone once the hits
are replaced by the marker (what redaction needs: a hit on a PEM header alone flags, it removes nothing).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import io
import json
import random
import string
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from tests.realdata import REALDATA

Span = tuple[int, int, str]
MARKER = "[redacted]"
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


# --- planted secrets -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Value:
    """One secret as it is assigned (`name`, `value`); `parts` are the substrings that must go."""

    name: str
    value: str
    parts: tuple[str, ...]


@dataclass(frozen=True)
class Family:
    name: str
    build: Callable[[random.Random], list[Value]]
    # Whether the value is recognizable alone, in prose; hex and UUID keys are keys only where assigned.
    in_prose: bool = True


def _run(rng: random.Random, alphabet: str, n: int) -> str:
    # One of each class, so the value looks like a real key and not like a word.
    core = [rng.choice(string.ascii_lowercase), rng.choice(string.ascii_uppercase), rng.choice(string.digits)]
    body = core + [rng.choice(alphabet) for _ in range(n - 3)]
    rng.shuffle(body)
    return "".join(body)


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_HEX) for _ in range(n))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _prefixed(name: str, prefix: tuple[str, ...], alphabet: str, length: int) -> Callable[[random.Random], list[Value]]:
    def build(rng: random.Random) -> list[Value]:
        value = "".join(prefix) + _run(rng, alphabet, length)
        return [Value(name, value, (value,))]
    return build


def _assigned(name: str, make: Callable[[random.Random], str]) -> Callable[[random.Random], list[Value]]:
    def build(rng: random.Random) -> list[Value]:
        value = make(rng)
        return [Value(name, value, (value,))]
    return build


def _aws(rng: random.Random) -> list[Value]:
    key_id = "AK" + "IA" + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(16))
    secret = _run(rng, _ALNUM + "/+", 40)
    return [Value("AWS_ACCESS_KEY_ID", key_id, (key_id,)), Value("AWS_SECRET_ACCESS_KEY", secret, (secret,))]


def _stripe(rng: random.Random) -> list[Value]:
    kind = rng.choice(("sk", "rk"))
    value = kind + "_live_" + _run(rng, _ALNUM, rng.choice((24, 99)))
    return [Value("STRIPE_SECRET_KEY", value, (value,))]


def _webhook(rng: random.Random) -> list[Value]:
    kind = rng.choice(("slack", "discord", "teams"))
    if kind == "slack":
        token = _run(rng, _ALNUM, 24)
        team, channel = ("".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(10)) for _ in "TB")
        url = "https://hooks" + f".slack.com/services/T{team}/B{channel}/{token}"
    elif kind == "discord":
        token = _run(rng, _ALNUM + "_-", 68)
        channel = "".join(rng.choice(string.digits) for _ in range(19))
        url = "https://discord" + f".com/api/webhooks/{channel}/{token}"
    else:
        token = _hex(rng, 32)
        url = (f"https://contoso.webhook" + f".office.com/webhookb2/{_uuid(rng)}@{_uuid(rng)}/IncomingWebhook/"
               f"{token}/{_uuid(rng)}")
    return [Value(f"{kind.upper()}_WEBHOOK_URL", url, (token,))]


def _pem(rng: random.Random) -> list[Value]:
    label = rng.choice(("RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY"))
    body = base64.b64encode(rng.randbytes(rng.choice((180, 600)))).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    value = "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"])
    return [Value("PRIVATE_KEY", value, tuple(line for line in lines if len(line) >= 16))]


def _code_host(rng: random.Random) -> list[Value]:
    value = rng.choice((
        lambda: "gh" + "p_" + _run(rng, _ALNUM, 36),
        lambda: "github" + "_pat_" + _run(rng, _ALNUM, 22) + "_" + _run(rng, _ALNUM, 59),
        lambda: "gl" + "pat-" + _run(rng, _ALNUM + "_-", 20),
    ))()
    return [Value("GIT_TOKEN", value, (value,))]


def _url_credentials(rng: random.Random) -> list[Value]:
    password = _run(rng, _ALNUM + "!*~", rng.choice((10, 16, 24)))
    scheme, port = rng.choice((("https", ""), ("postgres", ":5432"), ("mongodb+srv", ""), ("redis", ":6379")))
    url = f"{scheme}://svc_{_run(rng, string.ascii_lowercase, 5)}:{password}@db.internal.example{port}/app"
    return [Value("DATABASE_URL", url, (password,))]


def _bearer(rng: random.Random) -> list[Value]:
    token = _run(rng, _ALNUM + "._-", 40)
    return [Value("Authorization", "Bearer " + token, (token,))]


def _jwt(rng: random.Random) -> list[Value]:
    def part(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    value = ".".join([part({"alg": "HS256", "typ": "JWT"}), part({"sub": _uuid(rng), "iat": 1767225600}),
                      _run(rng, _ALNUM + "_-", 43)])
    return [Value("ACCESS_TOKEN", value, (value,))]


FAMILIES: tuple[Family, ...] = (
    Family("aws key pair", _aws),
    Family("stripe live key", _stripe),
    Family("webhook url", _webhook),
    Family("pem private key", _pem),
    Family("github/gitlab token", _code_host),
    Family("url credentials", _url_credentials),
    Family("tavily", _prefixed("TAVILY_API_KEY", ("tvly", "-dev-"), _ALNUM, 32)),
    Family("firecrawl", _assigned("FIRECRAWL_API_KEY", lambda rng: "fc" + "-" + _hex(rng, 32))),
    Family("jina", _prefixed("JINA_API_KEY", ("jina", "_"), _ALNUM, 60)),
    Family("perplexity", _prefixed("PERPLEXITY_API_KEY", ("pplx", "-"), _ALNUM, 48)),
    Family("brave", _prefixed("BRAVE_API_KEY", ("BS", "A"), _ALNUM, 28)),
    Family("serper (hex, assigned)", _assigned("SERPER_API_KEY", lambda rng: _hex(rng, 40)), in_prose=False),
    Family("serpapi (hex, assigned)", _assigned("SERPAPI_API_KEY", lambda rng: _hex(rng, 64)), in_prose=False),
    Family("exa (uuid, assigned)", _assigned("EXA_API_KEY", _uuid), in_prose=False),
    Family("bearer token", _bearer),
    Family("jwt", _jwt),
)


def _carriers(values: list[Value], in_prose: bool) -> dict[str, str]:
    """The places a pasted secret turns up in provider content: a .env file, a JSON config, YAML,
    code, a curl line, and (for values with a format of their own) Spanish prose in markdown."""
    env = "\n".join(f'{v.name}="{v.value}"' if "\n" in v.value else f"{v.name}={v.value}" for v in values)
    out = {
        "env": f"# configuración\nREGION=mx-central\n{env}\nDEBUG=false\n",
        "json": json.dumps({"service": "catalogo", "config": {v.name.lower(): v.value for v in values}}, indent=2),
        "yaml": yaml.safe_dump({"service": "catalogo", "settings": {v.name.lower(): v.value for v in values}}),
        "code": "client = Client(" + ", ".join(f"{v.name.lower()}={json.dumps(v.value)}" for v in values) + ")\n",
        "curl": "curl https://api.example.test/v1/run " + " ".join(
            f"-H '{v.name}: {json.dumps(v.value)[1:-1]}'" for v in values) + "\n",
    }
    if in_prose:
        out["prose"] = "## Configuración\n\nPara probarlo, pega " + " y ".join(
            f"```\n{v.value}\n```" if "\n" in v.value else f"`{v.value}`" for v in values) + " en tu archivo local.\n"
    return out


@dataclass(frozen=True)
class Planted:
    family: str
    carrier: str
    text: str
    values: tuple[Value, ...]


def planted(seed: int, per_family: int) -> list[Planted]:
    rng = random.Random(seed)
    out = []
    for family in FAMILIES:
        for _ in range(per_family):
            values = family.build(rng)
            out += [Planted(family.name, carrier, text, tuple(values))
                    for carrier, text in _carriers(values, family.in_prose).items()]
    return out


def traps(seed: int) -> list[tuple[str, str]]:
    """Text that holds no secret but looks random or key-shaped: hashes, request ids, UUIDs, slugs,
    base64 images, and the redaction marker where a key was."""
    rng = random.Random(seed)
    image = base64.b64encode(rng.randbytes(900)).decode()
    return [
        ("sha256 in json", json.dumps({"sha256": _hex(rng, 64), "etag": f'W/"{_hex(rng, 32)}"'})),
        ("git commit", f"commit {_hex(rng, 40)}\nAuthor: equipo\n"),
        ("uuid request id", json.dumps({"request_id": _uuid(rng), "id": _uuid(rng), "object": "chat.completion"})),
        ("hex request header", f"x-request-id: {_hex(rng, 32)}\ncf-ray: {_hex(rng, 16)}-QRO\n"),
        ("url slugs", "https://www.eleconomista.com.mx/empresas/Grupo-Industrial-anuncia-inversion-de-1500-mdp-"
                      "en-Nuevo-Leon-20240512-0042.html https://www.dof.gob.mx/nota_detalle.php?codigo=5723466"
                      "&fecha=12/05/2024 https://example.test/wp-content/uploads/2024/05/Informe_Anual_2023_v3.pdf"),
        ("base64 image", f'<img src="data:image/png;base64,{image}" alt="logo">'),
        ("marker where a key was", "api_key=[redacted]\nAuthorization: Bearer [redacted]\n"
                                   '{"password": "[redacted]", "token": "[redacted]"}\nhttps://u:[redacted]@db.test/x'),
        ("prose about tokens", "El portador (bearer) del título cobra el cupón; la clave de acceso se tramita "
                               "en el SAT."),
    ]


# --- engines --------------------------------------------------------------------------------------

class ProjectEngine:
    name = "project"

    def __init__(self) -> None:
        from bench_pipeline.redaction.secret_values import secret_hits
        self._hits = secret_hits

    def scan(self, texts: list[str]) -> list[list[Span]]:
        return [[(h.start, h.end, h.detector) for h in self._hits(text)] for text in texts]


class DetectSecretsEngine:
    """detect-secrets' own file scan, defaults on (every plugin, default filters), one file per text."""

    name = "detect-secrets"

    def __init__(self) -> None:
        from detect_secrets.core.scan import scan_file
        from detect_secrets.settings import default_settings
        self._scan_file, self._settings = scan_file, default_settings

    def scan(self, texts: list[str]) -> list[list[Span]]:
        out = []
        with self._settings(), tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "content.txt"
            for text in texts:
                path.write_text(text, encoding="utf-8")
                lines = _line_starts(text)
                spans = []
                for found in self._scan_file(str(path)):
                    start, line = lines[found.line_number - 1], text.splitlines()[found.line_number - 1]
                    spans += _occurrences(line, found.secret_value or "", start, found.type)
                out.append(spans)
        return out


class CredSweeperEngine:
    """credsweeper's rules with its bundled ML validator at the default threshold."""

    name = "credsweeper"

    def __init__(self) -> None:
        from credsweeper import CredSweeper
        from credsweeper.file_handler.string_content_provider import StringContentProvider
        self._make, self._provider = CredSweeper, StringContentProvider

    def scan(self, texts: list[str]) -> list[list[Span]]:
        sweeper = self._make()
        for index, text in enumerate(texts):
            lines = text.splitlines()
            sweeper.credential_manager.extend_credentials(
                sweeper.file_scan(self._provider(lines, file_path=f"{index}.txt")))
        sweeper.post_processing(None)
        out: list[list[Span]] = [[] for _ in texts]
        for candidate in sweeper.credential_manager.get_credentials():
            for data in candidate.line_data_list:
                index = int(Path(data.path).stem)
                text = texts[index]
                start = _line_starts(text)[data.line_num - 1]
                line = text.splitlines()[data.line_num - 1]
                if 0 <= data.value_start < data.value_end and line[data.value_start:data.value_end] == data.value:
                    out[index].append((start + data.value_start, start + data.value_end, candidate.rule_name))
                else:
                    out[index] += _occurrences(line, data.value or "", start, candidate.rule_name)
        return out


def _line_starts(text: str) -> list[int]:
    starts, offset = [], 0
    for line in text.splitlines(keepends=True):
        starts.append(offset)
        offset += len(line)
    return starts


def _occurrences(line: str, value: str, offset: int, label: str) -> list[Span]:
    spans, at = [], line.find(value) if value else -1
    while at >= 0:
        spans.append((offset + at, offset + at + len(value), label))
        at = line.find(value, at + 1)
    return spans


ENGINES = {"project": ProjectEngine, "detect-secrets": DetectSecretsEngine, "credsweeper": CredSweeperEngine}


def engines(names: list[str]) -> tuple[list, list[str]]:
    found, missing = [], []
    for name in names:
        try:
            found.append(ENGINES[name]())
        except ImportError:
            missing.append(name)
    return found, missing


# --- scoring --------------------------------------------------------------------------------------

def _apply(text: str, spans: list[Span]) -> str:
    out, cursor = [], 0
    for start, end, _ in sorted(spans, key=lambda s: (s[0], -s[1])):
        if start < cursor:
            start = cursor
        if start >= end:
            continue
        out += [text[cursor:start], MARKER]
        cursor = end
    return "".join(out + [text[cursor:]])


def _flagged(text: str, value: Value, spans: list[Span]) -> bool:
    rendered = [text.find(part) for part in value.parts]
    anchor = text.find(value.value.splitlines()[0][:12])
    start = min([at for at in [anchor, *rendered] if at >= 0], default=-1)
    if start < 0:
        return False
    end = max(at + len(part) for at, part in zip(rendered, value.parts, strict=True) if at >= 0)
    return any(s < end and e > start for s, e, _ in spans)


def recall(engine, cases: list[Planted]) -> dict[str, tuple[int, int, int]]:
    """family → (removed, flagged, planted), counting values (an AWS pair is two)."""
    spans = engine.scan([case.text for case in cases])
    score: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for case, hits in zip(cases, spans, strict=True):
        cleaned = _apply(case.text, hits)
        for value in case.values:
            row = score[case.family]
            row[0] += all(part not in cleaned for part in value.parts)
            row[1] += _flagged(case.text, value, hits)
            row[2] += 1
    return {family: tuple(row) for family, row in score.items()}


# --- real data ------------------------------------------------------------------------------------

PAGE_SOURCES = ("trafilatura", "fundus", "mozilla-readability", "scrapinghub-article-extraction-benchmark", "tezca-mx")
RECORDING_SOURCES = ("langchaingo", "pydantic-ai", "crewai", "semantic-kernel", "vercel-ai")
_PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".pdf")
_RECORDING_SUFFIXES = (".yaml", ".yml", ".httprr", ".json", ".jsonl", ".txt")


def real_texts(realdata: Path) -> dict[str, list[tuple[str, str]]]:
    """kind → [(file, text)]: pages (HTML as served, PDFs by their text layer) and recordings as stored."""
    out: dict[str, list[tuple[str, str]]] = {"pages": [], "recordings": []}
    for kind, sources, suffixes in (("pages", PAGE_SOURCES, _PAGE_SUFFIXES),
                                    ("recordings", RECORDING_SOURCES, _RECORDING_SUFFIXES)):
        for source in sources:
            for path in sorted((realdata / source / "files").rglob("*")):
                if path.is_file() and path.name.lower().endswith(suffixes):
                    text = _text_of(path)
                    if text is not None:
                        out[kind].append((path.relative_to(realdata).as_posix(), text))
    return out


def _text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if path.name.endswith(".gz"):
        data = gzip.decompress(data)
    if data.startswith(b"%PDF"):
        from pypdf import PdfReader
        try:
            return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)
        except Exception:  # noqa: BLE001 — an unreadable PDF is left out and named
            print(f"  (skipped, unreadable PDF: {path.name})", file=sys.stderr)
            return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def real_hits(engine, texts: list[tuple[str, str]]) -> tuple[list[tuple[str, str, str]], float]:
    """Every hit as (file, detector, matched text), and the seconds the scan took."""
    start = time.perf_counter()
    spans = engine.scan([text for _, text in texts])
    seconds = time.perf_counter() - start
    hits = [(name, label, text[s:e]) for (name, text), found in zip(texts, spans, strict=True) for s, e, label in found]
    return hits, seconds


# --- report ---------------------------------------------------------------------------------------

def _shown(value: str) -> str:
    flat = value.replace("\n", "⏎")
    return flat if len(flat) <= 60 else flat[:57] + "…"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--realdata", type=Path, default=REALDATA)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--per-family", type=int, default=20)
    parser.add_argument("--engines", default=",".join(ENGINES), help=f"comma-separated, of {', '.join(ENGINES)}")
    parser.add_argument("--all-hits", action="store_true", help="list every real-data hit, not the first 25 per engine")
    args = parser.parse_args(argv)

    found, missing = engines(args.engines.split(","))
    names = [e.name for e in found]
    cases = planted(args.seed, args.per_family)
    print(f"planted: {len(cases)} carriers (env, json, yaml, code, curl, prose), seed {args.seed}; "
          "cell = removed/flagged of n")
    scores = {e.name: recall(e, cases) for e in found}
    print(f"{'family':<26}{'n':>5}  " + "".join(f"{n:>18}" for n in names))
    totals = Counter()
    for family in FAMILIES:
        n = scores[names[0]][family.name][2]
        cells = []
        for name in names:
            removed, flagged, _ = scores[name][family.name]
            totals[name, "removed"] += removed
            totals[name, "flagged"] += flagged
            cells.append(f"{removed}/{flagged}")
        totals["n"] += n
        print(f"{family.name:<26}{n:>5}  " + "".join(f"{c:>18}" for c in cells))
    print(f"{'all':<26}{totals['n']:>5}  "
          + "".join(f"{str(totals[n, 'removed']) + '/' + str(totals[n, 'flagged']):>18}" for n in names))

    trap_cases = traps(args.seed)
    print("\ntraps (no secret in them): hits per engine")
    for engine in found:
        spans = engine.scan([text for _, text in trap_cases])
        for (label, text), hits in zip(trap_cases, spans, strict=True):
            for s, e, detector in hits:
                print(f"  {engine.name:<15} {label:<24} {detector:<28} {_shown(text[s:e])}")
        print(f"  {engine.name:<15} {sum(len(h) for h in spans)} hits in {len(trap_cases)} traps")

    if not args.realdata.is_dir():
        print(f"\nrealdata is absent ({args.realdata}): no false-hit or timing numbers")
    else:
        real = real_texts(args.realdata)
        size = {kind: sum(len(t.encode()) for _, t in texts) / 1e6 for kind, texts in real.items()}
        print(f"\nclean real data: {len(real['pages'])} pages ({size['pages']:.1f} MB of text), "
              f"{len(real['recordings'])} provider recordings ({size['recordings']:.1f} MB)")
        print(f"{'engine':<16}{'page hits':>10}{'pages hit':>10}{'rec. hits':>10}{'recs hit':>9}{'s/MB':>8}")
        listed = {}
        for engine in found:
            page_hits, page_s = real_hits(engine, real["pages"])
            rec_hits, rec_s = real_hits(engine, real["recordings"])
            listed[engine.name] = page_hits + rec_hits
            per_mb = (page_s + rec_s) / (size["pages"] + size["recordings"])
            print(f"{engine.name:<16}{len(page_hits):>10}{len({h[0] for h in page_hits}):>10}"
                  f"{len(rec_hits):>10}{len({h[0] for h in rec_hits}):>9}{per_mb:>8.2f}")
        for name, hits in listed.items():
            distinct = Counter(hits)
            print(f"\n{name}: {len(hits)} hits, {len(distinct)} distinct (file, detector, text); by detector "
                  f"{dict(Counter(h[1] for h in hits).most_common())}")
            for (file, detector, text), count in list(distinct.items())[: None if args.all_hits else 25]:
                print(f"  {file[-58:]:<58} {detector[:26]:<26} {_shown(text)}{f' ×{count}' if count > 1 else ''}")
    if missing:
        print(f"\nnot installed, left out: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
