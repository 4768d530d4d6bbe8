"""Virtual matches: football (home, draw, away) and e-sports best of three (team A or B). Each market's
outcome probabilities are exact fractions; odds are priced from them with the bookmaker's margin and rounded
down to the hundredth, and the result is drawn with exactly those probabilities."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from server.house.engine.fair import RandomSource

PAYBACK = Fraction(95, 100)  # what a selection returns on average before the rounding down of its odds
HOME, DRAW, AWAY = "HOME", "DRAW", "AWAY"
TEAM_A, TEAM_B = "TEAM_A", "TEAM_B"
FOOTBALL, ESPORTS = "FOOTBALL", "ESPORTS"
# A draw is likeliest between equal sides: 28% for equal strengths, falling by a fifth of the strengths'
# relative gap (to about 21% for the most lopsided pairing the strength bounds allow).
DRAW_EVEN, DRAW_FALL = Fraction(28, 100), Fraction(20, 100)
HOME_ADVANTAGE = 8


@dataclass(frozen=True)
class Selection:
    code: str
    label: str
    probability: Fraction
    odds_hundredths: int


@dataclass(frozen=True)
class Market:
    sport: str  # FOOTBALL or ESPORTS
    home: str
    away: str
    selections: tuple[Selection, ...]

    @functools.cached_property
    def _shares(self) -> tuple[int, tuple[int, ...]]:
        """The probabilities over their common denominator: (denominator, numerators), worked out once per
        market however many times it is played."""
        denominator = math.lcm(*(s.probability.denominator for s in self.selections))
        shares = tuple(
            s.probability.numerator * (denominator // s.probability.denominator) for s in self.selections
        )
        if sum(shares) != denominator:
            raise ValueError("the market's probabilities do not sum to one")
        return denominator, shares


@dataclass(frozen=True)
class Result:
    selection_won: str
    score: tuple[int, int]


def price(probability: Fraction) -> int:
    """Decimal odds in hundredths, rounded down: a selection then returns p x odds / 100 of the stake on
    average, at most PAYBACK and at least PAYBACK - p / 100 (so 94% to 95%)."""
    return math.floor(PAYBACK / probability * 100)


def _strength(rng: RandomSource) -> int:
    return 50 + rng.randbelow(51)  # 50..100


def make_football_match(rng: RandomSource, home: str, away: str) -> Market:
    h, a = _strength(rng) + HOME_ADVANTAGE, _strength(rng)
    p_draw = DRAW_EVEN - DRAW_FALL * Fraction(abs(h - a), h + a)
    p_home = (1 - p_draw) * Fraction(h, h + a)
    p_away = 1 - p_draw - p_home
    selections = (
        Selection(HOME, home, p_home, price(p_home)),
        Selection(DRAW, "Draw", p_draw, price(p_draw)),
        Selection(AWAY, away, p_away, price(p_away)),
    )
    return Market(FOOTBALL, home, away, selections)


def make_esports_match(rng: RandomSource, team_a: str, team_b: str) -> Market:
    a, b = _strength(rng), _strength(rng)
    p_a = Fraction(a, a + b)
    selections = (
        Selection(TEAM_A, team_a, p_a, price(p_a)),
        Selection(TEAM_B, team_b, 1 - p_a, price(1 - p_a)),
    )
    return Market(ESPORTS, team_a, team_b, selections)


def _pick(rng: RandomSource, market: Market) -> str:
    """One uniform draw over the probabilities' common denominator: each selection owns exactly its share of
    the integers below it."""
    denominator, shares = market._shares
    draw = rng.randbelow(denominator)
    for selection, share in zip(market.selections, shares, strict=True):
        if draw < share:
            return selection.code
        draw -= share
    raise AssertionError("unreachable: the shares cover the denominator")


def _check_sport(market: Market, sport: str) -> None:
    if market.sport != sport:
        raise ValueError(f"a {market.sport} market cannot be played as {sport}")


def play_football(rng: RandomSource, market: Market) -> Result:
    """The winner with exactly the market's probabilities, then a score that agrees with it."""
    _check_sport(market, FOOTBALL)
    won = _pick(rng, market)
    if won == DRAW:
        goals = rng.randbelow(4)
        return Result(won, (goals, goals))
    winner_goals = 1 + rng.randbelow(4)
    loser_goals = rng.randbelow(winner_goals)
    return Result(won, (winner_goals, loser_goals) if won == HOME else (loser_goals, winner_goals))


def play_esports(rng: RandomSource, market: Market) -> Result:
    _check_sport(market, ESPORTS)
    won = _pick(rng, market)
    loser_maps = rng.randbelow(2)
    return Result(won, (2, loser_maps) if won == TEAM_A else (loser_maps, 2))


def settle(stake: int, odds_hundredths: int, won: bool) -> int:
    return stake * odds_hundredths // 100 if won else 0


def exact_rtp(market: Market, selection: str) -> Fraction:
    chosen = next(s for s in market.selections if s.code == selection)
    return chosen.probability * chosen.odds_hundredths / 100


def market_to_dict(market: Market) -> dict[str, Any]:
    return {
        "sport": market.sport,
        "home": market.home,
        "away": market.away,
        "selections": [
            {
                "code": s.code,
                "label": s.label,
                "odds": f"{s.odds_hundredths // 100}.{s.odds_hundredths % 100:02d}",
                "oddsHundredths": s.odds_hundredths,
                "probability": f"{s.probability.numerator}/{s.probability.denominator}",
            }
            for s in market.selections
        ],
    }


def market_from_dict(data: dict[str, Any]) -> Market:
    return Market(
        data["sport"],
        data["home"],
        data["away"],
        tuple(
            Selection(s["code"], s["label"], Fraction(s["probability"]), int(s["oddsHundredths"]))
            for s in data["selections"]
        ),
    )
