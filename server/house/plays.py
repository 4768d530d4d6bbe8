"""From a player's request and the round's randomness to stake, win and the outcome shown: the one place
that knows which engine each game type plays with and how its parameters are checked."""

from __future__ import annotations

from typing import Any

from server.house import slot_play
from server.house.config import SLOT_MIN_LINE_BET
from server.house.engine import fish, highcard, virtual_match
from server.house.engine.fair import RandomSource
from server.house.engine.slots.base import SlotTitle
from server.house.table_games import TABLE_GAMES
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount

MATCH_TYPES = ("FOOTBALL", "ESPORTS")
TABLE_CHIPS = (1_00, 5_00, 25_00, 100_00)
SLOT_LINE_BETS = (SLOT_MIN_LINE_BET, 10, 50, 1_00, 5_00)
STAKES = {
    "FISH": (10, 50, 1_00, 5_00),
    "HIGHCARD": (1_00, 5_00, 10_00, 50_00),
    "FOOTBALL": (1_00, 5_00, 10_00, 50_00),
    "ESPORTS": (1_00, 5_00, 10_00, 50_00),
}
TEAMS = {
    "FOOTBALL": ("Red Lions", "Blue Sharks", "Green Eagles", "Golden Bulls", "Black Wolves", "White Tigers"),
    "ESPORTS": ("Nova Five", "Iron Pulse", "Shadow Lotus", "Crimson Byte", "Arctic Core", "Solar Flux"),
}


def _invalid(field: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "choice"}]})


def _stake(params: dict[str, Any], field: str, allowed: tuple[int, ...]) -> int:
    try:
        amount = parse_amount(params.get(field), field=field)
    except AppError:
        raise _invalid(field) from None
    if amount not in allowed:
        raise _invalid(field)
    return amount


def slot_title(game_code: str) -> SlotTitle:
    """The title a session plays; a code the house no longer offers (retired from the catalogue) plays no
    more rounds."""
    title = slot_play.title_of(game_code)
    if title is None:
        raise AppError(errors.GAME_NOT_FOUND)
    return title


def config(game_type: str, game_code: str) -> dict[str, Any]:
    if game_type == "SLOT":
        return slot_play.config(slot_title(game_code), SLOT_LINE_BETS)
    if game_type in TABLE_GAMES:
        return {
            "chips": [format_amount(chip) for chip in TABLE_CHIPS],
            "payouts": dict(TABLE_GAMES[game_type].payouts),
        }
    if game_type == "FISH":
        return {
            "kinds": [{"kind": k, "multiplier": m} for k, m in fish.MULTIPLIERS.items()],
            "stakes": [format_amount(s) for s in STAKES["FISH"]],
        }
    if game_type == "HIGHCARD":
        return {
            "stakes": [format_amount(s) for s in STAKES["HIGHCARD"]],
            "rakePercent": highcard.RAKE_PERCENT,
        }
    return {"stakes": [format_amount(s) for s in STAKES[game_type]]}


def new_market(game_type: str, rng: RandomSource) -> dict[str, Any]:
    teams = TEAMS[game_type]
    first = rng.randbelow(len(teams))
    second = (first + 1 + rng.randbelow(len(teams) - 1)) % len(teams)
    if game_type == "FOOTBALL":
        market = virtual_match.make_football_match(rng, teams[first], teams[second])
    else:
        market = virtual_match.make_esports_match(rng, teams[first], teams[second])
    return virtual_match.market_to_dict(market)


def resolve(
    game_type: str, game_code: str, params: dict[str, Any], rng: RandomSource, offered: dict[str, Any] | None
) -> tuple[int, int, dict[str, Any]]:
    """(stake, amount returned to the player, outcome as shown)."""
    if game_type == "SLOT":
        line_bet = _stake(params, "lineBet", SLOT_LINE_BETS)
        return slot_play.play(slot_title(game_code), rng, line_bet)
    if game_type == "FISH":
        stake = _stake(params, "stake", STAKES["FISH"])
        kind = params.get("kind")
        if kind not in fish.MULTIPLIERS:
            raise _invalid("kind")
        shot = fish.shoot(rng, kind, stake)
        return stake, shot.win, {"kind": kind, "hit": shot.hit, "multiplier": fish.MULTIPLIERS[kind]}
    if game_type == "HIGHCARD":
        stake = _stake(params, "stake", STAKES["HIGHCARD"])
        duel = highcard.duel(rng, stake)
        winner = {"A": "PLAYER", "B": "OPPONENT"}.get(duel.winner, "PUSH")
        opponent = ("Ace Hunter", "Lucky Lin", "Card Shark", "Big Joe")[rng.randbelow(4)]
        return (
            stake,
            duel.return_a,
            {
                "playerCard": duel.card_a,
                "opponentCard": duel.card_b,
                "opponentName": opponent,
                "winner": winner,
            },
        )
    if game_type in MATCH_TYPES:
        assert offered is not None
        stake = _stake(params, "stake", STAKES[game_type])
        if params.get("matchId") != offered["matchId"]:
            raise _invalid("matchId")
        selection = params.get("selection")
        odds = {s["code"]: s["oddsHundredths"] for s in offered["selections"]}
        if selection not in odds:
            raise _invalid("selection")
        market = virtual_match.market_from_dict(offered)
        played = (virtual_match.play_football if game_type == "FOOTBALL" else virtual_match.play_esports)(
            rng, market
        )
        won = played.selection_won == selection
        return (
            stake,
            virtual_match.settle(stake, odds[selection], won),
            {
                "selection": selection,
                "won": won,
                "result": played.selection_won,
                "score": list(played.score),
            },
        )
    raise _invalid("game")
