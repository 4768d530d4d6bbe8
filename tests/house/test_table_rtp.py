"""Return to player of the newer shared tables by simulation: a few hundred thousand rounds of each, with a
fixed seed, dealt by the same definitions the tables deal with, against the exact figure of
test_table_games (the whole outcome space enumerated).

Each bet is checked within five standard errors: tolerance = 5 sigma / sqrt(n), sigma the exact standard
deviation of one round's return per unit staked, from the bet's exact distribution. Every bet is judged on
every simulated round, so one run checks them all."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from server.house.engine import dragon_tiger, roulette, sicbo
from server.house.engine.fair import SeededSource
from server.house.table_games import DRAGON_TIGER, ROULETTE, SICBO, TableGame

pytestmark = pytest.mark.slow
ROUNDS = 300_000
STANDARD_ERRORS = 5
STAKE = 2  # so that dragon tiger's half stake back is whole


def simulate(game: TableGame, key: Callable[[Mapping[str, Any]], Any], seed: int) -> Counter[Any]:
    """How often each distinct outcome came up (each is judged once per bet afterwards, not per round)."""
    rng = SeededSource(seed)
    return Counter(key(game.deal(rng)) for _ in range(ROUNDS))


def check_every_bet(
    game: TableGame,
    seen: Counter[Any],
    outcomes: Mapping[Any, Fraction],
    as_dealt: Callable[[Any], Mapping[str, Any]],
    exact_rtp: Mapping[str, Fraction],
) -> None:
    assert sum(outcomes.values()) == 1
    assert set(seen) <= set(outcomes)
    for bet in game.payouts:
        returns = {o: Fraction(game.returned(bet, STAKE, as_dealt(o)), STAKE) for o in outcomes}
        mean = sum((returns[o] * p for o, p in outcomes.items()), Fraction(0))
        assert mean == exact_rtp[bet], bet  # the definition pays what the engine's enumeration says
        variance = sum((returns[o] ** 2 * p for o, p in outcomes.items()), Fraction(0)) - mean**2
        simulated = sum((returns[o] * n for o, n in seen.items()), Fraction(0)) / ROUNDS
        tolerance = STANDARD_ERRORS * math.sqrt(variance / ROUNDS)
        gap = abs(float(simulated - mean))
        print(f"{game.slug} {bet}: sim {float(simulated):.5f} exact {float(mean):.5f} tol {tolerance:.4f}")
        assert gap <= tolerance, (game.slug, bet, float(simulated), float(mean), tolerance)


def test_dragon_tiger() -> None:
    seen = simulate(DRAGON_TIGER, lambda dealt: dealt["outcome"], 101)
    check_every_bet(
        DRAGON_TIGER,
        seen,
        dragon_tiger.exact_probabilities(),
        lambda outcome: {"outcome": outcome},
        dragon_tiger.exact_rtp(),
    )
    assert seen[dragon_tiger.TIE] > 0


def test_roulette() -> None:
    seen = simulate(ROULETTE, lambda dealt: dealt["number"], 202)
    pockets = {n: Fraction(1, roulette.POCKETS) for n in range(roulette.POCKETS)}
    check_every_bet(ROULETTE, seen, pockets, lambda number: {"number": number}, roulette.exact_rtp())
    assert set(seen) == set(pockets)


def test_sicbo() -> None:
    seen = simulate(SICBO, lambda dealt: tuple(dealt["dice"]), 303)
    rolls = {dice: Fraction(1, 216) for dice in product(range(1, 7), repeat=3)}
    check_every_bet(SICBO, seen, rolls, lambda dice: {"dice": list(dice)}, sicbo.exact_rtp())
    assert set(seen) == set(rolls)
