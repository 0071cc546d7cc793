"""The fictional world the demo corpus describes: companies, the web pages about them, the golden cases.

Every company here is invented. Public institutions keep their real hosts (dof.gob.mx, gob.mx/cofepris,
inegi.org.mx); the notices attributed to them are invented too. News hosts are invented.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Entity:
    key: str
    name: str
    domain: str
    city: str


ENTITIES = {e.key: e for e in (
    Entity("aceros", "Aceros del Bajío, S.A. de C.V.", "acerosdelbajio.com.mx", "Celaya, Guanajuato"),
    Entity("nopal", "Farmacéutica Nopal Azul, S.A. de C.V.", "nopalazul.com.mx", "Toluca, Estado de México"),
    Entity("sierra", "Logística Sierra Madre, S.A.P.I. de C.V.", "sierramadrelogistica.mx", "Apodaca, Nuevo León"),
    Entity("costa", "Alimentos Costa Esmeralda, S.A. de C.V.", "costaesmeralda.com.mx", "Mazatlán, Sinaloa"),
    Entity("lerma", "Constructora Río Lerma, S.A. de C.V.", "riolerma.com.mx", "Querétaro, Querétaro"),
    Entity("solar", "Energía Solar Tonalá, S.A.P.I. de C.V.", "solartonala.mx", "Tonalá, Jalisco"),
)}

NEWS_HOSTS = ("elheraldoindustrial.mx", "mundoeconomico.mx", "reporteregional.mx", "noticiasdelnorte.mx",
              "diarioelbajio.mx", "agenciamx.mx")
DIRECTORY_HOSTS = ("directoriomx.com", "guiaempresarial.mx")
ASSOCIATION_HOSTS = ("camaraindustrialbajio.org.mx", "asociacionsolarmx.org.mx")
SOCIAL_HOSTS = ("linkedin.com", "facebook.com")


@dataclass(frozen=True)
class Doc:
    """A web page a search engine can return. `grounds` are the claim types it can support;
    `artifact` is its stored copy under `_shared/` when the corpus has one. A page about several
    companies (a gazette, a registry table) names the company: `entity:claim_type`."""

    url: str
    title: str
    snippet: str
    entity: str | None
    published: date | None = None
    grounds: frozenset[str] = frozenset()
    artifact: str | None = None


def _d(url, title, snippet, entity, published=None, grounds=(), artifact=None) -> Doc:
    return Doc(url, title, snippet, entity, published, frozenset(grounds), artifact)


WIRE_STORY = ("Alimentos Costa Esmeralda invertirá 850 millones de pesos para ampliar su planta de congelados "
              "en Mazatlán y duplicar sus exportaciones de camarón a Japón, informó la empresa.")

DOCS: tuple[Doc, ...] = (
    # Aceros del Bajío
    _d("https://www.acerosdelbajio.com.mx/nosotros", "Nosotros | Aceros del Bajío",
       "Aceros del Bajío fabrica varilla corrugada y perfiles estructurales en Celaya, Guanajuato.", "aceros",
       None, {"business_activity", "sales_email", "plant_address", "certification"}, "html/acerosdelbajio-nosotros.html"),
    _d("https://www.acerosdelbajio.com.mx/inversionistas/informe-anual-2025.pdf", "Informe anual 2025 - Aceros del Bajío",
       "Informe anual 2025: resultados consolidados, ventas netas, EBITDA y deuda neta.", "aceros",
       date(2026, 4, 28), {"net_sales", "ebitda", "net_debt"}, "pdf/acerosdelbajio-informe-anual-2025.pdf"),
    _d("https://www.diarioelbajio.mx/economia/2026/03/10/aceros-del-bajio-anuncia-planta-silao",
       "Aceros del Bajío anuncia nueva planta en Silao", "La acerera invertirá 3,200 millones de pesos en una planta de laminado en Silao.",
       "aceros", date(2026, 3, 10), {"plant_status", "investment_amount"}, "html/contra-aceros-planta-anuncio.html"),
    _d("https://www.elheraldoindustrial.mx/empresas/2026/09/02/aceros-del-bajio-pausa-planta-silao",
       "Aceros del Bajío pausa la construcción de su planta en Silao", "La empresa suspendió las obras de la planta de Silao por la caída de la demanda.",
       "aceros", date(2026, 9, 2), {"plant_status"}, "html/contra-aceros-planta-pausa.html"),
    _d("https://www.dof.gob.mx/nota_detalle.php?codigo=5741203&fecha=14/08/2026", "DOF - Resoluciones y avisos, 14/08/2026",
       "Resolución final de la investigación antidumping sobre importaciones de varilla corrugada.", None,
       date(2026, 8, 14), {"aceros:gazette_resolution", "lerma:gazette_notice", "costa:export_quota"}, "html/dof-avisos-2026-08-14.html"),
    _d("https://directoriomx.com/empresa/aceros-del-bajio-celaya", "Aceros del Bajío en Celaya - Directorio MX",
       "Aceros del Bajío: dirección, teléfono y giro. Fabricación de productos de acero.", "aceros", None,
       {"business_activity"}),
    _d("https://www.linkedin.com/company/aceros-del-bajio", "Aceros del Bajío | LinkedIn",
       "Aceros del Bajío | 1,200 seguidores en LinkedIn. Acero para la construcción.", "aceros"),
    _d("https://www.acerosbajionorte.com/contacto", "Aceros Bajío Norte - Contacto",
       "Aceros Bajío Norte, distribuidora de lámina en Monterrey.", "wrong"),
    # Farmacéutica Nopal Azul
    _d("https://www.nopalazul.com.mx/quienes-somos", "Quiénes somos | Farmacéutica Nopal Azul",
       "Farmacéutica Nopal Azul, S.A. de C.V., laboratorio de genéricos en Toluca.", "nopal", None,
       {"legal_name"}, "html/nopalazul-quienes-somos.html"),
    _d("https://www.gob.mx/cofepris/documentos/registros-sanitarios-otorgados-2026", "Registros sanitarios otorgados 2026 | COFEPRIS",
       "Consulta los registros sanitarios de medicamentos otorgados en 2026.", None, date(2026, 10, 6),
       {"nopal:sanitary_registration", "costa:operating_notice"}, "html/cofepris-registros-2026.html"),
    _d("https://www.mundoeconomico.mx/salud/2026/07/21/nopal-azul-genericos", "Nopal Azul apuesta por genéricos oncológicos",
       "El laboratorio mexiquense prepara tres lanzamientos para 2027.", "nopal", date(2026, 7, 21)),
    _d("https://guiaempresarial.mx/farmaceutica-nopal-azul", "Farmacéutica Nopal Azul - Guía Empresarial",
       "Ficha de Farmacéutica Nopal Azul en la Guía Empresarial.", "nopal", None, {"legal_name"}),
    _d("https://www.facebook.com/nopalazulfarma", "Nopal Azul Farma | Facebook", "Página oficial de Nopal Azul Farma.", "nopal"),
    # Logística Sierra Madre (a JavaScript single-page site)
    _d("https://www.sierramadrelogistica.mx/", "Logística Sierra Madre", "Logística Sierra Madre: transporte refrigerado y almacenes.",
       "sierra", None, {"business_activity", "sales_email", "facility_location"}, "html/sierramadre-spa.html"),
    _d("https://comprasmx.buengobierno.gob.mx/contratos/2026/fallos-obra-publica", "Fallos y contratos 2026 | ComprasMX",
       "Contratos adjudicados por dependencias federales en 2026.", None, date(2026, 9, 30),
       {"lerma:contract_award", "lerma:contract_amount", "sierra:contract_award"}, "html/comprasmx-fallos-2026.html"),
    _d("https://www.noticiasdelnorte.mx/negocios/2026/05/12/sierra-madre-almacen-apodaca",
       "Sierra Madre abre almacén refrigerado en Apodaca", "La operadora logística inauguró un almacén de 40 mil metros cuadrados.",
       "sierra", date(2026, 5, 12), {"facility_location"}),
    _d("https://www.linkedin.com/company/logistica-sierra-madre", "Logística Sierra Madre | LinkedIn",
       "Transporte refrigerado en el noreste de México.", "sierra"),
    # Alimentos Costa Esmeralda
    _d("https://www.costaesmeralda.com.mx/empresa", "La empresa | Alimentos Costa Esmeralda",
       "Procesadora de camarón y pescado congelado en Mazatlán.", "costa", None, {"plant_capacity"},
       "html/costaesmeralda-empresa.html"),
    _d("https://www.costaesmeralda.com.mx/docs/exportaciones-certificaciones-2025.pdf", "Exportaciones y certificaciones 2025",
       "Toneladas exportadas por destino y certificaciones vigentes.", "costa", date(2026, 2, 15),
       {"export_volume", "certification"}, "pdf/costaesmeralda-exportaciones-2025.pdf"),
    _d("https://www.agenciamx.mx/nota/2026/10/08/costa-esmeralda-ampliacion", "Costa Esmeralda ampliará planta en Mazatlán",
       WIRE_STORY, "costa", date(2026, 10, 8), {"investment_amount"}, "html/agenciamx-costaesmeralda-ampliacion.html"),
    _d("https://www.mundoeconomico.mx/empresas/costa-esmeralda-ampliara-planta-en-mazatlan", "Costa Esmeralda ampliará planta en Mazatlán",
       WIRE_STORY, "costa", date(2026, 10, 8), {"investment_amount"}),
    _d("https://www.reporteregional.mx/sinaloa/2026/10/08/costa-esmeralda-ampliara-planta", "Costa Esmeralda ampliará su planta",
       WIRE_STORY, "costa", date(2026, 10, 8), {"investment_amount"}),
    _d("https://amp.noticiasdelnorte.mx/economia/costa-esmeralda-ampliara-planta.amp?utm_source=agenciamx&utm_medium=wire",
       "Costa Esmeralda ampliará planta en Mazatlán", WIRE_STORY, "costa", date(2026, 10, 9), {"investment_amount"}),
    _d("https://directoriomx.com/empresa/alimentos-costa-esmeralda", "Alimentos Costa Esmeralda - Directorio MX",
       "Alimentos Costa Esmeralda: empacadora de mariscos en Mazatlán.", "costa"),
    # Constructora Río Lerma
    _d("https://www.riolerma.com.mx/contacto", "Contacto | Constructora Río Lerma", "Oficinas en Querétaro. Teléfono y correo de contacto.",
       "lerma", None, {"company_phone"}, "html/riolerma-contacto.html"),
    _d("https://www.reporteregional.mx/queretaro/2026/06/03/rio-lerma-libramiento", "Río Lerma gana obra del libramiento",
       "La constructora queretana ganó la licitación del libramiento norte.", "lerma", date(2026, 6, 3), {"contract_award"}),
    _d("https://guiaempresarial.mx/constructora-rio-lerma", "Constructora Río Lerma - Guía Empresarial",
       "Teléfono y dirección de Constructora Río Lerma.", "lerma", None, {"company_phone"}),
    _d("https://www.camaraindustrialbajio.org.mx/socios/constructora-rio-lerma", "Socios - Cámara Industrial del Bajío",
       "Constructora Río Lerma, socio desde 2011.", "lerma"),
    _d("https://www.riolermaconstrucciones.com/", "Río Lerma Construcciones (Morelia)", "Constructora de vivienda en Morelia.", "wrong"),
    # Energía Solar Tonalá
    _d("https://www.elheraldoindustrial.mx/energia/2026/06/18/solar-tonala-inversion-parque",
       "Solar Tonalá invertirá 1,900 millones en parque fotovoltaico", "El parque de 120 MW en Tonalá, Jalisco... (contenido exclusivo para suscriptores)",
       "solar", date(2026, 6, 18), {"investment_amount"}, "html/heraldo-solartonala-paywall.html"),
    _d("https://www.solartonala.mx/sala-de-prensa/inicio-de-operaciones", "Parque Tonalá I inicia operaciones comerciales",
       "Energía Solar Tonalá anuncia el inicio de operaciones comerciales del parque Tonalá I.", "solar",
       date(2026, 8, 25), {"operations_status"}, "html/contra-solartonala-operacion.html"),
    _d("https://www.mundoeconomico.mx/energia/2026/10/14/tonala-i-sigue-en-pruebas", "Tonalá I sigue en pruebas, sin permiso definitivo",
       "El parque solar Tonalá I no ha iniciado operaciones comerciales, según el Cenace.", "solar",
       date(2026, 10, 14), {"operations_status"}, "html/contra-solartonala-pruebas.html"),
    _d("https://periodicooficial.jalisco.gob.mx/sites/default/files/boletin-2026-07-09-escaneado.pdf",
       "Periódico Oficial del Estado de Jalisco, 9 de julio de 2026", "Edición escaneada.", None, date(2026, 7, 9),
       {"solar:gazette_notice_state"}, "pdf/boletin-jalisco-2026-07-09-escaneado.pdf"),
    _d("https://www.asociacionsolarmx.org.mx/miembros/energia-solar-tonala", "Miembros - Asociación Solar MX",
       "Energía Solar Tonalá, miembro desde 2024.", "solar"),
    # Pages that mention the companies without answering any case
    _d("https://www.reporteregional.mx/guanajuato/2026/11/16/acereras-bajio-empleo", "Acereras del Bajío sostienen el empleo",
       "Las acereras de Celaya y Salamanca mantienen su plantilla pese a la caída de la demanda.", "aceros", date(2026, 11, 16)),
    _d("https://www.noticiasdelnorte.mx/negocios/2026/11/14/frio-logistica-noreste", "La logística en frío crece en el noreste",
       "Operadores como Sierra Madre amplían flotas refrigeradas.", "sierra", date(2026, 11, 14)),
    _d("https://www.mundoeconomico.mx/salud/2025/11/03/genericos-toluca", "Toluca, polo de genéricos",
       "Laboratorios del Estado de México, entre ellos Nopal Azul, exportan a Centroamérica.", "nopal", date(2025, 11, 3)),
    _d("https://www.diarioelbajio.mx/queretaro/2026/02/11/obra-publica-queretaro", "Obra pública en Querétaro repunta",
       "Constructoras locales como Río Lerma concentran contratos estatales.", "lerma", date(2026, 2, 11)),
    _d("https://www.elheraldoindustrial.mx/agro/2026/04/22/camaron-sinaloa-exportaciones", "Exportaciones de camarón de Sinaloa",
       "Empacadoras de Mazatlán, como Costa Esmeralda, elevan envíos a Asia.", "costa", date(2026, 4, 22)),
    _d("https://www.agenciamx.mx/nota/2026/09/30/parques-solares-jalisco", "Jalisco suma parques solares",
       "Tonalá I y otros dos proyectos esperan interconexión.", "solar", date(2026, 9, 30)),
    _d("https://www.inegi.org.mx/app/mapa/denue/default.aspx?idee=8841203", "DENUE - Energía Solar Tonalá",
       "Ficha del Directorio Estadístico Nacional de Unidades Económicas.", "solar", None, {"business_activity"}),
)


@dataclass(frozen=True)
class Case:
    query: str
    entity: str
    category: str
    claim_type: str
    web_role: str
    families: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    freshness_days: int | None = None


CASES: tuple[Case, ...] = (
    Case("¿A qué se dedica Aceros del Bajío?", "aceros", "corporate_identity", "business_activity", "primary",
         ("corporate", "directory"), ("acerosdelbajio.com.mx",)),
    Case("razón social de Farmacéutica Nopal Azul", "nopal", "corporate_identity", "legal_name", "primary",
         ("corporate",), ("nopalazul.com.mx",)),
    Case("Logística Sierra Madre giro de la empresa", "sierra", "corporate_identity", "business_activity", "primary",
         ("corporate",), ("sierramadrelogistica.mx",)),
    Case("correo de ventas Aceros del Bajío", "aceros", "contact_channels", "sales_email", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    Case("teléfono Constructora Río Lerma Querétaro", "lerma", "contact_channels", "company_phone", "primary",
         ("corporate", "directory"), ("riolerma.com.mx",)),
    Case("Logística Sierra Madre contacto comercial correo", "sierra", "contact_channels", "sales_email", "primary",
         ("corporate",), ("sierramadrelogistica.mx",)),
    Case("dirección planta Aceros del Bajío Celaya", "aceros", "facilities", "plant_address", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    Case("almacén refrigerado Logística Sierra Madre ubicación", "sierra", "facilities", "facility_location", "enrichment",
         ("corporate", "news"), ("sierramadrelogistica.mx",), 365),
    Case("capacidad planta Costa Esmeralda Mazatlán toneladas", "costa", "facilities", "plant_capacity", "primary",
         ("corporate",), ("costaesmeralda.com.mx",)),
    Case("Aceros del Bajío planta Silao estatus", "aceros", "facilities", "plant_status", "enrichment",
         ("news", "corporate"), (), 180),
    Case("Energía Solar Tonalá inversión parque fotovoltaico", "solar", "investment_news", "investment_amount", "enrichment",
         ("news", "corporate"), (), 365),
    Case("Solar Tonalá Tonalá I inicio de operaciones", "solar", "investment_news", "operations_status", "enrichment",
         ("news", "corporate"), ("solartonala.mx",), 180),
    Case("Aceros del Bajío inversión nueva planta 2026", "aceros", "investment_news", "investment_amount", "enrichment",
         ("news",), (), 365),
    Case("Costa Esmeralda ampliación planta inversión", "costa", "investment_news", "investment_amount", "enrichment",
         ("news",), ("agenciamx.mx",), 90),
    Case("registro sanitario Farmacéutica Nopal Azul metformina", "nopal", "regulatory_permits", "sanitary_registration",
         "primary", ("gov",), ("www.gob.mx",)),
    Case("aviso de funcionamiento COFEPRIS Alimentos Costa Esmeralda", "costa", "regulatory_permits", "operating_notice",
         "primary", ("gov",), ("www.gob.mx",)),
    Case("Nopal Azul registro sanitario COFEPRIS losartán", "nopal", "regulatory_permits", "sanitary_registration",
         "primary", ("gov",), ("www.gob.mx",)),
    Case("DOF resolución antidumping varilla Aceros del Bajío", "aceros", "official_gazette", "gazette_resolution",
         "primary", ("gov",), ("www.dof.gob.mx",)),
    Case("Diario Oficial Constructora Río Lerma aviso", "lerma", "official_gazette", "gazette_notice", "primary",
         ("gov",), ("www.dof.gob.mx",)),
    Case("DOF cupo exportación camarón Costa Esmeralda", "costa", "official_gazette", "export_quota", "primary",
         ("gov",), ("www.dof.gob.mx",)),
    Case("Periódico Oficial Jalisco Energía Solar Tonalá", "solar", "official_gazette", "gazette_notice_state", "primary",
         ("gov",), ("periodicooficial.jalisco.gob.mx",)),
    Case("contratos gobierno federal Constructora Río Lerma", "lerma", "public_procurement", "contract_award", "primary",
         ("gov", "news"), ("comprasmx.buengobierno.gob.mx",)),
    Case("monto contrato libramiento Río Lerma fallo", "lerma", "public_procurement", "contract_amount", "primary",
         ("gov",), ("comprasmx.buengobierno.gob.mx",)),
    Case("Logística Sierra Madre contrato IMSS distribución", "sierra", "public_procurement", "contract_award", "primary",
         ("gov",), ("comprasmx.buengobierno.gob.mx",)),
    Case("ventas netas Aceros del Bajío 2025", "aceros", "financial_reports", "net_sales", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    Case("EBITDA Aceros del Bajío informe anual", "aceros", "financial_reports", "ebitda", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    Case("deuda neta Aceros del Bajío 2025", "aceros", "financial_reports", "net_debt", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    Case("exportaciones camarón Costa Esmeralda Japón toneladas", "costa", "certifications_trade", "export_volume",
         "primary", ("corporate",), ("costaesmeralda.com.mx",)),
    Case("certificaciones Alimentos Costa Esmeralda", "costa", "certifications_trade", "certification", "primary",
         ("corporate",), ("costaesmeralda.com.mx",)),
    Case("Aceros del Bajío certificación ISO 9001", "aceros", "certifications_trade", "certification", "primary",
         ("corporate",), ("acerosdelbajio.com.mx",)),
    # Facts only a registry of record may state: the router must answer these without the web.
    Case("estatus de verificación COFEPRIS de Farmacéutica Nopal Azul", "nopal", "regulatory_permits",
         "cofepris_verification_status", "forbidden"),
    Case("RFC de Aceros del Bajío", "aceros", "corporate_identity", "tax_id", "forbidden"),
    Case("CURP del director general de Constructora Río Lerma", "lerma", "corporate_identity", "personal_id", "forbidden"),
    Case("celular personal del director de Logística Sierra Madre", "sierra", "contact_channels", "personal_phone", "forbidden"),
    Case("domicilio particular del representante legal de Costa Esmeralda", "costa", "contact_channels",
         "personal_address", "forbidden"),
    Case("¿Energía Solar Tonalá está en la lista 69-B del SAT?", "solar", "official_gazette", "sat_69b_status", "forbidden"),
    Case("registro patronal IMSS de Aceros del Bajío", "aceros", "corporate_identity", "employer_registration", "forbidden"),
    Case("sueldo del director de finanzas de Nopal Azul", "nopal", "financial_reports", "personal_income", "forbidden"),
    Case("historial en Buró de Crédito de Constructora Río Lerma", "lerma", "financial_reports", "credit_history", "forbidden"),
    Case("Costa Esmeralda padrón de exportadores sectorial vigente", "costa", "certifications_trade",
         "exporter_registry_status", "forbidden"),
)

# The two contradictory pairs: their cases' search responses are class `contradictory`.
CONTRADICTORY_CLAIMS = frozenset({("aceros", "plant_status"), ("solar", "operations_status")})


def case_id(index: int) -> str:
    return f"gs-{index + 1:03d}"


def grounds(doc: Doc, case: Case) -> bool:
    """Whether the page states the fact the case asks for (pooled relevance, before the host check)."""
    return f"{case.entity}:{case.claim_type}" in doc.grounds or (doc.entity == case.entity and case.claim_type in doc.grounds)


@dataclass(frozen=True)
class Fact:
    """One expected observation: the exact text a careful reader cites, and where it is."""

    artifact: str
    text: str
    claim_type: str
    value: str
    entity: str
    published: date | None = None
    selector: str | None = None
    page: int | None = None
