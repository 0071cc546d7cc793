"""Mexican personal data, made up from a seed, and the company data that must survive beside it.

Every value is built at test time: names from short lists, phones in the forms Mexican pages have
used (ten digits with any separators, `+52`, the retired `+52 1`, `044`/`045` and `01` prefixes),
e-mails on company and free-mail domains (role-looking local parts included), CURPs and person
RFCs with valid check digits, INE voter keys. Kept values: role mailboxes on the company's domain,
company RFCs, the switchboard on the company's own contact page, toll-free lines, hosts, paths, dates.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from stdnum.mx import curp, rfc

_GIVEN = ["Juan", "María", "José", "Guadalupe", "Luis", "Verónica", "Alejandro", "Rocío", "Fernando", "Itzel"]
_FAMILY = ["Pérez", "Hernández", "García", "Martínez", "López", "Ramírez", "Sánchez", "Torres", "Flores", "Ruiz"]
_AREAS = ["55", "33", "81", "222", "442", "477", "664", "999", "614", "871"]
_FREE_MAIL = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "prodigy.net.mx", "live.com.mx", "icloud.com"]
_ROLES = ["ventas", "contacto", "facturacion", "atencion.clientes", "rrhh"]
_STATES = ["DF", "JC", "NL", "PL", "QT", "GT", "YN", "CH"]


class Planted(NamedTuple):
    personal: list[str]  # must not survive
    kept: list[str]  # must survive
    sentence: str


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def phone(rng: random.Random) -> tuple[str, str]:
    """(as written, its ten national digits)."""
    area = rng.choice(_AREAS)
    local = str(rng.randint(2, 9)) + _digits(rng, 9 - len(area))
    national = area + local
    spaced = f"{area} {local[:-4]} {local[-4:]}"
    forms = [
        national, spaced, f"({area}) {local[:-4]}-{local[-4:]}", f"{area}.{local[:-4]}.{local[-4:]}",
        f"+52 {spaced}", f"+52 1 {spaced}", f"+521{national}", f"044 {spaced}", f"045 ({area}) {local}",
        f"01 ({area}) {local[:-4]} {local[-4:]}", f"01-{area}-{local[:-4]}-{local[-4:]}", f"01{area}{local}",
        " ".join(national[i:i + 2] for i in range(0, 10, 2)),
    ]
    return rng.choice(forms), national


def person(rng: random.Random) -> str:
    return f"{rng.choice(_GIVEN)} {rng.choice(_FAMILY)}"


def curp_value(rng: random.Random) -> str:
    letters = "".join(rng.choice("BCDFGHJKLMNPRSTVWXZ") for _ in range(4))
    body = (f"{letters[0]}A{letters[1:3]}{rng.randint(50, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            f"{rng.choice('HM')}{rng.choice(_STATES)}{''.join(rng.choice('BCDFGHJKLMNPRSTVWXZ') for _ in range(3))}0")
    value = body + curp.calc_check_digit(body)
    return value if curp.is_valid(value) else curp_value(rng)


def person_rfc(rng: random.Random) -> str:
    body = (f"{''.join(rng.choice('BCDFGHJKLMNPRSTVWXZ') for _ in range(4))}{rng.randint(50, 99):02d}"
            f"{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.choice('ABCDEFGHJ')}{rng.randint(1, 9)}")
    return body + rfc.calc_check_digit(body)


def company_rfc(rng: random.Random) -> str:
    body = (f"{''.join(rng.choice('BCDFGHJKLMNPRSTVWXZ') for _ in range(3))}{rng.randint(0, 99):02d}"
            f"{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}{rng.choice('ABCDEFGHJ')}{rng.randint(1, 9)}")
    return body + rfc.calc_check_digit(body)


def voter_key(rng: random.Random) -> str:
    return "".join(rng.choice("BCDFGHJKLMNPRSTVWXZ") for _ in range(6)) + _digits(rng, 8) + rng.choice("HM") + _digits(rng, 3)


def personal_sentence(rng: random.Random) -> Planted:
    """One sentence of personal data in one of the shapes third-party pages give it."""
    name = person(rng)
    written, national = phone(rng)
    handle = name.lower().replace(" ", rng.choice([".", "_", ""])).translate(str.maketrans("áéíóúñ", "aeioun"))
    email = rng.choice([f"{handle}@{rng.choice(_FREE_MAIL)}", f"{handle}@aceroscelaya.com.mx",
                        f"{rng.choice(_ROLES)}.{rng.randint(1, 99)}@{rng.choice(_FREE_MAIL)}",
                        f"{rng.choice(_ROLES)}@{rng.choice(_FREE_MAIL)}"])
    shapes = [
        (f"Vendo camioneta Lobo 2015, informes con {name} al {written}.", [national]),
        (f"Se renta bodega en Apodaca, trato directo con el dueño: {written}, {email}", [national, email]),
        (f"Contacto del proveedor: {name}, cel. {written}, correo {email}.", [national, email]),
        (f"Ventas: pregunte por {name} al {written} o escriba a {email}", [national, email]),
        (f"Comentario de {name} ({email}): llámenme al {written}", [national, email]),
        (f"{written}", [national]),
        (f"CURP {curp_value(rng)}; RFC {person_rfc(rng)}; clave de elector {voter_key(rng)}.", []),
    ]
    sentence, personal = rng.choice(shapes)
    if sentence.startswith("CURP"):
        personal = [token.strip(";.") for token in sentence.split() if len(token.strip(";.")) in (13, 18)]
    return Planted(personal, [], sentence)


def company_sentence(rng: random.Random) -> Planted:
    """What a company publishes about itself, on its own contact page: all of it stays."""
    area = rng.choice(_AREAS)
    local = str(rng.randint(2, 9)) + _digits(rng, 9 - len(area))
    switchboard = f"+52 {area} {local[:-4]} {local[-4:]}"
    toll_free = rng.choice([f"800 {_digits(rng, 3)} {_digits(rng, 4)}", f"01 800 {_digits(rng, 3)} {_digits(rng, 4)}"])
    role = f"{rng.choice(_ROLES)}@aceroscelaya.com.mx"
    company = company_rfc(rng)
    sentence = (f"Aceros Celaya, S.A. de C.V. (RFC {company}). Conmutador: {switchboard}. Lada sin costo {toll_free}. "
                f"Escríbanos a {role}. Publicado 2026-09-01.")
    return Planted([], [switchboard, toll_free, role, company, "2026-09-01"], sentence)
