"""The network lock (docs/operations.md#network-lock): while engaged, any non-loopback connection or DNS lookup raises.

A benchmark that sometimes reaches the network measures the day, not the provider. The lock
patches the socket module's entry points (connect, create_connection, DNS) so that the mistake
is loud and names the host, whatever HTTP library made it.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from contextlib import contextmanager

_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
_state_lock = threading.Lock()
_depth = 0
_originals: dict[str, object] = {}


class NetworkLockedError(ConnectionRefusedError):
    """Raised for any attempt to reach a non-loopback address while the lock is on."""

    def __init__(self, host: object, what: str):
        self.host = str(host)
        super().__init__(
            f"network lock: refused {what} to {self.host!r} — replay mode allows loopback only; "
            "only `bench capture` may go live"
        )


def is_loopback(host: object) -> bool:
    if host is None:
        return False
    name = host.decode() if isinstance(host, bytes) else str(host)
    name = name.strip("[]").lower()
    if name in _LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _host_of(address: object) -> object:
    if isinstance(address, tuple) and address:
        return address[0]
    return address  # AF_UNIX paths are strings or bytes


def _guard(family: int, address: object, what: str) -> None:
    if family == getattr(socket, "AF_UNIX", None):
        return  # local IPC, not the network
    host = _host_of(address)
    if not is_loopback(host):
        raise NetworkLockedError(host, what)


def _patched_connect(self, address):
    _guard(self.family, address, "connect")
    return _originals["connect"](self, address)


def _patched_connect_ex(self, address):
    _guard(self.family, address, "connect")
    return _originals["connect_ex"](self, address)


def _patched_create_connection(address, *args, **kwargs):
    _guard(socket.AF_INET, address, "connection")
    return _originals["create_connection"](address, *args, **kwargs)


def _patched_getaddrinfo(host, *args, **kwargs):
    if host is not None and not is_loopback(host):
        raise NetworkLockedError(host, "DNS lookup")
    return _originals["getaddrinfo"](host, *args, **kwargs)


def _patched_gethostbyname(host):
    if not is_loopback(host):
        raise NetworkLockedError(host, "DNS lookup")
    return _originals["gethostbyname"](host)


_PATCHES = {
    ("socket", "connect"): _patched_connect,
    ("socket", "connect_ex"): _patched_connect_ex,
    ("module", "create_connection"): _patched_create_connection,
    ("module", "getaddrinfo"): _patched_getaddrinfo,
    ("module", "gethostbyname"): _patched_gethostbyname,
}


def engage() -> None:
    """Turn the lock on (re-entrant: it stays on until every engage has been released)."""
    global _depth
    with _state_lock:
        _depth += 1
        if _depth > 1:
            return
        for (where, name), patched in _PATCHES.items():
            owner = socket.socket if where == "socket" else socket
            _originals[name] = getattr(owner, name)
            setattr(owner, name, patched)


def release() -> None:
    global _depth
    with _state_lock:
        if _depth == 0:
            return
        _depth -= 1
        if _depth > 0:
            return
        for (where, name) in _PATCHES:
            owner = socket.socket if where == "socket" else socket
            setattr(owner, name, _originals.pop(name))


def is_engaged() -> bool:
    return _depth > 0


@contextmanager
def network_locked():
    engage()
    try:
        yield
    finally:
        release()
