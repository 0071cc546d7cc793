"""Resilience on provider calls: retry, circuit breaker, cancellation, partials and cost — on a virtual clock in replay."""
