"""An invoice from a provider: what it actually charged over a period, to check reported cost against."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Invoice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    provider: str
    period_start: date
    period_end: date
    amount_usd: float = Field(ge=0)
    currency: Literal["USD"] = "USD"
    reference: str
