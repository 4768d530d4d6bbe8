"""The VIP wire: money as "12.34", cashback rates as percent strings with two decimals ("0.80"), times as
epoch milliseconds."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from server.http.core.envelope import WireModel

Emblem = Literal["BRONZE", "SILVER", "GOLD", "PLATINUM", "DIAMOND", "CROWN"]
Language = Literal["EN", "CN", "JA", "TH", "VI", "PT", "TY"]
AmountText = Annotated[str, Field(max_length=24)]
RateText = Annotated[str, Field(max_length=8)]


class PerksOut(WireModel):
    upgrade_bonus: str
    monthly_bonus: str
    birthday_bonus: str
    wager_multiple: int
    cashback_rates: dict[str, str]
    daily_withdrawal_count: int | None
    daily_withdrawal_amount: str | None
    vip_chat: bool


class LevelOut(WireModel):
    level: int
    name: str
    emblem: str
    deposit_required: str
    turnover_required: str
    perks: PerksOut


class LevelsOut(WireModel):
    window_days: int
    levels: list[LevelOut]


class NextLevelOut(WireModel):
    level: int
    name: str
    deposit_required: str
    turnover_required: str


class MemberVipOut(WireModel):
    level: int
    name: str
    emblem: str
    deposits: str
    turnover: str
    window_days: int
    next: NextLevelOut | None
    promoted_at: int | None
    keep_until: int | None


class SettingsBody(WireModel):
    window_days: Annotated[int, Field(ge=1, le=365)]
    demote: bool
    grace_days: Annotated[int, Field(ge=0, le=365)]


class LevelBody(WireModel):
    """A level as staff write it (the level itself is the path's)."""

    names: Annotated[dict[Language, Annotated[str, Field(max_length=32)]], Field(min_length=1)]
    emblem: Emblem
    deposit_required: AmountText
    turnover_required: AmountText
    upgrade_bonus: AmountText = "0.00"
    monthly_bonus: AmountText = "0.00"
    birthday_bonus: AmountText = "0.00"
    wager_multiple: Annotated[int, Field(ge=0, le=100)] = 0
    cashback_rates: Annotated[dict[str, RateText], Field(max_length=16)] = Field(default_factory=dict)
    daily_withdrawal_count: Annotated[int, Field(ge=1, le=1000)] | None = None
    daily_withdrawal_amount: AmountText | None = None
    vip_chat: bool = False


class LevelAdminOut(WireModel):
    level: int
    names: dict[str, str]
    emblem: str
    deposit_required: str
    turnover_required: str
    upgrade_bonus: str
    monthly_bonus: str
    birthday_bonus: str
    wager_multiple: int
    cashback_rates: dict[str, str]
    daily_withdrawal_count: int | None
    daily_withdrawal_amount: str | None
    vip_chat: bool


class VipAdminOut(WireModel):
    settings: SettingsBody
    levels: list[LevelAdminOut]
