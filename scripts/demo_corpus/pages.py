"""The HTML pages of the demo corpus and the facts a careful reader finds in them.

Each fact sits in plain text (no tags or entities inside), so its `offset:` span slices the source
exactly; table facts are cited by `selector:` on their cell.
"""

from __future__ import annotations

import json
from datetime import date

from scripts.demo_corpus.world import WIRE_STORY, Fact


def _page(title: str, body: str, head: str = "") -> str:
    return (f'<!DOCTYPE html>\n<html lang="es-MX">\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
            f"{head}</head>\n<body>\n{body}\n</body>\n</html>\n")


def _article(host: str, headline: str, dateline: str, paragraphs: list[str], published: date) -> str:
    paras = "\n".join(f"<p>{p}</p>" for p in paragraphs)
    head = f'<meta property="article:published_time" content="{published.isoformat()}T08:00:00-06:00">\n'
    return _page(f"{headline} | {host}", f"<header><a href=\"/\">{host}</a></header>\n<article>\n<h1>{headline}</h1>\n"
                 f'<p class="dateline">{dateline}</p>\n{paras}\n</article>', head)


def _table(table_id: str, headers: list[str], rows: list[tuple[str, list[str]]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "\n".join(f'<tr id="{row_id}">' + "".join(f'<td class="c{i}">{c}</td>' for i, c in enumerate(cells)) + "</tr>"
                     for row_id, cells in rows)
    return f'<table id="{table_id}">\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>'


def pages() -> dict[str, tuple[str, list[Fact]]]:
    """`_shared/` path → (HTML source, facts in it)."""
    out: dict[str, tuple[str, list[Fact]]] = {}

    def add(path: str, source: str, facts: list[Fact]) -> None:
        out[path] = (source, facts)

    p = "html/acerosdelbajio-nosotros.html"
    add(p, _page("Nosotros | Aceros del Bajío", """<nav><a href="/">Inicio</a> <a href="/productos">Productos</a></nav>
<main>
<h1>Nosotros</h1>
<p>Desde 1987 fabricamos varilla corrugada y perfiles estructurales para la construcción.</p>
<h2>Planta</h2>
<p>Carretera Celaya-Salamanca km 7.5, Celaya, Guanajuato</p>
<h2>Calidad</h2>
<p>Nuestro sistema de gestión está certificado en ISO 9001:2015 desde 2012.</p>
<h2>Ventas</h2>
<p>Escríbanos a ventas@acerosdelbajio.com.mx o llame al +52 461 618 2000.</p>
</main>"""), [
        Fact(p, "fabricamos varilla corrugada y perfiles estructurales para la construcción", "business_activity",
             "fabricación de varilla corrugada y perfiles estructurales", "aceros"),
        Fact(p, "ventas@acerosdelbajio.com.mx", "sales_email", "ventas@acerosdelbajio.com.mx", "aceros"),
        Fact(p, "Carretera Celaya-Salamanca km 7.5, Celaya, Guanajuato", "plant_address",
             "Carretera Celaya-Salamanca km 7.5, Celaya, Guanajuato", "aceros"),
        Fact(p, "certificado en ISO 9001:2015", "certification", "ISO 9001:2015", "aceros"),
    ])

    p = "html/nopalazul-quienes-somos.html"
    add(p, _page("Quiénes somos | Nopal Azul", """<main>
<h1>Quiénes somos</h1>
<p>Farmacéutica Nopal Azul, S.A. de C.V. es un laboratorio mexicano de medicamentos genéricos con planta en Toluca.</p>
<p>Atención a distribuidores: contacto@nopalazul.com.mx</p>
</main>"""), [Fact(p, "Farmacéutica Nopal Azul, S.A. de C.V.", "legal_name", "Farmacéutica Nopal Azul, S.A. de C.V.", "nopal")])

    p = "html/sierramadre-spa.html"
    state = {"empresa": {"nombre": "Logística Sierra Madre",
                         "giro": "Transporte refrigerado de carga y almacenes con temperatura controlada en el noreste de México",
                         "correo": "comercial@sierramadrelogistica.mx",
                         "almacen": "Parque Industrial Apodaca, Nuevo León"}}
    add(p, _page("Logística Sierra Madre", f"""<div id="root"><div class="spinner">Cargando…</div></div>
<noscript>Para ver este sitio active JavaScript.</noscript>
<script id="__STATE__" type="application/json">{json.dumps(state, ensure_ascii=False)}</script>
<script src="/static/js/main.3f9c1a7e.js"></script>"""), [
        Fact(p, state["empresa"]["giro"], "business_activity", "transporte refrigerado y almacenes", "sierra"),
        Fact(p, state["empresa"]["correo"], "sales_email", state["empresa"]["correo"], "sierra"),
        Fact(p, state["empresa"]["almacen"], "facility_location", state["empresa"]["almacen"], "sierra"),
    ])

    p = "html/costaesmeralda-empresa.html"
    add(p, _page("La empresa | Alimentos Costa Esmeralda", """<main>
<h1>La empresa</h1>
<p>Procesamos camarón y pescado del Pacífico mexicano desde 1994.</p>
<p>Nuestra planta de Mazatlán tiene una capacidad de proceso de 120 toneladas diarias y cámaras de congelación a -25 °C.</p>
</main>"""), [Fact(p, "capacidad de proceso de 120 toneladas diarias", "plant_capacity", "120 t/día", "costa")])

    p = "html/riolerma-contacto.html"
    add(p, _page("Contacto | Constructora Río Lerma", """<main>
<h1>Contacto</h1>
<p>Av. Constituyentes 118, Querétaro, Querétaro</p>
<p>Conmutador: +52 442 215 8800</p>
<p>Licitaciones: licitaciones@riolerma.com.mx</p>
</main>"""), [Fact(p, "+52 442 215 8800", "company_phone", "+52 442 215 8800", "lerma")])

    p = "html/cofepris-registros-2026.html"
    add(p, _page("Registros sanitarios otorgados 2026 | COFEPRIS", "<main>\n<h1>Registros sanitarios otorgados 2026</h1>\n" + _table(
        "registros", ["Titular", "Denominación", "Número", "Fecha"], [
            ("reg-045m2026", ["Farmacéutica Nopal Azul, S.A. de C.V.", "Metformina 850 mg tabletas", "045M2026 SSA", "2026-03-17"]),
            ("reg-112m2026", ["Farmacéutica Nopal Azul, S.A. de C.V.", "Losartán 50 mg tabletas", "112M2026 SSA", "2026-06-02"]),
            ("reg-av-0193", ["Alimentos Costa Esmeralda, S.A. de C.V.", "Aviso de funcionamiento", "Aviso 26-2500-0193", "2026-01-20"]),
            ("reg-088m2026", ["Laboratorios Tlaloc, S.A. de C.V.", "Omeprazol 20 mg cápsulas", "088M2026 SSA", "2026-05-11"]),
        ]) + "\n</main>"), [
        Fact(p, "045M2026 SSA", "sanitary_registration", "045M2026 SSA (metformina)", "nopal", date(2026, 3, 17),
             selector="tr#reg-045m2026 td.c2"),
        Fact(p, "112M2026 SSA", "sanitary_registration", "112M2026 SSA (losartán)", "nopal", date(2026, 6, 2),
             selector="tr#reg-112m2026 td.c2"),
        Fact(p, "Aviso 26-2500-0193", "operating_notice", "Aviso 26-2500-0193", "costa", date(2026, 1, 20),
             selector="tr#reg-av-0193 td.c2"),
    ])

    p = "html/comprasmx-fallos-2026.html"
    add(p, _page("Fallos y contratos 2026 | ComprasMX", "<main>\n<h1>Fallos y contratos 2026</h1>\n" + _table(
        "contratos", ["Proveedor", "Dependencia", "Contrato", "Monto (MXN)"], [
            ("ct-lo-012", ["Constructora Río Lerma, S.A. de C.V.", "SICT", "LO-09-J3N-012-N-2026", "412,580,000.00"]),
            ("ct-imss-088", ["Logística Sierra Madre, S.A.P.I. de C.V.", "IMSS", "IMSS-SA-2026-0088", "96,400,000.00"]),
            ("ct-lo-031", ["Grupo Constructor Anáhuac, S.A. de C.V.", "CONAGUA", "LO-16-B00-031-N-2026", "58,900,000.00"]),
        ]) + "\n</main>"), [
        Fact(p, "LO-09-J3N-012-N-2026", "contract_award", "LO-09-J3N-012-N-2026 (SICT)", "lerma", selector="tr#ct-lo-012 td.c2"),
        Fact(p, "412,580,000.00", "contract_amount", "MXN 412,580,000.00", "lerma", selector="tr#ct-lo-012 td.c3"),
        Fact(p, "IMSS-SA-2026-0088", "contract_award", "IMSS-SA-2026-0088 (IMSS)", "sierra", selector="tr#ct-imss-088 td.c2"),
    ])

    p = "html/dof-avisos-2026-08-14.html"
    add(p, _page("DOF - Diario Oficial de la Federación", """<main>
<h1>DIARIO OFICIAL DE LA FEDERACIÓN, 14/08/2026</h1>
<h2>SECRETARIA DE ECONOMIA</h2>
<p>RESOLUCIÓN final de la investigación antidumping sobre las importaciones de varilla corrugada, en la que Aceros del Bajío, S.A. de C.V. participó como solicitante.</p>
<p>ACUERDO por el que se asigna a Alimentos Costa Esmeralda, S.A. de C.V. un cupo de exportación de 3,000 toneladas de camarón congelado.</p>
<h2>SECRETARIA DE INFRAESTRUCTURA, COMUNICACIONES Y TRANSPORTES</h2>
<p>AVISO de terminación anticipada del contrato de obra pública celebrado con Constructora Río Lerma, S.A. de C.V.</p>
</main>"""), [
        Fact(p, "RESOLUCIÓN final de la investigación antidumping sobre las importaciones de varilla corrugada",
             "gazette_resolution", "resolución antidumping varilla corrugada", "aceros", date(2026, 8, 14)),
        Fact(p, "AVISO de terminación anticipada del contrato de obra pública", "gazette_notice",
             "terminación anticipada de contrato de obra pública", "lerma", date(2026, 8, 14)),
        Fact(p, "un cupo de exportación de 3,000 toneladas de camarón congelado", "export_quota", "3,000 t",
             "costa", date(2026, 8, 14)),
    ])

    p = "html/heraldo-solartonala-paywall.html"
    add(p, _page("Solar Tonalá invertirá 1,900 millones | El Heraldo Industrial", """<article>
<h1>Solar Tonalá invertirá 1,900 millones en parque fotovoltaico</h1>
<p class="dateline">Guadalajara, 18 de junio de 2026</p>
<p>Energía Solar Tonalá invertirá 1,900 millones de pesos en el parque fotovoltaico Tonalá I, de 120 MW.</p>
<div class="paywall" data-paywall="metered">
<p>Este contenido es exclusivo para suscriptores. Suscríbase para seguir leyendo.</p>
<p class="blurred">La empresa prevé que el parque</p>
</div>
</article>""", '<meta property="article:published_time" content="2026-06-18T07:30:00-06:00">\n'), [
        Fact(p, "invertirá 1,900 millones de pesos en el parque fotovoltaico Tonalá I", "investment_amount",
             "MXN 1,900 millones", "solar", date(2026, 6, 18)),
    ])

    p = "html/agenciamx-costaesmeralda-ampliacion.html"
    add(p, _article("agenciamx.mx", "Costa Esmeralda ampliará planta en Mazatlán", "Mazatlán, 8 de octubre de 2026",
                    [WIRE_STORY], date(2026, 10, 8)), [
        Fact(p, "invertirá 850 millones de pesos para ampliar su planta de congelados en Mazatlán", "investment_amount",
             "MXN 850 millones", "costa", date(2026, 10, 8)),
    ])
    out.update(contradictory_pages())
    return out


def contradictory_pages() -> dict[str, tuple[str, list[Fact]]]:
    """Two dated pairs asserting opposite facts about one company: neither may overwrite the other."""
    pairs = [
        ("html/contra-aceros-planta-anuncio.html", "diarioelbajio.mx", "Aceros del Bajío anuncia nueva planta en Silao",
         "Celaya, 10 de marzo de 2026", date(2026, 3, 10),
         ["Aceros del Bajío construirá una planta de laminado en Silao, que iniciará operaciones en 2028.",
          "La empresa invertirá 3,200 millones de pesos en el proyecto."],
         [("construirá una planta de laminado en Silao", "plant_status", "anunciada", "aceros"),
          ("invertirá 3,200 millones de pesos", "investment_amount", "MXN 3,200 millones", "aceros")]),
        ("html/contra-aceros-planta-pausa.html", "elheraldoindustrial.mx", "Aceros del Bajío pausa su planta en Silao",
         "León, 2 de septiembre de 2026", date(2026, 9, 2),
         ["Aceros del Bajío suspendió la construcción de su planta de laminado en Silao por la caída de la demanda."],
         [("suspendió la construcción de su planta de laminado en Silao", "plant_status", "pausada", "aceros")]),
        ("html/contra-solartonala-operacion.html", "solartonala.mx", "Parque Tonalá I inicia operaciones comerciales",
         "Tonalá, 25 de agosto de 2026", date(2026, 8, 25),
         ["El parque Tonalá I inició operaciones comerciales el 25 de agosto de 2026."],
         [("inició operaciones comerciales el 25 de agosto de 2026", "operations_status", "en operación", "solar")]),
        ("html/contra-solartonala-pruebas.html", "mundoeconomico.mx", "Tonalá I sigue en pruebas",
         "Guadalajara, 14 de octubre de 2026", date(2026, 10, 14),
         ["El parque solar Tonalá I no ha iniciado operaciones comerciales y sigue en pruebas, según el Cenace."],
         [("no ha iniciado operaciones comerciales", "operations_status", "en pruebas", "solar")]),
    ]
    out = {}
    for path, host, headline, dateline, published, paragraphs, facts in pairs:
        out[path] = (_article(host, headline, dateline, paragraphs, published),
                     [Fact(path, text, claim, value, entity, published) for text, claim, value, entity in facts])
    return out


CONTRADICTORY_PATHS = frozenset(contradictory_pages())
