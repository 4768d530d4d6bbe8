"""The lottery calls' wire shapes (SPEC §7 lottery calls)."""

from __future__ import annotations

from pydantic import Field

from server.http.core.envelope import WireModel


class PickOut(WireModel):
    kind: str = Field(description="number: up to maxCount numbers of `digits` digits; option: one of options")
    digits: int = 0
    max_count: int = 1
    options: list[str] = []


class PlayTypeOut(WireModel):
    code: str
    pick: PickOut
    odds: dict[str, str] = Field(description="Prize mode -> payout multiple per unit stake on a hit")
    tier_odds: dict[str, dict[str, str]] = Field(
        default_factory=dict, description="Tiered plays (4D Big/Small): prize mode -> tier -> multiple"
    )
    min_stake: str
    max_stake: str


class IssueOut(WireModel):
    game_code: str
    issue_no: str
    opens_at: str
    closes_at: str
    draw_at: str
    commitment: str = Field(description="SHA-256 (hex) of the draw's seed, published before the draw")


class TierOut(WireModel):
    tier: str
    numbers: list[str]


class OpenedOut(WireModel):
    game_code: str
    issue_no: str
    drawn_at: str | None
    tiers: list[TierOut]
    server_seed: str = Field(
        description="The seed whose SHA-256 is the commitment; the sheet follows from it"
    )
    commitment: str


class GameMenuItem(WireModel):
    game_code: str
    name: str
    area: str
    draw_format: str
    interval_seconds: int | None
    prize_modes: list[str]
    play_types: list[PlayTypeOut]
    current_issue: IssueOut
    last_opened: OpenedOut | None


class MenuGroup(WireModel):
    area: str
    games: list[GameMenuItem]


class MenusOut(WireModel):
    menus: list[MenuGroup]


class LotteryGameListOut(WireModel):
    list: list[GameMenuItem]


class StateOut(WireModel):
    issue: IssueOut
    last_opened: OpenedOut | None
    now: str


class OpenedListOut(WireModel):
    list: list[OpenedOut]


class LotterySessionIn(WireModel):
    token: str = Field(min_length=10, max_length=128)
    merchant: str | None = Field(default=None, max_length=32)


class LotteryPlayerOut(WireModel):
    nickname: str
    currency: str
    demo: bool


class LotterySessionOut(WireModel):
    session_id: str
    balance: str
    player: LotteryPlayerOut


class LotteryBetIn(WireModel):
    game_code: str = Field(max_length=32)
    issue_no: str = Field(max_length=16)
    prize_mode: str = Field(max_length=8)
    play_type: str = Field(max_length=8)
    numbers: list[str] = Field(min_length=1, max_length=10, description="Picked numbers, or options (BIG…)")
    stake: str = Field(max_length=16, description="Per number or option")


class WonNumberOut(WireModel):
    tier: str
    index: int = Field(description="The number's place in its tier on the drawn sheet")


class LotteryBetOut(WireModel):
    bet_id: int
    game_code: str
    game_name: str
    issue_no: str
    prize_mode: str
    play_type: str
    numbers: list[str]
    stake: str
    total: str
    odds: str
    status: str = Field(description="OPEN, WON, LOST or VOID")
    win: str
    hits: dict[str, int]
    won_numbers: list[WonNumberOut] = Field(
        default_factory=list, description="Where on the drawn sheet a won bet won, for the sheet to mark"
    )
    placed_at: str | None
    settled_at: str | None


class BetPlacedOut(WireModel):
    bet: LotteryBetOut
    balance: str


class BetListOut(WireModel):
    list: list[LotteryBetOut]
    page_num: int
    total_pages: int
