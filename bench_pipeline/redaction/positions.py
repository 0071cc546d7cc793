"""Secrets recognized by where they sit: header names, query parameters and JSON keys.

Names are compared after lower-casing and dropping `-`/`_`, so `X-API-Key`, `x_api_key` and
`apiKey` are one name (VCR.py's filters miss these variants).
"""

from __future__ import annotations

import re

# Credentials and the provider account / organization / session ids.
_SECRET_NAMES = frozenset({
    "authorization", "proxyauthorization", "auth", "cookie", "setcookie", "xapikey", "apikey", "key",
    "xsubscriptiontoken", "xgoogapikey", "token", "accesstoken", "refreshtoken", "idtoken", "authtoken",
    "xauthtoken", "xaccesstoken", "clientsecret", "secret", "password", "passwd", "signature", "sig",
    "session", "sessionid", "sessiontoken", "xsessionid", "xprojectid", "xtavilyorgid", "xhumanid",
    "openaiorganization", "openaiproject", "xorganizationid", "organizationid", "orgid", "accountid",
    "accountemail", "projectid", "userid",
})
_SECRET_SUFFIXES = ("apikey", "secret", "password", "authtoken", "accesstoken", "sessionid")


def normalized(name: str) -> str:
    return re.sub(r"[-_\s]", "", name.lower())


def is_secret_name(name: str) -> bool:
    """A header, query parameter or JSON key whose value is a credential or an account id."""
    norm = normalized(name)
    return norm in _SECRET_NAMES or norm.endswith(_SECRET_SUFFIXES)
