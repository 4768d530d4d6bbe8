"""The red-envelope rain's wire (/tmp/brief's contract): money decimal strings, times epoch milliseconds,
ids integers. Money fields are read with parse_amount in the service, never as numbers."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.brands.defaults import SWITCHER_LANGUAGES
from server.http.core.envelope import WireModel
from server.minigames.rain.models import (
    DURATION_MAX,
    DURATION_MIN,
    ENVELOPES_MAX,
    FLAT_LIMIT_MAX,
    WAGER_MAX,
)

RainState = Literal["SCHEDULED", "OPEN", "CLOSED"]
LimitMode = Literal["FLAT", "VIP"]
Language = Literal[SWITCHER_LANGUAGES]  # type: ignore[valid-type]
Money = Field(max_length=20, description='A decimal string, "12.34"')
EpochMs = Field(ge=0, le=2**53)


class RainSessionOut(WireModel):
    id: int
    rain_id: int
    name: str = Field(description="In the request's language")
    state: RainState
    starts_at: int
    ends_at: int
    envelopes: int
    left: int
    budget: str
    min_amount: str
    seed_hash: str
    seed: str | None = Field(description="Null until the session is CLOSED")
    my_grabs: int | None = Field(description="Null for visitors")
    my_limit: int | None = Field(description="Null for visitors")
    my_won: str | None = Field(description="Null for visitors")


class RainGrabOut(WireModel):
    seq: int
    account: str
    amount: str
    at: int


class RainSessionDetailOut(RainSessionOut):
    rule: str = Field(description="How to recompute every envelope from the seed (English)")
    grabs: list[RainGrabOut] = Field(description="Every grab, by seq, once the session is CLOSED; else []")


class GrabIn(WireModel):
    pass


class GrabOut(WireModel):
    seq: int
    amount: str
    left: int
    my_grabs: int
    my_limit: int


# The console.
class RainIn(WireModel):
    name: dict[Language, str] = Field(min_length=1, description="EN required")
    enabled: bool = True
    daily_at: str = Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$", description="HH:MM, business time")
    duration_seconds: int = Field(ge=DURATION_MIN, le=DURATION_MAX)
    budget: str = Money
    envelopes: int = Field(ge=1, le=ENVELOPES_MAX)
    min_amount: str = Field(default="0.01", max_length=20)
    wager_multiple: int = Field(default=0, ge=0, le=WAGER_MAX)
    limit_mode: LimitMode = "FLAT"
    flat_limit: int = Field(default=1, ge=1, le=FLAT_LIMIT_MAX)
    vip_limits: dict[str, int] = Field(
        default_factory=dict,
        description='{"level": limit}; a member takes the highest level at or below theirs',
    )


class RainOut(WireModel):
    id: int
    name: dict[str, str]
    enabled: bool
    daily_at: str
    duration_seconds: int
    budget: str
    envelopes: int
    min_amount: str
    wager_multiple: int
    limit_mode: LimitMode
    flat_limit: int
    vip_limits: dict[str, int]


class RainListOut(WireModel):
    list: list[RainOut]


class SessionIn(WireModel):
    starts_at: int = EpochMs


class SessionAdminOut(WireModel):
    id: int
    rain_id: int
    starts_at: int
    ends_at: int
    state: RainState
    envelopes: int
    grabbed: int
    left: int
    budget: str
    paid: str
    seed_hash: str
    seed: str | None = Field(description="Only once the session is closed")


class SessionAdminPageOut(WireModel):
    list: list[SessionAdminOut]
    page: int
    page_size: int
    total: int


class SessionAdminGrabOut(WireModel):
    seq: int
    account: str = Field(description="The member's username, unmasked")
    amount: str
    at: int


class SessionAdminDetailOut(SessionAdminOut):
    grabs: list[SessionAdminGrabOut]
