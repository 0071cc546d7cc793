from hypothesis import given
from hypothesis import strategies as st

from bench_pipeline.claims.origin_groups import canonical_url, origin_groups, rebuilt_url

STORY = (
    "MONTERREY (Agencia) — Aceros del Norte anunció este lunes una inversión de 500 millones de dólares para "
    "construir una planta de acero en Apodaca, Nuevo León, que generará 1,200 empleos directos. La empresa "
    "informó que la construcción iniciará en el segundo semestre y que la planta producirá acero para la "
    "industria automotriz de la región. El gobernador celebró el anuncio y dijo que el estado ofrecerá apoyos."
)


def test_canonical_url_rules():
    assert canonical_url("http://www.Diario.mx/nota/123/?utm_source=tw&fbclid=abc#top") == "https://diario.mx/nota/123"
    assert canonical_url("https://amp.diario.mx/nota/123/amp/") == "https://diario.mx/nota/123"
    assert canonical_url("https://m.diario.mx/nota/123?b=2&a=1") == "https://diario.mx/nota/123?a=1&b=2"
    assert canonical_url("https://diario.mx/nota/123.amp.html") == "https://diario.mx/nota/123.html"
    assert canonical_url("https://diario.mx:8443/nota") == "https://diario.mx:8443/nota"


_URLS = st.builds(
    lambda scheme, prefix, host, port, segments, slash, query, fragment: (
        f"{scheme}://{prefix}{host}{port}{''.join('/' + s for s in segments)}{slash}{query}{fragment}"),
    st.sampled_from(["https", "http", "HTTPS"]), st.sampled_from(["", "www.", "m.", "amp.", "mobile.", "WWW."]),
    st.from_regex(r"[a-zA-Z0-9-]{1,8}\.(mx|com|gob\.mx)", fullmatch=True), st.sampled_from(["", ":443", ":8080"]),
    st.lists(st.sampled_from(["nota", "123", "amp", "a.amp.html", "Campeche", "x y", "%C3%B1", ""]), max_size=3),
    st.sampled_from(["", "/"]), st.sampled_from(["", "?b=2&a=1", "?utm_source=x", "?"]), st.sampled_from(["", "#top"]))


@given(_URLS)
def test_the_short_path_agrees_with_the_long_one(url):
    assert canonical_url(url) == rebuilt_url(url)
    assert canonical_url(canonical_url(url)) == canonical_url(url)


def test_four_reprints_are_one_group_and_an_unrelated_story_another():
    reprints = [
        ("https://www.periodico-a.mx/economia/aceros-planta", "Aceros del Norte invertirá en Apodaca\n" + STORY),
        ("https://periodico-b.com/negocios/2025/03/aceros?utm_source=fb", "Por Redacción\n" + STORY + " Con información de la agencia."),
        ("https://diario-c.mx/nota/55", STORY.replace("este lunes", "el lunes")),
        ("https://portal-d.mx/n/aceros", "Aceros del Norte: nueva planta. " + STORY[: int(len(STORY) * 0.8)]),
    ]
    other = ("https://periodico-a.mx/deportes/rayados", "Rayados venció 2-0 a Tigres en el Clásico Regio del sábado en el estadio BBVA.")
    same_url = ("http://periodico-a.mx/economia/aceros-planta/", None)
    groups = origin_groups(reprints + [other, same_url])
    assert len({groups[url] for url, _ in reprints}) == 1
    assert groups[other[0]] != groups[reprints[0][0]]
    assert groups[same_url[0]] == groups[reprints[0][0]]
    reversed_groups = origin_groups(list(reversed(reprints + [other, same_url])))
    assert reversed_groups == groups
