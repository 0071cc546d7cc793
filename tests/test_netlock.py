"""The network lock: replay mode reaches loopback only, and says which host it refused."""

from __future__ import annotations

import socket
import threading

import dagster as dg
import httpx
import pytest

from bench_pipeline.defs.resources import ReplayTransport
from bench_pipeline.transport import netlock
from bench_pipeline.transport.netlock import NetworkLockedError

PUBLIC = "93.184.216.34"  # a public address; the lock refuses before any packet leaves


def test_suite_runs_locked():
    assert netlock.is_engaged()


@pytest.mark.parametrize("attempt", [
    lambda: socket.create_connection((PUBLIC, 443), timeout=1),
    lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).connect((PUBLIC, 80)),
    lambda: socket.getaddrinfo("api.tavily.com", 443),
    lambda: socket.gethostbyname("api.exa.ai"),
])
def test_public_connections_and_dns_are_refused(attempt):
    with pytest.raises(NetworkLockedError, match="network lock: refused"):
        attempt()


def test_http_client_error_names_the_host():
    with pytest.raises(httpx.ConnectError, match="api.search.brave.com"):
        httpx.get("https://api.search.brave.com/res/v1/web/search")


def test_loopback_is_allowed():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    accepted = threading.Thread(target=lambda: server.accept()[0].close())
    accepted.start()
    socket.create_connection(("localhost", port), timeout=2).close()
    accepted.join(timeout=2)
    server.close()


@pytest.mark.parametrize("host", ["127.0.0.1", "127.8.9.10", "::1", "localhost", "[::1]", "svc.localhost"])
def test_loopback_names(host):
    assert netlock.is_loopback(host)


@pytest.mark.parametrize("host", ["10.0.0.1", "192.168.1.1", "8.8.8.8", "example.com", "localhost.example.com"])
def test_non_loopback_names(host):
    assert not netlock.is_loopback(host)


def test_asset_opening_a_public_socket_fails_with_the_lock_error():
    netlock.release()  # prove the replay resource itself engages the lock, not the suite's fixture
    try:
        assert not netlock.is_engaged()

        @dg.asset
        def leaky_asset(replay: ReplayTransport) -> None:
            socket.create_connection((PUBLIC, 443), timeout=1)

        result = dg.materialize([leaky_asset], resources={"replay": ReplayTransport()}, raise_on_error=False)
        assert not result.success
        (failure,) = result.get_step_failure_events()
        error, messages = failure.step_failure_data.error, []
        while error is not None:
            messages.append(error.message)
            error = error.cause
        assert any("network lock: refused connection to '93.184.216.34'" in m for m in messages), messages
        assert not netlock.is_engaged(), "the resource must release the lock after the step"
    finally:
        netlock.engage()
