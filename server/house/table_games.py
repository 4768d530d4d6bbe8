"""The shared tables' games as definitions: which bets a table takes and what they pay, how a round is dealt
from the round's fair randomness, and what each bet returns on the dealt outcome. tables.py runs every
definition's rounds with the same clock, claim, settlement and push; a dealt round is stored and sent as a
JSON dict, so each bet is judged from that dict (a resumed settlement judges exactly what was stored)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from server.house.engine import baccarat, dragon_tiger, roulette, sicbo
from server.house.engine.fair import RandomSource


@dataclass(frozen=True)
class TableGame:
    game_type: str
    slug: str  # in its room and event names: house:<slug>:...
    payouts: Mapping[str, str]  # every bet id it takes -> its payout as shown
    deal: Callable[[RandomSource], dict[str, Any]]  # a round's outcome, as stored and shown
    returned: Callable[[str, int, Mapping[str, Any]], int]  # (bet id, stake, dealt) -> back, stake included
    history_keys: tuple[str, ...]  # what the road of past rounds shows of each

    @property
    def result_event(self) -> str:
        return f"house:{self.slug}:result"

    def room(self, merchant: str, table: str) -> str:
        return f"house:{self.slug}:{merchant}:{table}"

    def takes(self, bet_on: str) -> bool:
        return bet_on in self.payouts


def _baccarat_hand(rng: RandomSource) -> dict[str, Any]:
    hand = baccarat.deal(rng)
    return {
        "playerCards": list(hand.player_cards),
        "bankerCards": list(hand.banker_cards),
        "playerTotal": hand.player_total,
        "bankerTotal": hand.banker_total,
        "outcome": hand.outcome,
    }


def _dragon_tiger_draw(rng: RandomSource) -> dict[str, Any]:
    drawn = dragon_tiger.deal(rng)
    return {"dragonCard": drawn.dragon_card, "tigerCard": drawn.tiger_card, "outcome": drawn.outcome}


def _roulette_spin(rng: RandomSource) -> dict[str, Any]:
    number = roulette.spin(rng)
    return {"number": number, "color": roulette.color(number)}


def _sicbo_roll(rng: RandomSource) -> dict[str, Any]:
    dice = sicbo.roll(rng)
    return {"dice": list(dice), "total": sum(dice)}


def _dice(dealt: Mapping[str, Any]) -> sicbo.Dice:
    a, b, c = (int(d) for d in dealt["dice"])
    return (a, b, c)


BACCARAT = TableGame(
    game_type="BACCARAT",
    slug="baccarat",
    payouts={baccarat.PLAYER: "1:1", baccarat.BANKER: "0.95:1", baccarat.TIE: "8:1"},
    deal=_baccarat_hand,
    returned=lambda bet_on, stake, dealt: baccarat.payout(bet_on, stake, dealt["outcome"]),
    history_keys=("roundNo", "outcome", "playerTotal", "bankerTotal"),
)
DRAGON_TIGER = TableGame(
    game_type="DRAGON_TIGER",
    slug="dragon-tiger",
    payouts=dragon_tiger.PAYOUTS,
    deal=_dragon_tiger_draw,
    returned=lambda bet_on, stake, dealt: dragon_tiger.payout(bet_on, stake, dealt["outcome"]),
    history_keys=("roundNo", "outcome", "dragonCard", "tigerCard"),
)
ROULETTE = TableGame(
    game_type="ROULETTE",
    slug="roulette",
    payouts=roulette.PAYOUTS,
    deal=_roulette_spin,
    returned=lambda bet_on, stake, dealt: roulette.payout(bet_on, stake, int(dealt["number"])),
    history_keys=("roundNo", "number", "color"),
)
SICBO = TableGame(
    game_type="SICBO",
    slug="sicbo",
    payouts=sicbo.PAYOUTS,
    deal=_sicbo_roll,
    returned=lambda bet_on, stake, dealt: sicbo.payout(bet_on, stake, _dice(dealt)),
    history_keys=("roundNo", "dice", "total"),
)
TABLE_GAMES = {game.game_type: game for game in (BACCARAT, DRAGON_TIGER, ROULETTE, SICBO)}
