"""Mailboxes a company publishes for a role, not a person (SPEC §3 keeps them: tier zero reads them).

The list follows mixmaxhq/role-based-email-addresses (its Spanish entries) plus the Mexican ones
research/security.md §A.7 found missing there, and the common English roles.
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
_SEPARATORS = re.compile(r"[._+-]")


def is_role_mailbox(local_part: str) -> bool:
    """`ventas@`, `ventas.mty@`, `atencion-clientes@`: the whole local part or its first word is a role."""
    local = local_part.lower()
    if local in ROLE_LOCAL_PARTS or local.replace(".", "").replace("-", "").replace("_", "") in ROLE_LOCAL_PARTS:
        return True
    return _SEPARATORS.split(local, 1)[0] in ROLE_LOCAL_PARTS
