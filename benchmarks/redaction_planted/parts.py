"""Invented building blocks: people, companies, digit strings with valid check digits, random tokens.
Every value is made from a seeded `random.Random` at run time, so no key-shaped literal is in git."""

from __future__ import annotations

import random
import string
from typing import NamedTuple

from stdnum import ean, luhn
from stdnum.mx import curp, rfc

GIVEN = ["Juan", "María", "José", "Guadalupe", "Luis", "Verónica", "Alejandro", "Rocío", "Fernando", "Itzel",
         "Araceli", "Octavio", "Ximena", "Rodrigo", "Brenda"]
FAMILY = ["Pérez", "Hernández", "García", "Martínez", "López", "Ramírez", "Sánchez", "Torres", "Flores", "Ruiz",
          "Cetina", "Canul", "Villaseñor", "Zamudio", "Quintal"]
FREE_MAIL = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "prodigy.net.mx", "icloud.com", "proton.me"]
ROLES = ["ventas", "contacto", "facturacion", "atencion.clientes", "rrhh", "soporte", "compras"]
CONSONANTS = "BCDFGHJKLMNPRSTVWXZ"
ALNUM = string.ascii_letters + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
BASE32 = string.ascii_uppercase + "234567"
HEX = "0123456789abcdef"


class Company(NamedTuple):
    name: str
    domain: str
    city: str
    state: str
    postal_code: str
    area: str  # its long-distance area code: three digits, or two for CDMX, Guadalajara, Monterrey


COMPANIES = [
    Company("Textiles Mayab", "textilesmayab.com.mx", "Mérida", "Yucatán", "97000", "999"),
    Company("Refacciones Lerma", "refaccioneslerma.mx", "Toluca", "Estado de México", "50000", "722"),
    Company("Cerámica Angelópolis", "ceramicaangelopolis.com.mx", "Puebla", "Puebla", "72000", "222"),
    Company("Logística Bajío Norte", "bajionorte.com.mx", "Querétaro", "Querétaro", "76000", "442"),
    Company("Agroindustrias del Yaqui", "agroyaqui.com", "Ciudad Obregón", "Sonora", "85000", "644"),
    Company("Envases Regiomontanos", "envasesregio.com.mx", "Monterrey", "Nuevo León", "64000", "81"),
    Company("Muebles Tapatíos", "mueblestapatios.mx", "Guadalajara", "Jalisco", "44100", "33"),
]
# Places a person lives abroad, with a region phonenumbers knows; the city is the cue a page gives.
ABROAD = [("US", "Houston"), ("US", "Chicago"), ("ES", "Madrid"), ("CO", "Bogotá"), ("AR", "Buenos Aires"),
          ("CL", "Santiago"), ("PE", "Lima"), ("GB", "Londres"), ("DE", "Berlín"), ("CA", "Toronto")]
STREETS = ["Río Lerma", "Av. Hidalgo", "Calle Morelos", "Privada de los Pinos", "Calle 60", "Av. Juárez",
           "Andador Jacarandas", "Calle Aldama", "Cerrada del Sauce"]
COLONIAS = ["Centro", "Del Valle", "Jardines del Bosque", "San Benito", "Lomas de Angelópolis", "Mitras Centro"]
MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
          "noviembre", "diciembre"]
MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"]
NEWS_HOSTS = ["www.eleconomista.com.mx", "www.elfinanciero.com.mx", "www.diariodelsureste.mx", "www.milenio.com"]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def token(rng: random.Random, alphabet: str, n: int) -> str:
    """`n` characters with a lower, an upper and a digit where the alphabet has them, as real keys have."""
    classes = [c for c in (string.ascii_lowercase, string.ascii_uppercase, string.digits) if set(c) & set(alphabet)]
    chars = [rng.choice([x for x in cls if x in alphabet]) for cls in classes]
    chars += [rng.choice(alphabet) for _ in range(n - len(chars))]
    rng.shuffle(chars)
    return "".join(chars)


def person(rng: random.Random) -> str:
    """A full name as Mexican pages write it: given name and both family names."""
    first, second = rng.sample(FAMILY, 2)
    return f"{rng.choice(GIVEN)} {first} {second}"


def mail_handle(name: str, rng: random.Random) -> str:
    plain = name.lower().translate(str.maketrans("áéíóúñü", "aeiounu")).split()
    return rng.choice([".", "_", ""]).join(plain[:2]) + rng.choice(["", str(rng.randint(1, 99))])


def phone_like(rng: random.Random, area: str | None = None) -> str:
    """Ten digits that would dial in Mexico: an area code and a local number."""
    area = area or rng.choice(["55", "33", "81", "222", "442", "999", "664"])
    return area + str(rng.randint(2, 9)) + digits(rng, 9 - len(area))


def curp_value(rng: random.Random) -> str:
    while True:
        letters = "".join(rng.choice(CONSONANTS) for _ in range(3))
        body = (f"{letters[0]}{rng.choice('AEIOU')}{letters[1:]}{rng.randint(60, 99):02d}{rng.randint(1, 12):02d}"
                f"{rng.randint(1, 28):02d}{rng.choice('HM')}{rng.choice(['DF', 'JC', 'NL', 'PL', 'QT', 'YN', 'SR'])}"
                f"{''.join(rng.choice(CONSONANTS) for _ in range(3))}0")
        value = body + curp.calc_check_digit(body)
        if curp.is_valid(value):
            return value


def rfc_value(rng: random.Random, *, company: bool) -> str:
    """A person's RFC has four letters before the date, a company's three."""
    letters = "".join(rng.choice(CONSONANTS) for _ in range(3 if company else 4))
    body = (f"{letters}{rng.randint(0 if company else 60, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            f"{rng.choice('ABCDEFGHJ')}{rng.randint(1, 9)}")
    return body + rfc.calc_check_digit(body)


def nss_value(rng: random.Random) -> str:
    """IMSS social-security number: subdelegation, year joined, birth year, serial, then a Luhn digit."""
    body = f"{rng.randint(1, 99):02d}{rng.randint(0, 25):02d}{rng.randint(60, 99):02d}{digits(rng, 4)}"
    return body + luhn.calc_check_digit(body)


def clabe_value(rng: random.Random) -> str:
    """18-digit interbank account: bank, branch, account, and a weighted (3, 7, 1) check digit."""
    body = rng.choice(["002", "012", "014", "021", "072", "127"]) + digits(rng, 14)
    total = sum(int(d) * (3, 7, 1)[i % 3] % 10 for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def card_value(rng: random.Random) -> str:
    body = rng.choice(["4", "51", "52", "53", "54", "55"])
    body += digits(rng, 15 - len(body))
    return body + luhn.calc_check_digit(body)


def isbn_value(rng: random.Random) -> str:
    """A Mexican ISBN-13 (978-607 prefix) with its hyphens and a valid check digit."""
    publisher, title = digits(rng, 4), digits(rng, 2)
    return f"978-607-{publisher}-{title}-{ean.calc_check_digit('978607' + publisher + title)}"
