"""The points calls' wire (SPEC §7 Points; /tmp/brief's contract): points are integers, money decimal strings,
times epoch milliseconds."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.brands.defaults import SWITCHER_LANGUAGES
from server.http.core.envelope import WireModel
from server.http.core.wire_types import WireId

ItemCategory = Literal["BONUS", "FREE_SPINS", "RAFFLE_TICKETS", "GOODS"]
RedeemStatus = Literal["IN_PROCESS", "APPROVED", "REJECTED"]
ItemStatus = Literal["AVAILABLE", "SOLD_OUT", "LIMIT_REACHED", "NOT_ENOUGH_POINTS", "DEPOSIT_REQUIRED"]
Reason = Literal["EARNED", "REDEEM", "REDEEM_REFUND", "CONVERT", "ADJUST", "MINIGAME"]
Category = Literal["LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS", "LOTT", "ELOTT"]
Language = Literal[SWITCHER_LANGUAGES]  # type: ignore[valid-type]
# Rates on the wire: points per 1.00 of valid turnover, two decimals ("0.70").
Rate = Field(pattern=r"^(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?$", max_length=6)
RequestId = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9._:-]+$")
Password = Field(max_length=32)
POINTS_MAX = 10**12  # a bound for every points figure a request carries


class PointsBalanceOut(WireModel):
    current: int
    changed: int = Field(description="Points added less points spent today (business day)")
    balance: str = Field(description="What `current` converts to")
    ratio: int = Field(description="Points per 1.00")


class PointsConfigOut(WireModel):
    ratio: int
    min_convert: int
    rates: dict[str, str] = Field(description="Points per 1.00 of valid turnover, per category")
    rounding: Literal["DOWN"] = "DOWN"
    expires: bool = False


class MallRewardOut(WireModel):
    id: int
    category: ItemCategory
    name: str
    description: str
    image_url: str | None
    points: int
    amount_required: str
    value: str | None = Field(
        description='BONUS: money ("5.00"); RAFFLE_TICKETS: a count ("10"); GOODS: null'
    )
    stock: int | None
    per_member: int | None
    redeemed: int
    status: ItemStatus


class MallRewardListOut(WireModel):
    list: list[MallRewardOut]


class MallRedeemIn(WireModel):
    item_id: WireId
    quantity: int = Field(ge=1, le=10)
    payment_password: str = Password
    request_id: str = RequestId
    address: str | None = Field(default=None, max_length=255)
    mobile: str | None = Field(default=None, max_length=32)


class MallRedeemOut(WireModel):
    id: int
    item_id: int
    item_name: str
    category: ItemCategory
    quantity: int
    points: int
    status: RedeemStatus
    address: str | None
    mobile: str | None
    reason: str | None
    created_at: int
    decided_at: int | None


class MallRedeemPageOut(WireModel):
    list: list[MallRedeemOut]
    page: int
    page_size: int
    total: int


class PointsConvertIn(WireModel):
    points: int = Field(ge=1, le=POINTS_MAX, strict=True)  # a number, never a string to coerce
    payment_password: str = Password
    request_id: str = RequestId


class PointsConvertOut(WireModel):
    points: int
    amount: str
    current: int


class PointsPostingOut(WireModel):
    id: int
    change: int
    balance: int
    reason: Reason
    reference: str
    created_at: int


class PointsPostingPageOut(WireModel):
    list: list[PointsPostingOut]
    page: int
    page_size: int
    total: int


# The console.
class PointsSettingsIO(WireModel):
    ratio: int = Field(ge=1, le=1_000_000)
    min_convert: int = Field(ge=1, le=1_000_000_000)
    rates: dict[Category, str] = Field(description='Points per 1.00 per category ("0.70"); absent: none')


class MallItemIn(WireModel):
    category: ItemCategory
    names: dict[Language, str] = Field(min_length=1)
    descriptions: dict[Language, str] = Field(default_factory=dict)
    image_url: str | None = Field(default=None, max_length=500)
    points: int = Field(ge=1, le=1_000_000_000)
    amount_required: str = Field(default="0.00", max_length=20)
    value: str | None = Field(default=None, max_length=20)
    stock: int | None = Field(default=None, ge=0, le=1_000_000_000)
    per_member: int | None = Field(default=None, ge=1, le=1_000_000)
    raffle_id: WireId | None = None
    active: bool = True
    sort: int = Field(default=0, ge=0, le=1_000_000)


class MallItemAdminOut(WireModel):
    id: int
    category: ItemCategory
    names: dict[str, str]
    descriptions: dict[str, str]
    image_url: str | None
    points: int
    amount_required: str
    value: str | None
    stock: int | None
    per_member: int | None
    raffle_id: int | None
    active: bool
    sort: int
    redeemed: int = Field(description="Units redeemed and not rejected")


class MallItemListOut(WireModel):
    list: list[MallItemAdminOut]


class MallRedeemAdminOut(MallRedeemOut):
    member_id: int
    username: str
    decided_by: int | None


class MallRedeemAdminPageOut(WireModel):
    list: list[MallRedeemAdminOut]
    page: int
    page_size: int
    total: int


class MallRedeemRejectIn(WireModel):
    reason: str = Field(min_length=1, max_length=200)
