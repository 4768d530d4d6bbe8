"""The wire of the member's protection calls (/wps/protection): money as decimal strings, times as epoch
milliseconds. The console's member detail answers the same ProtectionOut."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.http.core.envelope import WireModel

LimitKind = Literal["DEPOSIT", "LOSS", "WAGER"]
Period = Literal["DAY", "WEEK", "MONTH"]
ExclusionKind = Literal["TIME_OUT", "SELF_EXCLUSION", "CLOSED"]
Millis = Field(ge=0, le=2**53)


class ProtectionPendingOut(WireModel):
    amount: str | None = Field(description="The new limit; null: the limit's removal")
    effective_at: int


class ProtectionLimitOut(WireModel):
    kind: LimitKind
    period: Period
    amount: str | None
    used: str = Field(description="Deposits, net loss (stakes - wins) or stakes so far this period")
    left: str | None
    pending: ProtectionPendingOut | None


class ProtectionSessionPendingOut(WireModel):
    minutes: int | None
    effective_at: int


class ProtectionExclusionOut(WireModel):
    kind: ExclusionKind
    since: int = Field(alias="from")
    until: int | None = Field(description="null: it never ends")


class ProtectionOut(WireModel):
    limits: list[ProtectionLimitOut]
    session_minutes: int | None
    session_pending: ProtectionSessionPendingOut | None
    reality_check_minutes: int
    reality_check_choices: list[int]
    exclusion: ProtectionExclusionOut | None
    time_out_days: list[int]
    self_exclusion_months: list[int]


class ProtectionLimitIn(WireModel):
    kind: LimitKind
    period: Period
    amount: str | None = Field(max_length=20, description="null removes the limit (after 24 hours)")


class ProtectionSessionLimitIn(WireModel):
    minutes: int | None = Field(ge=15, le=1440)


class ProtectionRealityCheckIn(WireModel):
    minutes: int = Field(ge=1, le=1440)


class ProtectionExclusionIn(WireModel):
    kind: Literal["TIME_OUT", "SELF_EXCLUSION"]
    days: int | None = Field(default=None, ge=1, le=42)
    months: int | None = Field(default=None, ge=1, le=60)
    password: str = Field(min_length=1, max_length=128)


class ProtectionClosureIn(WireModel):
    password: str = Field(min_length=1, max_length=128)


class ProtectionPlaySessionOut(WireModel):
    started_at: int
    staked: str
    won: str
    net: str = Field(description="won - staked: negative when the member is down")
    reality_check_minutes: int
    session_ends_at: int | None


class ProtectionWithdrawRemainingIn(WireModel):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=128)
    payment_password: str = Field(min_length=1, max_length=128)
    request_id: str = Field(min_length=1, max_length=64)
    captcha: str | None = Field(default=None, max_length=16)


class ProtectionWithdrawRemainingOut(WireModel):
    order_no: str
    amount: str
