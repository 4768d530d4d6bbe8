"""The wire shapes of promotions: what the portal reads (cards, detail, rewards, wagering) and what the
console reads and writes (PromotionIn, PromotionAdminOut, entries, wagering weights). Portal times are
milliseconds since 1970 (as notices'); console times are ISO date-times (as the console's other forms)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, model_validator

from server.content.texts import TextOut, Texts
from server.http.core.envelope import WireModel
from server.http.core.wire_types import IsoDateTime
from server.minigames.prizes.schemas import MiniGamePrizeOut
from server.promotions.kinds import ParamsIn, ParamsOut, TaskType, WagerCategory
from server.promotions.raffle_schemas import RaffleOut

Kind = Literal[
    "SIGNUP",
    "FIRST_DEPOSIT",
    "RELOAD",
    "CHECKIN",
    "TURNOVER_TIERS",
    "LOSS_REBATE",
    "MISSION",
    "RAFFLE",
    "APPLICATION",
]
Category = Literal["NEW_MEMBER", "DEPOSIT", "DAILY", "CASINO", "SPORTS", "OTHER"]
CATEGORY_ORDER = ("NEW_MEMBER", "DEPOSIT", "DAILY", "CASINO", "SPORTS", "OTHER")
Status = Literal[
    "JOIN",
    "CLAIM",
    "CLOSE",
    "COMING_SOON",
    "CLAIMED",
    "ISSUED",
    "SIGNED",
    "JOINED",
    "PROCESS",
    "APPLYING",
    "REJECTED",
]
Action = Literal["LOGIN", "JOIN", "CLAIM", "CHECKIN", "DEPOSIT", "APPLY"]
EntryStatus = Literal["JOINED", "CLAIMABLE", "CLAIMED", "ISSUED", "EXPIRED", "APPLYING", "REJECTED"]


# --- the portal ---------------------------------------------------------------------------------------


class PromotionCardOut(WireModel):
    id: int
    kind: Kind
    category: Category
    title: str
    image_url: str | None
    starts_at: int = Field(description="Milliseconds since 1970")
    ends_at: int | None = Field(description="Milliseconds since 1970; none: open-ended")
    period: str | None = Field(description="A reload bonus's period: DAILY, WEEKLY, SEMIMONTHLY or MONTHLY")
    status: Status = Field(description="SPEC §4's activity state for the reader")
    action: Action | None = Field(description="What the button does; none: nothing to press")


class PromotionListOut(WireModel):
    categories: list[Category] = Field(description="The categories that have promotions, for the tabs")
    list: list[PromotionCardOut]


class RewardOut(WireModel):
    id: int
    promotion_id: int
    promotion_title: str
    kind: Kind
    status: EntryStatus
    amount: str = Field(description="The reward; 0.00 while a joined deposit bonus waits for its deposit")
    deposit_amount: str | None
    streak: int = Field(description="A check-in's day in its streak; 0 otherwise")
    created_at: int
    claim_by: int | None
    paid_at: int | None
    remark: str | None = Field(default=None, description="An application's remark")
    images: int = Field(default=0, description="How many pictures an application has")
    review_reason: str | None = Field(default=None, description="A rejected application: the reason")


class ProgressOut(WireModel):
    """A periodic promotion's figures for the reader in the period running now."""

    starts_at: int
    ends_at: int
    turnover: str = Field(description="Valid turnover so far: stakes of settled real-money rounds")
    loss: str = Field(description="Stakes less wins so far; negative when the member is ahead")
    reward: str = Field(description="What the period would pay if it closed now")


class TaskProgressOut(WireModel):
    index: int
    type: TaskType
    target: str = Field(description='A count ("5") or an amount ("100.00")')
    category: WagerCategory | None
    progress: str = Field(description="Counted so far, in the target's unit; never above it")
    done: bool
    claimed: bool
    reward: str | None = Field(description="Bonus money its claim pays")
    tickets: int | None = Field(description="Tickets of raffleId its claim gives")
    raffle_id: int | None


class MissionOut(WireModel):
    promotion: PromotionCardOut
    period_key: str
    starts_at: int
    ends_at: int | None
    tasks: list[TaskProgressOut]
    leaderboard: bool


class PromotionDetailOut(PromotionCardOut):
    content: str = Field(description="The rules, sanitised HTML")
    params: ParamsOut
    entry: RewardOut | None = Field(description="The reader's entry for the current period")
    streak: int = Field(description="A check-in: the day of the streak the next check-in (or today's) is")
    progress: ProgressOut | None = Field(
        description="A turnover tier or loss rebate: the member's period so far"
    )
    raffle: RaffleOut | None = Field(description="A raffle: its commitment, the reader's tickets, the draw")
    mission: MissionOut | None = Field(
        default=None, description="A mission: its tasks and the member's progress (none for visitors)"
    )


LoyaltyKind = Literal[
    "VIP_UPGRADE", "VIP_MONTHLY", "VIP_BIRTHDAY", "CASHBACK", "REFERRAL", "POINTS_CONVERT", "POINTS_REDEEM"
]


class LoyaltyRewardOut(WireModel):
    """Money loyalty paid (a VIP bonus, cashback, an invitee's reward, converted or redeemed points)."""

    id: int
    kind: LoyaltyKind
    amount: str
    wager_multiple: int = Field(description="The turnover owed on it: this many times the amount (0: none)")
    paid_at: int | None


class RewardListOut(WireModel):
    # Declared before `list`, whose name would otherwise shadow the type in this class's body.
    loyalty: list[LoyaltyRewardOut] = Field(
        default_factory=lambda: [], description="What loyalty paid the member, newest first (the last 50)"
    )
    minigames: list[MiniGamePrizeOut] = Field(
        default_factory=lambda: [],
        description="Mini-game prizes: rain envelopes, wheel and egg prizes, newest first (the last 50)",
    )
    claimable: list[PromotionCardOut] = Field(
        description="Promotions the member can claim now without an entry yet (a sign-up bonus)"
    )
    missions: list[MissionOut] = Field(
        default_factory=lambda: [],
        description="Running missions with a task done and not claimed yet (claimMissionTask claims it)",
    )
    list: list[RewardOut]


class ActionOut(WireModel):
    promotion: PromotionCardOut
    reward: RewardOut | None


class LockOut(WireModel):
    id: int
    source: str
    amount: str
    requirement: str
    wagered: str
    remaining: str
    max_stake: str | None = Field(description="The largest stake allowed while it is open")
    status: Literal["OPEN", "MET", "FORFEITED"]
    forfeited: str
    created_at: int
    expires_at: int


class WageringOut(WireModel):
    outstanding: str = Field(description="Turnover still owed before money can leave the wallet")
    locks: list[LockOut]


# --- the console --------------------------------------------------------------------------------------


class PromotionIn(WireModel):
    kind: Kind
    category: Category
    starts_at: IsoDateTime
    ends_at: IsoDateTime | None = None
    sort_order: Annotated[int, Field(ge=-1000, le=1000)] = 0
    image_url: Annotated[str, Field(max_length=500, pattern=r"^(https?://|/)[^\s<>\"']*$")] | None = None
    texts: Texts
    params: ParamsIn

    @model_validator(mode="after")
    def _window(self) -> PromotionIn:
        if self.ends_at is not None and self.ends_at <= self.starts_at:
            raise ValueError("endsAt must be after startsAt")
        return self


class PromotionStatsOut(WireModel):
    entries: int
    paid: int
    paid_amount: str
    turnover: str = Field(description="Weighted turnover counted on the bonuses it paid")


class PromotionAdminOut(WireModel):
    id: int
    kind: Kind
    category: Category
    state: Literal["SCHEDULED", "RUNNING", "PAUSED", "ENDED"]
    starts_at: datetime
    ends_at: datetime | None
    paused: bool
    ended_at: datetime | None
    sort_order: int
    image_url: str | None
    texts: dict[str, TextOut]
    params: ParamsOut
    most_per_member: str = Field(description="The most one member can receive a period: the cost per member")
    stats: PromotionStatsOut
    updated_at: datetime


class PromotionAdminListOut(WireModel):
    list: list[PromotionAdminOut]


class EntryAdminOut(WireModel):
    id: int
    member_id: int
    username: str
    status: EntryStatus
    period_key: str
    amount: str
    deposit_amount: str | None
    created_at: datetime
    paid_at: datetime | None


class EntryPageOut(WireModel):
    list: list[EntryAdminOut]
    page_num: int
    total_pages: int
    total: int


class WeightsOut(WireModel):
    weights: dict[WagerCategory, int] = Field(description="Percent of a category's stakes that counts")


class WeightsIn(WireModel):
    weights: dict[WagerCategory, Annotated[int, Field(ge=0, le=100)]]
