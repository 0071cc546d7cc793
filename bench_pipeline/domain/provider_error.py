"""The one error type every adapter raises for a provider's error responses."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ProviderError(BaseModel):
    """What went wrong on a call, classified from the provider's real status, headers and body.

    `retryable` decides whether the client may try again; `retry_after_s` is the provider's own
    hint (header or body), honoured by the retry policy.
    """

    model_config = ConfigDict(extra="forbid")

    provider: str
    code: str            # e.g. rate_limited, plan_limit, server_error, overloaded, timeout, bad_request, auth
    status: int | None   # HTTP status; None for a timeout
    retryable: bool
    retry_after_s: float | None = None
    billed: bool = False  # whether the provider charges for this failed call
    message: str = ""
