"""A recorded HTTP exchange with a provider: the unit every provider fixture is made of
(docs/fixtures.md#exchange-files)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from bench_pipeline.domain.timestamps import UtcDatetime

Operation = Literal["search", "extract", "fetch"]


class _Body(BaseModel):
    """A body is JSON under `body`, text under `body_text`, or bytes under `body_b64` — at most one."""

    model_config = ConfigDict(extra="forbid")

    headers: dict[str, str] = {}
    body: Any = None
    body_text: str | None = None
    body_b64: str | None = None

    @field_validator("body_b64")
    @classmethod
    def _decodes(cls, value: str | None) -> str | None:
        """Checked when the file loads, so a damaged body is bad input naming this field, not a crash later
        when a reader asks for its bytes."""
        if value is not None:
            try:
                base64.b64decode(value, validate=True)
            except (binascii.Error, ValueError) as exc:
                raise ValueError(f"not valid base64 ({exc})") from None
        return value

    @model_validator(mode="after")
    def _one_body(self):
        present = [n for n in ("body", "body_text", "body_b64") if getattr(self, n) is not None]
        if len(present) > 1:
            raise ValueError(f"only one of body, body_text, body_b64 may be set (found {present})")
        return self

    def header(self, name: str) -> str | None:
        """Case-insensitive header lookup (HTTP header names are case-insensitive)."""
        lowered = name.lower()
        for key, value in self.headers.items():
            if key.lower() == lowered:
                return value
        return None

    def raw_bytes(self) -> bytes:
        """The body as bytes, whichever way it was stored."""
        if self.body_b64 is not None:
            return base64.b64decode(self.body_b64)
        if self.body_text is not None:
            return self.body_text.encode("utf-8")
        if self.body is not None:
            return json.dumps(self.body, ensure_ascii=False).encode("utf-8")
        return b""


class ExchangeRequest(_Body):
    method: Literal["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"]
    url: str


class ExchangeResponse(_Body):
    status: int


class Exchange(BaseModel):
    """One provider call as it happened. A timeout has `response: null` and `error: "timeout"`."""

    model_config = ConfigDict(extra="forbid")

    provider: str
    operation: Operation
    case_id: str | None = None
    captured_at: UtcDatetime
    elapsed_ms: float | None = None
    request: ExchangeRequest
    response: ExchangeResponse | None
    error: Literal["timeout", "connection_reset"] | None = None
    # For extract/fetch: which artifact under `_shared/` this exchange read (relative to the fixtures root).
    artifact: str | None = None

    @model_validator(mode="after")
    def _response_or_error(self):
        if self.response is None and self.error is None:
            raise ValueError("an exchange without a response must say why in `error`")
        if self.response is not None and self.error is not None:
            raise ValueError("an exchange cannot have both a response and an error")
        return self
