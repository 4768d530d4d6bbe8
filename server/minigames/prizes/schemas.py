"""The wire of the lucky wheel, the golden egg, check-in and GET /wps/minigames (/tmp/brief's contract):
money is a decimal string, times epoch milliseconds, probabilities percent strings ("12.5")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from server.brands.defaults import SWITCHER_LANGUAGES
from server.http.core.envelope import WireModel
from server.minigames.rain.schemas import RainSessionOut

GameKind = Literal["WHEEL", "EGG"]
PrizeKind = Literal["MONEY", "POINTS", "TICKETS", "NOTHING"]
PrizeGameName = Literal["RAIN", "WHEEL", "EGG"]
WonKind = Literal["MONEY", "POINTS", "TICKETS"]
Language = Literal[SWITCHER_LANGUAGES]  # type: ignore[valid-type]
Probability = Field(max_length=8, description='Percent, up to 4 decimals: "12.5" is 12.5 %')
MoneyText = Field(default=None, max_length=20)


class PrizeOut(WireModel):
    index: int
    kind: PrizeKind
    amount: str | None
    value: int | None
    wager_multiple: int
    label: str
    probability: str


class EarnIO(WireModel):
    per_deposit: str | None = Field(default=None, max_length=20, description="A play per this much deposited")
    per_turnover: str | None = Field(default=None, max_length=20, description="A play per this much turnover")
    per_checkin: int = Field(default=0, ge=0, le=100, description="Plays a day's check-in gives")


class PrizeGameOut(WireModel):
    id: int
    kind: GameKind
    name: str
    prizes: list[PrizeOut]
    expected_cost: str = Field(description="What a play costs the merchant on average")
    earn: EarnIO
    plays_earned: int | None
    plays_used: int | None
    plays_left: int | None
    checked_in_today: bool | None
    seed_hash: str | None = Field(description="SHA-256 of the member's server seed (null for visitors)")
    client_seed: str | None
    nonce: int | None = Field(description="The member's next play's nonce")


class MiniGamesOut(WireModel):
    rains: list[RainSessionOut]
    games: list[PrizeGameOut]


class PlayIn(WireModel):
    client_seed: str | None = Field(default=None, min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")


class PlayOut(WireModel):
    play_id: int
    prize_index: int
    prize: PrizeOut
    nonce: int
    seed_hash: str
    plays_left: int


class SeedOut(WireModel):
    previous_seed: str
    previous_seed_hash: str
    seed_hash: str
    client_seed: str
    nonce: int


class CheckInIn(WireModel):
    pass


class CheckInOut(WireModel):
    day: str = Field(description="The business day, YYYY-MM-DD")
    checked_in: bool


class MiniGamePrizeOut(WireModel):
    """A mini-game prize in the reward centre (a rain's envelope, a wheel's or egg's prize)."""

    id: int
    game: PrizeGameName
    kind: WonKind
    amount: str | None
    value: int | None
    wager_multiple: int
    won_at: int


# --- console ---------------------------------------------------------------------------------------------


class PrizeTableIn(WireModel):
    kind: PrizeKind
    amount: str | None = MoneyText
    value: int | None = Field(default=None, ge=1, le=1_000_000)
    wager_multiple: int = Field(default=0, ge=0, le=50)
    label: dict[Language, str] = Field(min_length=1)
    probability: str = Probability


class PrizeGameIn(WireModel):
    kind: GameKind
    name: dict[Language, str] = Field(min_length=1)
    enabled: bool = True
    earn: EarnIO
    prizes: list[PrizeTableIn] = Field(min_length=2, max_length=12)


class PrizeAdminOut(WireModel):
    kind: PrizeKind
    amount: str | None
    value: int | None
    wager_multiple: int
    label: dict[str, str]
    probability: str


class PrizeGameAdminOut(WireModel):
    id: int
    kind: GameKind
    name: dict[str, str]
    enabled: bool
    earn: EarnIO
    prizes: list[PrizeAdminOut]
    expected_cost: str


class PrizeGameAdminListOut(WireModel):
    list: list[PrizeGameAdminOut]
