"""Replay one logical provider call through retry, circuit breaker and deadline on a virtual clock.

The script is the sequence of recorded exchanges that answer successive attempts; once it runs out,
its last exchange answers every further attempt (a provider stuck in one state)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.provider_error import ProviderError
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.results import ExtractPage, SearchPage
from bench_pipeline.providers.base import WireAdapter
from bench_pipeline.resilience.breaker import CircuitBreaker
from bench_pipeline.resilience.cancellation import CancelToken
from bench_pipeline.resilience.clock import VirtualClock
from bench_pipeline.resilience.cost import error_cost, total_cost
from bench_pipeline.providers.fetch import fetch_page
from bench_pipeline.resilience.partial import requested_urls
from bench_pipeline.resilience.retry import AttemptFailed, RetryPolicy, retrying


class Attempt(BaseModel):
    model_config = ConfigDict(extra="forbid")

    number: int
    started_at: float
    ended_at: float
    outcome: Literal["answered", "error", "timeout", "circuit_open"]
    error: ProviderError | None = None
    cost_usd: float | None
    exchange_index: int | None  # which exchange of the script answered; None when the breaker refused
    late_answer_discarded: bool = False


class CallOutcome(BaseModel):
    model_config = ConfigDict(extra="forbid")

    provider: str
    operation: str
    attempts: list[Attempt]
    delays_s: list[float]  # the waits between attempts, in order
    answered: bool
    error: ProviderError | None
    gave_up: Literal["not_retryable", "attempts", "budget"] | None
    page: SearchPage | ExtractPage | None
    cost_usd: float | None  # every attempt the provider bills, retries included

    @property
    def outcome(self) -> str:
        return "answered" if self.answered else f"error:{self.error.code}"


class ReplayClient:
    """One provider's client in replay. The breaker lives as long as the client, across calls."""

    def __init__(self, provider: str, adapter: WireAdapter, price: PriceTable, breaker: CircuitBreaker,
                 clock: VirtualClock, rng: random.Random, policy: RetryPolicy = RetryPolicy(), timeout_s: float = 10.0):
        self.provider = provider
        self.adapter = adapter
        self.price = price
        self.breaker = breaker
        self.clock = clock
        self.rng = rng
        self.policy = policy
        self.timeout_s = timeout_s

    def call(self, script: Sequence[Exchange]) -> CallOutcome:
        if not script:
            raise ValueError("a replayed call needs at least one exchange")
        operation = script[0].operation
        attempts: list[Attempt] = []
        first_sleep = len(self.clock.sleeps)
        try:
            page = retrying(self.policy, self.clock, self.rng)(self._attempt, script, attempts)
            error = None
        except AttemptFailed as failed:
            page, error = None, failed.error
        return CallOutcome(
            provider=self.provider,
            operation=operation,
            attempts=attempts,
            delays_s=self.clock.sleeps[first_sleep:],
            answered=error is None,
            error=error,
            gave_up=None if error is None else self._why_gave_up(error, attempts),
            page=page,
            cost_usd=total_cost(a.cost_usd for a in attempts),
        )

    def _attempt(self, script: Sequence[Exchange], attempts: list[Attempt]) -> SearchPage | ExtractPage:
        number, started = len(attempts) + 1, self.clock.now()
        if not self.breaker.allow():
            error = ProviderError(provider=self.provider, code="circuit_open", status=None, retryable=False,
                                  message=f"circuit open since {self.breaker.transitions[-1].at:g} s")
            attempts.append(Attempt(number=number, started_at=started, ended_at=started, outcome="circuit_open",
                                    error=error, cost_usd=0.0, exchange_index=None))
            raise AttemptFailed(error)
        index = min(sum(a.exchange_index is not None for a in attempts), len(script) - 1)
        exchange = script[index]
        source = f"{self.provider} {exchange.operation} exchange #{index} of the script"
        token = CancelToken(self.clock, self.timeout_s)
        never_answers = exchange.response is None and exchange.error == "timeout"
        arrival = None if never_answers else started + (exchange.elapsed_ms or 0.0) / 1000.0

        def record(outcome, error=None, cost=0.0, late=False):
            attempts.append(Attempt(number=number, started_at=started, ended_at=self.clock.now(), outcome=outcome,
                                    error=error, cost_usd=cost, exchange_index=index, late_answer_discarded=late))

        def fail(outcome, error, late=False):
            self.breaker.record_failure(error)
            record(outcome, error, error_cost(error, self.price, exchange.operation, self._url_count(exchange, source)), late)
            raise AttemptFailed(error)

        if arrival is None or arrival > token.deadline:
            self.clock.advance_to(token.deadline)
            token.check_deadline()
            late = arrival is not None and not token.deliver(exchange)
            fail("timeout", self._late_answer(exchange) if late else self.adapter.classify_error(exchange), late)
        self.clock.advance_to(arrival)
        token.deliver(exchange)
        if exchange.response is None or not 200 <= exchange.response.status < 300:
            fail("error", self.adapter.classify_error(exchange))
        page = self._parse(exchange, source)
        self.breaker.record_success()
        record("answered", cost=page.cost_usd)
        return page

    def _parse(self, exchange: Exchange, source: str) -> SearchPage | ExtractPage:
        if exchange.operation == "search":
            return self.adapter.parse_search(exchange, self.price, source)
        if exchange.operation == "extract":
            return self.adapter.parse_extract(exchange, self.price, requested_urls(self.adapter, exchange, source), source)
        return fetch_page(exchange)

    def _late_answer(self, exchange: Exchange) -> ProviderError:
        # The provider did the work and answered, only too late: a successful late answer is billed.
        served = exchange.response is not None and 200 <= exchange.response.status < 300
        return ProviderError(provider=self.provider, code="timeout", status=None, retryable=True, billed=served,
                             message=f"answer after {exchange.elapsed_ms:g} ms, past the {self.timeout_s:g} s deadline: discarded")

    def _url_count(self, exchange: Exchange, source: str) -> int:
        return len(requested_urls(self.adapter, exchange, source)) if exchange.operation == "extract" else 1

    def _why_gave_up(self, error: ProviderError, attempts: list[Attempt]) -> str:
        if not error.retryable:
            return "not_retryable"
        return "attempts" if len(attempts) >= self.policy.max_attempts else "budget"
