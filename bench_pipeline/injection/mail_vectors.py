"""E-mail messages (RFC 5322 / MIME, read with the standard library's `email` package).

A mail client shows the subject and the senders' and recipients' names, then one body: of a
`multipart/alternative`, the last part it can show (HTML over plain text). That body is read as a
document of its own — an HTML body's hidden elements are hidden there too. The alternatives it
does not show are `email_unseen_part`: a plain-text part that says something else than the HTML
beside it is text nobody reads. Every other header is metadata (`meta_tag`); attachments and
attached messages are documents of their own.
"""

from __future__ import annotations

import email
import re
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses

from bench_pipeline.injection.channels import Channel, Nested

# Header names that mark the start of a message (RFC 5322 and its transport headers).
MAIL_HEADERS = frozenset({
    "from", "to", "cc", "bcc", "subject", "date", "message-id", "received", "return-path", "mime-version",
    "delivered-to", "reply-to", "sender", "in-reply-to", "references", "dkim-signature", "x-mailer",
    "authentication-results", "content-type", "user-agent", "list-id",
})
_ORIGIN = frozenset({"from", "received", "return-path", "delivered-to", "message-id", "mime-version"})
_SHOWN_HEADERS = ("subject",)
_ADDRESS_HEADERS = ("from", "to", "cc", "reply-to", "sender")
_HEADER = re.compile(rb"^([A-Za-z][A-Za-z0-9-]*):", re.MULTILINE)
_SHOWABLE = ("text/html", "text/plain", "text/markdown", "text/enriched")


def looks_like_mail(head: bytes) -> bool:
    """A header block first (its first line a header), naming at least two mail headers, one of
    which only a message carries."""
    block = re.split(rb"\r?\n\r?\n", head, maxsplit=1)[0]
    if not _HEADER.match(block):
        return False
    names = {name.decode("ascii").lower() for name in _HEADER.findall(block)}
    return len(names & MAIL_HEADERS) >= 2 and bool(names & _ORIGIN)


def mail_parts(data: bytes) -> list[Channel | Nested]:
    message = email.message_from_bytes(data, policy=policy.default)
    if not message.keys():
        raise ValueError("an e-mail message with no headers")
    shown = [str(message.get(name, "")) for name in _SHOWN_HEADERS if message.get(name)]
    for name in _ADDRESS_HEADERS:
        addresses = getaddresses([str(value) for value in message.get_all(name, [])])
        shown += [display for display, _ in addresses if display]
    parts: list[Channel | Nested] = [Channel("system_imitation", "\n".join(shown))] if shown else []
    parts += [Channel("meta_tag", str(value)) for name, value in message.items()
              if name.lower() not in _SHOWN_HEADERS + _ADDRESS_HEADERS and len(str(value).split()) >= 2]
    parts += _body_parts(message, seen=True)
    return parts


def _body_parts(part: EmailMessage, seen: bool) -> list[Nested]:
    where = None if seen else "email_unseen_part"
    kind = part.get_content_type()
    if part.is_multipart() and kind != "message/rfc822":
        children = list(part.iter_parts())
        if kind == "multipart/alternative":
            shown = _preferred(children)
            return [item for child in children for item in _body_parts(child, seen and child is shown)]
        return [item for child in children for item in _body_parts(child, seen)]
    if kind == "message/rfc822":
        attached = part.get_payload()
        inner = attached[0] if isinstance(attached, list) else attached
        return [Nested(inner.as_bytes(), where, "email")]
    payload = _payload(part)
    if payload is None:
        return []
    if kind == "text/html":
        return [Nested(payload, where, "html")]
    if kind.startswith("text/") and part.get_content_disposition() != "attachment":
        return [Nested(payload, where, "text")]
    return [Nested(payload, where)]  # an attachment: whatever document it is


def _preferred(children: list[EmailMessage]) -> EmailMessage | None:
    """The alternative a client shows: the last one of a type it can show (RFC 2046, 5.1.4)."""
    showable = [child for child in children if child.get_content_type() in _SHOWABLE or child.is_multipart()]
    return showable[-1] if showable else None


def _payload(part: EmailMessage) -> bytes | None:
    if part.get_content_maintype() == "text":
        try:
            return part.get_content().encode("utf-8")
        except (LookupError, UnicodeError, KeyError):
            pass
    data = part.get_payload(decode=True)
    return data if isinstance(data, bytes) and data else None
