"""The families planted: values that must go (secrets, personal data) and values that must stay (traps
that look like them, and what a company publishes about itself), each as prose, a pasted config entry
or a URL. `Material` is everything one position carries; renderers in `documents` lay it out."""

from __future__ import annotations

import base64
import json
import random
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

import phonenumbers

from benchmarks.redaction_planted import parts
from benchmarks.redaction_planted.parts import Company

MUST_GO = ("cloud_key_pair", "payment_live_key", "chat_webhook", "pem_private_key", "code_host_token",
           "url_credentials", "search_provider_key", "bearer_token", "jwt", "email_in_url", "foreign_phone",
           "home_address", "birth_date", "age_sex", "personal_email", "mx_mobile", "curp", "personal_rfc", "nss",
           "clabe", "card_number")
KEPT = ("article_id", "amount", "sku", "order_number", "tracking_number", "isbn", "postal_code", "dof_code",
        "publication_date", "role_mailbox", "company_line", "company_rfc", "url_host_path", "url_key_twin",
        "recorded_url", "recorded_date")


@dataclass(frozen=True)
class Plant:
    """One planted value. A value that must go survives when any needle is found; one that must stay is
    dropped unless every needle is found byte for byte. Digit needles are judged on runs of digits, so a
    phone survives whatever separators surround its digits."""

    family: str
    needles: tuple[str, ...]
    digits: bool = False
    exchange_only: bool = False  # planted in the exchange JSON only, not in the artifact beside it

    @property
    def must_go(self) -> bool:
        return self.family in MUST_GO


@dataclass
class Material:
    sentences: list[str] = field(default_factory=list)
    config: list[tuple[str, str]] = field(default_factory=list)  # a pasted config file's entries
    links: list[str] = field(default_factory=list)
    plants: list[Plant] = field(default_factory=list)

    def add(self, family: str, *needles: str, digits: bool = False) -> None:
        self.plants.append(Plant(family, tuple(needles), digits))


def mx_mobile(rng: random.Random) -> tuple[str, str]:
    """(as written, its ten national digits) in the forms Mexican pages use."""
    national = parts.phone_like(rng)
    area = national[:3] if national[:2] not in ("55", "33", "81") else national[:2]
    local = national[len(area):]
    spaced = f"{area} {local[:-4]} {local[-4:]}"
    return rng.choice([national, spaced, f"({area}) {local[:-4]}-{local[-4:]}", f"+52 {spaced}", f"+52 1 {spaced}",
                       f"+521{national}", f"044 {spaced}", f"045 {area} {local}", f"{area}.{local[:-4]}.{local[-4:]}",
                       " ".join(national[i:i + 2] for i in range(0, 10, 2))]), national


def foreign_phone(rng: random.Random, region: str) -> tuple[str, str]:
    """(as written, national significant number) of a number phonenumbers holds valid in `region`."""
    example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    nsn = phonenumbers.national_significant_number(example)
    while True:
        candidate = phonenumbers.parse("+" + str(example.country_code) + nsn[:2] + parts.digits(rng, len(nsn) - 2))
        if phonenumbers.is_valid_number(candidate):
            break
    nsn = phonenumbers.national_significant_number(candidate)
    forms = [phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.E164,
             phonenumbers.PhoneNumberFormat.NATIONAL]
    written = phonenumbers.format_number(candidate, rng.choice(forms))
    if nsn not in "".join(c for c in written if c.isdigit()):  # a national form with a trunk prefix inside it
        written = phonenumbers.format_number(candidate, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    return written, nsn


def personal_email(rng: random.Random, name: str, company: Company) -> str:
    domain = rng.choice([*parts.FREE_MAIL, company.domain])  # a person's own mailbox at work is personal too
    return f"{parts.mail_handle(name, rng)}@{domain}"


def _personal(rng: random.Random, company: Company, m: Material) -> None:
    name = parts.person(rng)
    written, national = mx_mobile(rng)
    email = personal_email(rng, name, company)
    m.sentences.append(rng.choice([f"Informes con {name} al {written} o en {email}.",
                                   f"Comentario de {name} ({email}): llámenme al {written}.",
                                   f"Contacto del proveedor: {name}, cel. {written}, correo {email}."]))
    m.add("mx_mobile", national, digits=True)
    m.add("personal_email", email)

    region, city = rng.choice(parts.ABROAD)
    written, nsn = foreign_phone(rng, region)
    name = parts.person(rng)
    m.sentences.append(rng.choice([f"Si no contesta, llame a {name} en {city}: {written}.",
                                   f"{name} atiende desde {city}, su celular es {written}.",
                                   f"Our rep {name} ({city}) can be reached at {written}."]))
    m.add("foreign_phone", nsn, digits=True)

    name, street, number = parts.person(rng), rng.choice(parts.STREETS), str(rng.randint(3, 2990))
    verb = rng.choice(["vive en", "reside en", "radica en", "lives at", "tiene su domicilio en", "habita en"])
    m.sentences.append(f"{name} {verb} {street} {number}, Col. {rng.choice(parts.COLONIAS)}, {company.city}.")
    m.add("home_address", f"{street} {number}")

    name, day, month, year = parts.person(rng), rng.randint(1, 28), rng.randint(1, 12), rng.randint(1950, 2004)
    date = rng.choice([f"{day} de {parts.MONTHS[month - 1]} de {year}", f"{day:02d}/{month:02d}/{year}",
                       f"{year}-{month:02d}-{day:02d}", f"{parts.MONTHS_EN[month - 1]} {day}, {year}"])
    m.sentences.append(rng.choice([f"{name} nació el {date}.", f"{name}, fecha de nacimiento: {date}.",
                                   f"{name} (born {date}) joined the board.", f"F. Nac. de {name}: {date}."]))
    m.add("birth_date", date)

    name, age = parts.person(rng), rng.randint(19, 78)
    phrase, sentence = rng.choice([
        (f"{age} años", f"{name}, de {age} años, fue contratada como supervisora."),
        (f"edad: {age}", f"Empleado {name}, edad: {age}, turno nocturno."),
        ("sexo: femenino", f"Paciente {name}, sexo: femenino, ingresó el lunes."),
        ("sexo: masculino", f"Solicitante {name}, sexo: masculino, sin antecedentes."),
        (f"{age}-year-old", f"{name}, a {age}-year-old engineer, was promoted."),
    ])
    m.sentences.append(sentence)
    m.add("age_sex", phrase)

    name, curp, nss = parts.person(rng), parts.curp_value(rng), parts.nss_value(rng)
    rfc = parts.rfc_value(rng, company=False)
    m.sentences.append(f"Datos del trabajador {name}: CURP {curp}, RFC {rfc}, NSS {nss}.")
    m.add("curp", curp)
    m.add("personal_rfc", rfc)
    m.add("nss", nss, digits=True)

    clabe, card = parts.clabe_value(rng), parts.card_value(rng)
    groups = [card[i:i + 4] for i in range(0, 16, 4)]
    card_written = rng.choice([card, " ".join(groups), "-".join(groups)])
    m.sentences.append(f"Deposite a la CLABE {clabe} a nombre de {parts.person(rng)} "
                       f"o pague con la tarjeta {card_written}.")
    m.add("clabe", clabe, digits=True)
    m.add("card_number", card, digits=True)


def _company(rng: random.Random, company: Company, m: Material) -> None:
    company_rfc = parts.rfc_value(rng, company=True)
    local = parts.phone_like(rng, company.area)[len(company.area):]
    switchboard = f"+52 {company.area} {local[:-4]} {local[-4:]}"
    toll_free = f"{rng.choice(['800', '01 800'])} {parts.digits(rng, 3)} {parts.digits(rng, 4)}"
    role = f"{rng.choice(parts.ROLES)}@{company.domain}"
    published = rng.choice(["2026-09-01", "1 de septiembre de 2026", "14/08/2026", "September 1, 2026"])
    m.sentences.append(f"{company.name}, S.A. de C.V. (RFC {company_rfc}), C.P. {company.postal_code}, {company.city}. "
                       f"Conmutador: {switchboard}. Lada sin costo: {toll_free}. Escríbanos a {role}. "
                       f"Publicado el {published}.")
    m.add("company_rfc", company_rfc)
    m.add("postal_code", f"C.P. {company.postal_code}")
    m.add("company_line", switchboard)
    m.add("company_line", toll_free)
    m.add("role_mailbox", role)
    m.add("publication_date", published)

    order, sku, amount = parts.phone_like(rng), parts.phone_like(rng), parts.phone_like(rng)
    amount_written = rng.choice([f"${int(amount):,} MXN", f"{amount} pesos", f"MXN {amount}"])
    carrier, tracking = rng.choice([("DHL", parts.phone_like(rng)),
                                    ("FedEx", " ".join(parts.digits(rng, 4) for _ in range(3))),
                                    ("Estafeta", parts.digits(rng, 22))])
    isbn, dof = parts.isbn_value(rng), "57" + parts.digits(rng, 5)
    m.sentences.append(f"Pedido núm. {order}; SKU {sku}; guía {carrier} {tracking}; "
                       f"monto adjudicado {amount_written}; catálogo ISBN {isbn}; "
                       f"aviso publicado en el DOF con código {dof}.")
    m.add("order_number", order)
    m.add("sku", f"SKU {sku}")
    m.add("tracking_number", tracking)
    m.add("amount", amount_written)
    m.add("isbn", isbn)
    m.add("dof_code", f"código {dof}")

    slug = company.domain.split(".")[0]
    article = f"https://{rng.choice(parts.NEWS_HOSTS)}/empresas/{slug}-amplia-planta-{parts.phone_like(rng)}.html"
    dof_url = f"https://www.dof.gob.mx/nota_detalle.php?codigo={dof}&fecha=14/08/2026"
    m.links += [article, dof_url]
    m.add("article_id", article)
    m.add("dof_code", dof_url)


def pem_block(rng: random.Random) -> tuple[str, list[str]]:
    """(the block, its body lines): random bytes, base64 in 64-character lines, under a private-key header."""
    label = rng.choice(["RSA PRIVATE KEY", "EC PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY"])
    body = base64.b64encode(rng.randbytes(rng.choice([121, 160, 226]))).decode()
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"]), lines


def jwt(rng: random.Random) -> tuple[str, str]:
    """(token, signature)."""
    def part(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    signature = parts.token(rng, parts.ALNUM + "-_", 43)
    claims = {"sub": "svc-" + parts.digits(rng, 6), "scope": "read"}
    return ".".join([part({"alg": "HS256", "typ": "JWT"}), part(claims), signature]), signature


def _uuid(rng: random.Random) -> str:
    h = parts.token(rng, parts.HEX, 32)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


# Each search provider's own key format (Exa issues UUIDs, Serper 40 hex digits); prefixes split so no
# key-shaped literal is in the source.
KEY_FORMATS = {
    "tavily": lambda rng: "tvly-" + "dev-" + parts.token(rng, parts.ALNUM, 32),
    "firecrawl": lambda rng: "fc" + "-" + parts.token(rng, parts.HEX, 32),
    "jina": lambda rng: "jina" + "_" + parts.token(rng, parts.ALNUM, 60),
    "perplexity": lambda rng: "pplx" + "-" + parts.token(rng, parts.ALNUM, 48),
    "brave": lambda rng: "BS" + "A" + parts.token(rng, parts.ALNUM, 28),
    "exa": _uuid,
    "serper": lambda rng: parts.token(rng, parts.HEX, 40),
}


def _secrets(rng: random.Random, company: Company, m: Material) -> None:
    access, secret = "AK" + "IA" + parts.token(rng, parts.BASE32, 16), \
        parts.token(rng, parts.ALNUM + "/+", 40)
    m.config += [("AWS_ACCESS_KEY_ID", access), ("AWS_SECRET_ACCESS_KEY", secret)]
    m.add("cloud_key_pair", access, secret)

    live = rng.choice(["sk", "rk"]) + "_live_" + parts.token(rng, parts.ALNUM, rng.choice([24, 99]))
    m.config.append(("STRIPE_SECRET_KEY", live))
    m.add("payment_live_key", live)

    code_host = rng.choice(["gh" + "p_" + parts.token(rng, parts.ALNUM, 36),
                            "github" + "_pat_" + parts.token(rng, parts.ALNUM, 22) + "_"
                            + parts.token(rng, parts.ALNUM, 59),
                            "gl" + "pat-" + parts.token(rng, parts.ALNUM + "_-", 20)])
    m.config.append(("GIT_TOKEN", code_host))
    m.add("code_host_token", code_host)

    if rng.random() < 0.5:
        secret_part = parts.token(rng, parts.ALNUM, 24)
        hook = (f"https://hooks.slack.com/services/T{parts.token(rng, parts.UPPER_ALNUM, 10)}/"
                f"B{parts.token(rng, parts.UPPER_ALNUM, 10)}/{secret_part}")
    else:
        secret_part = parts.token(rng, parts.ALNUM + "-_", 68)
        hook = f"https://discord.com/api/webhooks/{parts.digits(rng, 19)}/{secret_part}"
    m.config.append(("ALERTS_WEBHOOK_URL", hook))
    m.add("chat_webhook", secret_part)
    m.add("url_host_path", hook[:hook.index("/", 8)])  # the host stays; the whole path is the credential

    password = parts.token(rng, parts.ALNUM, 18)
    m.config.append(("DATABASE_URL", f"postgres://erp_app:{password}@db.{company.domain}:5432/erp"))
    m.add("url_credentials", password)
    m.add("url_host_path", f"db.{company.domain}:5432/erp")

    for provider in rng.sample(sorted(KEY_FORMATS), 2):
        key = KEY_FORMATS[provider](rng)
        m.config.append((f"{provider.upper()}_API_KEY", key))
        m.add("search_provider_key", key)
    opaque = parts.token(rng, parts.ALNUM + "-_", 40)
    m.config.append(("REPORTS_AUTHORIZATION", f"Bearer {opaque}"))
    m.add("bearer_token", opaque)
    token, signature = jwt(rng)
    m.config.append(("SESSION_JWT", token))
    m.add("jwt", signature)
    block, lines = pem_block(rng)
    m.config.append(("SIGNING_KEY", block))
    m.add("pem_private_key", *lines)

    role = f"{rng.choice(parts.ROLES)}@{company.domain}"
    m.config.append(("SUPPORT_EMAIL", role))  # a contact field on the company's own domain
    m.add("role_mailbox", role)


def secret_query(rng: random.Random) -> tuple[str, str]:
    """(query parameter, its secret value)."""
    name = rng.choice(["token", "api_key", "access_token", "key", "apikey", "auth"])
    return name, parts.token(rng, parts.ALNUM, rng.choice([32, 40]))


def encoded_email(rng: random.Random, email: str) -> str:
    """A query value carrying the e-mail percent-encoded or base64url-encoded, as trackers and directories do."""
    if rng.random() < 0.5:
        return f"{rng.choice(['email', 'correo', 'ref', 'contact'])}={quote(email, safe='')}"
    return f"{rng.choice(['u', 'uid', 'r'])}={base64.urlsafe_b64encode(email.encode()).decode().rstrip('=')}"


def planted_url(rng: random.Random, base: str, m: Material, company: Company) -> str:
    """`base` (a result URL) with a person's encoded e-mail and a secret in its query, or credentials in
    its userinfo; its host and path must come through byte for byte, so they are planted as kept."""
    split = urlsplit(base)
    path = split.path or "/"
    if rng.random() < 0.3:
        path = path.rstrip("/") + f"/{parts.phone_like(rng)}"
        m.add("article_id", f"{split.netloc}{path}")
    email = personal_email(rng, parts.person(rng), company)
    m.add("email_in_url", email)
    name, value = secret_query(rng)
    m.add("url_credentials", value)
    query = "&".join(q for q in (split.query, encoded_email(rng, email), f"{name}={value}") if q)
    if rng.random() < 0.25:
        password = parts.token(rng, parts.ALNUM, 16)
        m.add("url_credentials", password)
        url = f"{split.scheme}://deploy:{password}@{split.netloc}{path}?{query}"
    else:
        url = f"{split.scheme}://{split.netloc}{path}?{query}"
    m.add("url_host_path", f"{split.netloc}{path}")
    return url


def material(rng: random.Random) -> Material:
    """Every family once (the URL families as links), for one company."""
    company = rng.choice(parts.COMPANIES)
    m = Material()
    _personal(rng, company, m)
    _company(rng, company, m)
    _secrets(rng, company, m)
    directory = rng.choice(["mx", "empresarial", "industrial"])
    base = f"https://www.directorio{directory}.com/ficha/{company.domain.split('.')[0]}"
    m.links.append(planted_url(rng, base, m, company))
    return m


def url_material(rng: random.Random, base: str) -> tuple[str, Material]:
    m = Material()
    return planted_url(rng, base, m, rng.choice(parts.COMPANIES)), m
