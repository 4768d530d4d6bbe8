"""The cashback wire: money as "12.34", rates as percent strings ("0.80"), times as epoch milliseconds."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from server.http.core.envelope import WireModel


class CashbackRowOut(WireModel):
    category: str
    turnover: str
    rate: str
    amount: str


class LastClaimOut(WireModel):
    amount: str
    at: int


class CashbackOut(WireModel):
    mode: str
    since: int
    until: int
    rows: list[CashbackRowOut]
    total: str
    last_claim: LastClaimOut | None


class ClaimIn(WireModel):
    """Nothing to say: the claim takes what accrued."""


class ClaimOut(WireModel):
    amount: str
    since: int
    until: int


class ClaimRowOut(WireModel):
    amount: str
    since: int
    until: int
    at: int
    auto: bool


class ClaimPageOut(WireModel):
    # Declared before `list`, whose name would otherwise shadow the type in this class's body.
    page: int
    page_size: int
    total: int
    list: list[ClaimRowOut]


class CashbackSettingsBody(WireModel):
    mode: Literal["MANUAL", "DAILY"]
    minimum: Annotated[str, Field(max_length=24)]
