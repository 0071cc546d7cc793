"""The `conformance` block of report.json (docs/method.md#conformance): what a provider's error fixtures show about
retry (429), retry and circuit breaker (5xx), cancellation (timeout) and honest partials.

Each check replays the provider's own fixtures through the real machinery on a fresh virtual clock
with an RNG seeded from the provider and the check, so a verdict is the same on every run."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from bench_pipeline.domain.exchange import Exchange
from bench_pipeline.domain.providers_config import PriceTable
from bench_pipeline.domain.report import Conformance
from bench_pipeline.providers.base import WireAdapter
from bench_pipeline.resilience.breaker import BreakerSettings, CircuitBreaker
from bench_pipeline.resilience.cancellation import CancelToken
from bench_pipeline.resilience.clock import VirtualClock
from bench_pipeline.resilience.partial import PartialAssessment, assess_partial, merge_pages, read_call
from bench_pipeline.resilience.replay_client import CallOutcome, ReplayClient
from bench_pipeline.resilience.retry import RetryPolicy

CHECK_CLASSES = {"rate_limit": "429", "server_error": "5xx", "timeout": "timeout", "partial": "partial"}


class ConformanceSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    policy: RetryPolicy = RetryPolicy()
    breaker: BreakerSettings = BreakerSettings()
    timeout_s: float = 10.0


def conformance_for(provider: str, exchanges_by_class: Mapping[str, Sequence[Exchange]], adapter: WireAdapter,
                    price: PriceTable, settings: ConformanceSettings = ConformanceSettings()) -> dict[str, Conformance]:
    """The four verdicts for one provider. `exchanges_by_class` maps manifest classes (`429`, `5xx`,
    `timeout`, `partial`, `results`) to that provider's exchanges; a missing class is judged null."""
    judge = _Judge(provider, exchanges_by_class, adapter, price, settings)
    verdicts = {}
    for check, fixture_class in CHECK_CLASSES.items():
        exchanges = list(exchanges_by_class.get(fixture_class, ()))
        verdicts[check] = getattr(judge, check)(exchanges) if exchanges else Conformance(
            passed=None, detail=f"no {fixture_class} fixture")
    return verdicts


def partial_assessments(exchanges: Sequence[Exchange], adapter: WireAdapter, price: PriceTable) -> list[PartialAssessment]:
    """Truth against claim for the partial fixture: one logical request, recorded as one batch call
    (Tavily, Exa, Firecrawl) or as one call per URL (Serper's scrape, plain page fetches)."""
    requested, pages = [], []
    for index, exchange in enumerate(exchanges):
        urls, page = read_call(exchange, adapter, price, f"{exchange.provider} partial exchange #{index}")
        requested += urls
        pages.append(page)
    return [assess_partial(requested, merge_pages(pages))] if pages else []


def conformance_rows(provider: str, verdicts: Mapping[str, Conformance]) -> list[dict]:
    """The conformance table: one row per provider and check."""
    return [{"provider": provider, "check": check, "passed": v.passed, "detail": v.detail} for check, v in verdicts.items()]


def delays_within_bounds(outcome: CallOutcome, policy: RetryPolicy) -> bool:
    """Each wait lies in [hint, hint + jitter ceiling] for the failure that preceded it."""
    for failures, (attempt, delay) in enumerate(zip(outcome.attempts, outcome.delays_s), start=1):
        low, high = policy.delay_bounds(failures, attempt.error.retry_after_s)
        if not low <= delay <= high:
            return False
    return True


class _Judge:
    def __init__(self, provider: str, exchanges_by_class: Mapping[str, Sequence[Exchange]], adapter: WireAdapter,
                 price: PriceTable, settings: ConformanceSettings):
        self.provider, self.adapter, self.price, self.settings = provider, adapter, price, settings
        self.answers = [e for e in exchanges_by_class.get("results", ()) if _is_success(e)]
        self.answers += [e for e in exchanges_by_class.get("partial", ()) if _is_success(e)]

    def client(self, check: str) -> ReplayClient:
        clock = VirtualClock()
        return ReplayClient(self.provider, self.adapter, self.price, CircuitBreaker(self.provider, clock, self.settings.breaker),
                            clock, random.Random(f"{self.provider}:{check}"), self.settings.policy, self.settings.timeout_s)

    def answer_for(self, exchange: Exchange) -> Exchange | None:
        """A recorded success to follow an error with, preferably of the same operation."""
        same = [e for e in self.answers if e.operation == exchange.operation]
        return (same or self.answers or [None])[0]

    def rate_limit(self, exchanges: list[Exchange]) -> Conformance:
        details = []
        for exchange in exchanges:
            error = self.adapter.classify_error(exchange)
            if not error.retryable:
                return Conformance(passed=False, detail=f"{_status(exchange)} classified {error.code}, not retryable")
            answer = self.answer_for(exchange)
            outcome = self.client("rate_limit").call([exchange, answer] if answer else [exchange])
            if not delays_within_bounds(outcome, self.settings.policy):
                return Conformance(passed=False, detail=f"waits {_secs(outcome.delays_s)} outside the backoff bounds")
            hint = "no retry hint, backoff only" if error.retry_after_s is None else f"hint {error.retry_after_s:g} s honoured"
            ending = "answered" if outcome.answered else f"gave up ({outcome.gave_up})"
            details.append(f"{_status(exchange)} {error.code}: {hint}, {len(outcome.attempts)} attempts, waits {_secs(outcome.delays_s)}, {ending}")
        return Conformance(passed=True, detail="; ".join(details))

    def server_error(self, exchanges: list[Exchange]) -> Conformance:
        for exchange in exchanges:
            error = self.adapter.classify_error(exchange)
            if not error.retryable:
                return Conformance(passed=False, detail=f"{_status(exchange)} classified {error.code}, not retryable")
        client = self.client("server_error")
        threshold = self.settings.breaker.failure_threshold
        first = client.call(exchanges)
        if self.settings.policy.max_attempts > 1 and len(first.attempts) < 2:
            return Conformance(passed=False, detail=f"not retried: {first.outcome} after one attempt")
        failures = sum(a.outcome == "error" for a in first.attempts)
        while client.breaker.state == "closed" and failures < threshold:
            failures += sum(a.outcome == "error" for a in client.call(exchanges[-1:]).attempts)
        refused = client.call(exchanges[-1:]).attempts[0].outcome == "circuit_open"
        if client.breaker.state != "open" or failures != threshold or not refused:
            return Conformance(passed=False, detail=f"breaker {client.breaker.state} after {failures} failures (threshold {threshold})")
        client.clock.advance_to(client.clock.now() + self.settings.breaker.cooldown_s)
        answer = self.answer_for(exchanges[0])
        if answer is None:
            return Conformance(passed=None, detail=f"retried, breaker opened after {threshold} failures; recovery unverified: no 2xx fixture")
        client.call([answer])
        path = " → ".join([client.breaker.transitions[0].from_state, *(t.to_state for t in client.breaker.transitions)])
        recovered = client.breaker.state == "closed"
        return Conformance(passed=recovered, detail=f"{', '.join(_status(e) for e in exchanges)} retried ({len(first.attempts)} attempts); "
                                                         f"breaker opened after {threshold} failures: {path}")

    def timeout(self, exchanges: list[Exchange]) -> Conformance:
        for exchange in exchanges:
            if exchange.response is not None or exchange.error != "timeout":
                return Conformance(passed=False, detail=f"timeout fixture answers ({_status(exchange)}): not a timeout")
        exchange = exchanges[0]
        client = self.client("timeout")
        answer = self.answer_for(exchange)
        outcome = client.call([exchange, answer] if answer else [exchange])
        cut = outcome.attempts[0]
        if cut.outcome != "timeout" or cut.ended_at - cut.started_at != self.settings.timeout_s:
            return Conformance(passed=False, detail=f"attempt not cut at the {self.settings.timeout_s:g} s deadline")
        if not cut.error.retryable:
            return Conformance(passed=False, detail=f"timeout classified {cut.error.code}, not retryable")
        token = CancelToken(client.clock, self.settings.timeout_s)
        client.clock.advance_to(token.deadline)
        idempotent = token.check_deadline() and not token.cancel() and not token.cancel() and token.reason == "deadline"
        late_discarded = not token.deliver(answer or exchange) and len(token.discarded) == 1
        if not (idempotent and late_discarded):
            return Conformance(passed=False, detail="cancel() not idempotent or a late answer was accepted")
        ending = "answered on retry" if outcome.answered else f"gave up ({outcome.gave_up})"
        return Conformance(passed=True, detail=f"cut at {self.settings.timeout_s:g} s; cancel() twice harmless; late answer discarded; {ending}")

    def partial(self, exchanges: list[Exchange]) -> Conformance:
        assessments = partial_assessments(exchanges, self.adapter, self.price)
        details = [_partial_detail(a) for a in assessments]
        verdicts = [a.honest for a in assessments]
        passed = False if False in verdicts else (None if None in verdicts else True)
        return Conformance(passed=passed, detail="; ".join(details))


def _partial_detail(a: PartialAssessment) -> str:
    said = {None: "made no claim", True: "said partial", False: "said complete"}[a.provider_says_partial]
    verdict = {None: "unverifiable", True: "honest", False: "dishonest"}[a.honest]
    return f"{a.returned} of {a.requested} returned, missing {len(a.missing)}; provider {said}: {verdict}"


def _is_success(exchange: Exchange) -> bool:
    return exchange.response is not None and 200 <= exchange.response.status < 300


def _status(exchange: Exchange) -> str:
    return str(exchange.response.status) if exchange.response is not None else exchange.error or "no response"


def _secs(delays: list[float]) -> str:
    return "[" + ", ".join(f"{d:.2f}" for d in delays) + "] s"
