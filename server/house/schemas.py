"""The house game page's wire shapes (/house/api): camelCase JSON, money as decimal strings. The page
(frontend/src/house/types.ts) reads exactly these fields, in this order."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, Field

from server.http.core import errors
from server.http.core.envelope import WireModel
from server.http.core.errors import AppError
from server.http.core.wire_types import ID_MAX

Money = str
# A table's rounds are numbered from the epoch by its period: a number a BIGINT column holds.
RoundNo = Annotated[int, Field(ge=0, le=ID_MAX)]


class SessionIn(WireModel):
    token: str = Field(min_length=10, max_length=128)
    merchant: str | None = Field(default=None, max_length=32, description="From the launch URL")


class ClientSeedIn(WireModel):
    client_seed: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")


class TableBetIn(WireModel):
    round_no: RoundNo
    bet_on: str = Field(pattern=r"^[A-Z0-9]{1,8}$", description="One of the table's bet ids (its payouts)")
    stake: Money = Field(max_length=16)


# Which fields of a round's body each game type plays with; its engine checks their values.
ROUND_FIELDS: dict[str, tuple[str, ...]] = {
    "SLOT": ("line_bet",),
    "FISH": ("kind", "stake"),
    "HIGHCARD": ("stake",),
    "FOOTBALL": ("match_id", "selection", "stake"),
    "ESPORTS": ("match_id", "selection", "stake"),
}


class RoundIn(WireModel):
    """One instant round. The body carries no game type (the session has it), so every field is optional
    here and `params_for` asks for the ones the session's game plays with."""

    line_bet: Money | None = Field(default=None, max_length=16, description="SLOT: the stake per line")
    stake: Money | None = Field(default=None, max_length=16, description="FISH, HIGHCARD and the matches")
    kind: str | None = Field(default=None, max_length=16, description="FISH: the kind of fish shot at")
    match_id: str | None = Field(default=None, max_length=64, description="Matches: the match on offer")
    selection: str | None = Field(default=None, max_length=16, description="Matches: the outcome picked")

    def params_for(self, game_type: str) -> dict[str, Any]:
        wanted = ROUND_FIELDS.get(game_type, ())
        fields = type(self).model_fields
        missing = [fields[name].alias or name for name in wanted if getattr(self, name) is None]
        if missing:
            raise AppError(
                errors.VALIDATION_ERROR, value={"fields": [{"field": f, "type": "required"} for f in missing]}
            )
        return {fields[name].alias or name: getattr(self, name) for name in wanted}


class _OneOf(WireModel):
    """A member of an answer's union: it takes no field it does not declare, so the one that fits is
    unambiguous when the answer is read back."""

    model_config = ConfigDict(extra="forbid")


class FairnessOut(WireModel):
    server_seed_hash: str
    client_seed: str
    nonce: int


class GameOut(WireModel):
    code: str
    type: str
    name: str


class PlayerOut(WireModel):
    nickname: str
    currency: str
    demo: bool


class SlotFreeSpinsOut(WireModel):
    spins: int
    multiplier: int
    retrigger: bool
    trigger: int = Field(description="Scatters needed anywhere")


class SlotConfigOut(_OneOf):
    lines: int
    line_bets: list[Money]
    rows: int
    reels: int
    symbols: list[str]
    paylines: list[list[int]]
    paytable: dict[str, dict[str, int]] = Field(description="Symbol -> count in a line -> multiple")
    wild: str
    scatter: str
    scatter_pays: dict[str, int] = Field(description="Scatter count -> multiple of the total bet")
    wild_multiplier: int = Field(description="Applied to the line wins the wild stands in for")
    free_spins: SlotFreeSpinsOut | None
    volatility: str = Field(description="LOW, MEDIUM or HIGH, from the exact variance")
    rtp: str = Field(description="Return to player in percent, for display")


class TableConfigOut(_OneOf):
    """Every shared-table game's: its bet ids are the payouts' keys."""

    chips: list[Money]
    payouts: dict[str, str]
    table: str
    period_seconds: int
    betting_seconds: int


class FishKindOut(WireModel):
    kind: str
    multiplier: int


class FishConfigOut(_OneOf):
    kinds: list[FishKindOut]
    stakes: list[Money]


class HighCardConfigOut(_OneOf):
    stakes: list[Money]
    rake_percent: int


class MatchConfigOut(_OneOf):
    stakes: list[Money]


GameConfigOut = SlotConfigOut | TableConfigOut | FishConfigOut | HighCardConfigOut | MatchConfigOut
CONFIGS: dict[str, type[GameConfigOut]] = {
    "SLOT": SlotConfigOut,
    "BACCARAT": TableConfigOut,
    "DRAGON_TIGER": TableConfigOut,
    "ROULETTE": TableConfigOut,
    "SICBO": TableConfigOut,
    "FISH": FishConfigOut,
    "HIGHCARD": HighCardConfigOut,
    "FOOTBALL": MatchConfigOut,
    "ESPORTS": MatchConfigOut,
}


class SessionOut(WireModel):
    session_id: str
    game: GameOut
    player: PlayerOut
    merchant: str
    language: str
    balance: Money
    fairness: FairnessOut
    config: GameConfigOut


class BalanceOut(WireModel):
    balance: Money


class SelectionOut(WireModel):
    code: str
    label: str
    odds: str
    odds_hundredths: int
    probability: str = Field(description="The outcome's chance, as a fraction")


class MarketOut(WireModel):
    sport: str
    home: str
    away: str
    selections: list[SelectionOut]
    match_id: str


class LineWinOut(WireModel):
    line: int
    symbol: str
    count: int
    amount: Money


class FreeSpinOut(WireModel):
    grid: list[list[str]]
    line_wins: list[LineWinOut]
    scatter_win: Money
    win: Money
    multiplier: int = Field(description="Already applied to the amounts")
    retrigger: bool


class SlotOutcomeOut(_OneOf):
    """The paid spin's grid and wins, then the free spins it led to (rounds from before free spins have
    none)."""

    grid: list[list[str]]
    line_wins: list[LineWinOut]
    scatter_win: Money
    base_win: Money | None = None
    free_spins: list[FreeSpinOut] = Field(default_factory=list)
    free_spins_win: Money = "0.00"


class FishOutcomeOut(_OneOf):
    kind: str
    hit: bool
    multiplier: int


class HighCardOutcomeOut(_OneOf):
    player_card: str
    opponent_card: str
    opponent_name: str
    winner: str


class MatchOutcomeOut(_OneOf):
    selection: str
    won: bool
    result: str
    score: list[int]


OutcomeOut = SlotOutcomeOut | FishOutcomeOut | HighCardOutcomeOut | MatchOutcomeOut
OUTCOMES: dict[str, type[OutcomeOut]] = {
    "SLOT": SlotOutcomeOut,
    "FISH": FishOutcomeOut,
    "HIGHCARD": HighCardOutcomeOut,
    "FOOTBALL": MatchOutcomeOut,
    "ESPORTS": MatchOutcomeOut,
}


class RevealedFairnessOut(WireModel):
    server_seed: str
    server_seed_hash: str
    client_seed: str
    nonce: int
    next_server_seed_hash: str


class RoundOut(WireModel):
    round_id: str
    bet: Money
    win: Money
    balance: Money
    outcome: OutcomeOut
    fairness: RevealedFairnessOut


class BaccaratHistoryOut(_OneOf):
    round_no: int
    outcome: str
    player_total: int
    banker_total: int


class DragonTigerHistoryOut(_OneOf):
    round_no: int
    outcome: str
    dragon_card: str
    tiger_card: str


class RouletteHistoryOut(_OneOf):
    round_no: int
    number: int
    color: str


class SicBoHistoryOut(_OneOf):
    round_no: int
    dice: list[int]
    total: int


HistoryRowOut = BaccaratHistoryOut | DragonTigerHistoryOut | RouletteHistoryOut | SicBoHistoryOut


class MyTableBetOut(WireModel):
    id: int
    round_no: int
    bet_on: str
    stake: Money
    status: str
    win: Money


class MyTableRoundOut(WireModel):
    round_no: int
    stake: Money
    win: Money
    bets: list[MyTableBetOut]
    result: HistoryRowOut | None = Field(description="What the round dealt; null until it is settled")


class TableStateOut(WireModel):
    table: str
    round_no: int
    phase: str
    opens_at: str
    closes_at: str
    settles_at: str
    server_seed_hash: str
    now: str
    history: list[HistoryRowOut]
    my_bets: list[MyTableBetOut]


class PlacedTableBetOut(WireModel):
    id: int
    round_no: int
    bet_on: str
    stake: Money
    status: str


class TableBetOut(WireModel):
    bet: PlacedTableBetOut
    balance: Money


class _Revealed(_OneOf):
    table: str
    round_no: int
    server_seed: str
    server_seed_hash: str


class BaccaratResultOut(_Revealed):
    player_cards: list[str]
    banker_cards: list[str]
    player_total: int
    banker_total: int
    outcome: str


class DragonTigerResultOut(_Revealed):
    dragon_card: str
    tiger_card: str
    outcome: str


class RouletteResultOut(_Revealed):
    number: int
    color: str


class SicBoResultOut(_Revealed):
    dice: list[int]
    total: int


TableResultOut = BaccaratResultOut | DragonTigerResultOut | RouletteResultOut | SicBoResultOut
TABLE_RESULTS: dict[str, type[TableResultOut]] = {
    "BACCARAT": BaccaratResultOut,
    "DRAGON_TIGER": DragonTigerResultOut,
    "ROULETTE": RouletteResultOut,
    "SICBO": SicBoResultOut,
}
