from datetime import date, datetime, timezone

import pytest

from bench_pipeline.reading.dates import parse_spanish_date, parse_wire_date, published_in_prose, trusted_metadata_date

CAPTURED = datetime(2026, 11, 20, 18, 3, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7 de julio de 2023", date(2023, 7, 7)),
        ("15 de Marzo del 2024", date(2024, 3, 15)),
        ("1° de septiembre de 2025", date(2025, 9, 1)),
        ("3 de setiembre de 2021", date(2021, 9, 3)),
        ("15-mar-2024", date(2024, 3, 15)),
        ("07/08/2023", date(2023, 8, 7)),
        ("31 de febrero de 2023", None),
        ("en 2023", None),
    ],
)
def test_spanish_dates(text, expected):
    assert parse_spanish_date(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 days ago", date(2026, 11, 17)),
        ("1 day ago", date(2026, 11, 19)),
        ("an hour ago", date(2026, 11, 20)),
        ("2 weeks ago", date(2026, 11, 6)),
        ("hace 2 días", date(2026, 11, 18)),
        ("hace una semana", date(2026, 11, 13)),
        ("3 months ago", None),
        ("hace 2 años", None),
        ("Jan 5, 2024", date(2024, 1, 5)),
        ("January 5, 2024", date(2024, 1, 5)),
        ("2023-11-16T01:36:32.547Z", date(2023, 11, 16)),
        ("5 de enero de 2024", date(2024, 1, 5)),
        ("", None),
        ("recently", None),
    ],
)
def test_wire_dates_from_brave_and_serper(text, expected):
    assert parse_wire_date(text, CAPTURED) == expected


def test_january_first_guess_is_dropped_unless_the_page_wrote_it():
    assert trusted_metadata_date("2024-01-01", "<footer>© 2024</footer>") is None
    assert trusted_metadata_date("2024-01-01", '<meta content="2024-01-01T09:00">') == date(2024, 1, 1)
    assert trusted_metadata_date("2024-03-15", "") == date(2024, 3, 15)


def test_prose_date_needs_a_publication_cue():
    assert published_in_prose("La planta abrirá el 7 de julio de 2027.") is None
    assert published_in_prose("Actualizado: 8 de julio de 2023 | La planta") == date(2023, 7, 8)
