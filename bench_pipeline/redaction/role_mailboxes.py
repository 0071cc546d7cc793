"""Mailboxes a company publishes for a role, not a person (kept: the agent's first tier reads them;
docs/fixtures.md#what-is-kept).

The list follows mixmaxhq/role-based-email-addresses (its Spanish entries) plus Mexican ones missing
there, and the common English roles.
"""

from __future__ import annotations

import re

ROLE_LOCAL_PARTS = frozenset({
    # Spanish / Mexico
    "contacto", "ventas", "facturacion", "soporte", "atencionalcliente", "atencion", "rrhh",
    "recursoshumanos", "compras", "administracion", "contabilidad", "gerencia", "direccion",
    "informacion", "informes", "info", "proveedores", "reservaciones", "servicioalcliente", "sistemas",
    "recepcion", "secretaria", "tesoreria", "comercial", "cobranza", "licitaciones", "transparencia",
    "prensa", "comunicacion", "comunicacionsocial", "inversionistas", "relacionconinversionistas",
    "juridico", "legal", "calidad", "exportaciones", "mercadotecnia", "marketing", "clientes",
    "denuncias", "quejas", "unidaddetransparencia", "oficialia", "oficialiadepartes",
    # English
    "sales", "support", "contact", "help", "hello", "hr", "jobs", "careers", "billing", "accounts",
    "admin", "office", "press", "media", "investors", "ir", "privacy", "security", "abuse",
    "webmaster", "postmaster", "hostmaster", "noreply", "no-reply", "donotreply", "team",
    "service", "customerservice", "feedback", "enquiries", "inquiries", "partners",
})
# Word beginnings of the departments, services and duties a mailbox is named for (Spanish and
# English), so plural and compound names (`pedidos`, `servicios.escolares`, `reclutamiento`) need no
# entry each. Five letters or more: no first name begins with one of them.
ROLE_STEMS = (
    "pedido", "orden", "derecho", "distribu", "servicio", "grupos", "reserva", "admisi", "escolar", "reclut", "aclaraci",
    "datospersonales", "privacidad", "atenci", "client", "factura", "soport", "contact", "informa", "proveed", "cobranz",
    "tesorer", "licitac", "comunica", "inversion", "juridic", "export", "import", "mercado", "denuncia", "queja", "oficial",
    "nomina", "empleo", "vacante", "talento", "capacita", "logistic", "almacen", "envios", "embarque", "garantia",
    "devoluci", "refacci", "cotiza", "pagos", "cuentas", "credito", "seguros", "siniestro", "poliza", "citas", "eventos",
    "donativo", "voluntar", "alumnos", "egresado", "posgrado", "coordina", "secretar", "recepci", "gerenc", "presiden",
    "redacci", "noticia", "suscrip", "publicidad", "anuncio", "tienda", "ayuda", "dudas", "buzon", "sugerencia",
    "cumplimiento", "auditor", "consulta", "asesor", "tramite", "permiso", "licencia", "compra", "venta", "sistema",
    "orders", "booking", "admission", "recruit", "hiring", "rights", "permission", "licens", "wholesale", "shipping",
    "returns", "warranty", "payment", "invoice", "account", "event", "donat", "newsletter", "editor", "advert",
    "complian", "ethics", "general", "reception", "frontdesk", "concierge", "custom", "student", "alumni", "procure",
    "purchas", "supplier", "vendor", "quality", "export", "marketing", "commun", "career", "support", "contact",
)
# Mailboxes named for a body, not a person: ARCO requests, the UNE (Unidad Especializada de Atención).
_SHORT_ROLES = frozenset({"arco", "une", "ups", "cat", "cac"})
_SEPARATORS = re.compile(r"[._+-]")


def is_role_mailbox(local_part: str) -> bool:
    """`ventas@`, `ventas.mty@`, `atencion-clientes@`: the whole local part or its first word is a
    role, or begins like one (`pedidos@`, `servicios.escolares@`)."""
    local = local_part.lower()
    if local in ROLE_LOCAL_PARTS or local.replace(".", "").replace("-", "").replace("_", "") in ROLE_LOCAL_PARTS:
        return True
    first = _SEPARATORS.split(local, 1)[0]
    return first in ROLE_LOCAL_PARTS or first in _SHORT_ROLES or first.startswith(ROLE_STEMS)
