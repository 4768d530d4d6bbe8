"""Return to player by simulation: a million rounds of each house game with fixed seeds (500,000 of each of
the six slots), against the exact figure (for baccarat, the published one, which test_baccarat checks against
an exact enumeration).

Every test allows five standard errors: tolerance = 5 sigma / sqrt(n), with sigma the exact standard
deviation of one round's return per unit staked, from the game's exact distribution (the slots' from
slot_math.exact_variance, free spins included). A correct engine lands outside it about once in 1.7 million
runs; an engine that pays off by more than the tolerance fails. Each game's rounds are split between two
processes (two seeds)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import TypeVar

import pytest

from server.house.engine import baccarat, fish, highcard, slot, slots, virtual_match
from server.house.engine.fair import SeededSource
from server.house.engine.slot_math import exact_rtp, exact_variance
from server.house.engine.slots.base import SlotTitle

pytestmark = pytest.mark.slow
ROUNDS = 1_000_000
WORKERS = 2
STANDARD_ERRORS = 5
T = TypeVar("T")


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(WORKERS) as executor:
        yield executor


def run(pool: ProcessPoolExecutor, part: Callable[[int, int], T], seed: int) -> list[T]:
    """part(seed, rounds) in each worker, a different seed each, ROUNDS in all."""
    futures = [pool.submit(part, seed + i, ROUNDS // WORKERS) for i in range(WORKERS)]
    return [f.result() for f in futures]


def moments(distribution: dict[Fraction, Fraction]) -> tuple[Fraction, Fraction]:
    """(mean, variance) of a return given as {value: probability}."""
    assert sum(distribution.values()) == 1
    mean = sum((v * p for v, p in distribution.items()), Fraction(0))
    return mean, sum((v * v * p for v, p in distribution.items()), Fraction(0)) - mean**2


def check(name: str, simulated: Fraction, expected: Fraction, variance: Fraction, n: int) -> None:
    assert n >= 500_000  # below, the tolerance would say too little
    tolerance = STANDARD_ERRORS * math.sqrt(variance / n)
    gap = abs(float(simulated - expected))
    print(
        f"\n{name}: simulated {float(simulated):.5f} expected {float(expected):.5f} "
        f"sigma {math.sqrt(variance):.4f} tolerance {tolerance:.5f} gap {gap:.5f}"
    )
    assert gap <= tolerance, (name, float(simulated), float(expected), tolerance)


# The slots' rounds (a paid spin and its free spins) cost about the same as the other games' but there are six
# titles: fewer rounds each keeps the six under half a minute on two cores, and the tolerance follows n.
SLOT_ROUNDS = 500_000


def slot_part(code: str, seed: int, rounds: int) -> int:
    machine, rng, won = slots.BY_CODE[code].config, SeededSource(seed), 0
    for _ in range(rounds):
        won += slot.play(machine, rng, 1).total_win
    return won


@pytest.mark.parametrize("title", slots.LINEUP, ids=lambda t: t.code)
def test_slot(pool: ProcessPoolExecutor, title: SlotTitle) -> None:
    """Per round, free spins included, against slot_math's exact return; sigma is the exact standard
    deviation of a round (the feature's moments solved exactly, see slot_math), not a sample estimate."""
    seed = 1000 + 10 * slots.LINEUP.index(title)
    futures = [pool.submit(slot_part, title.code, seed + i, SLOT_ROUNDS // WORKERS) for i in range(WORKERS)]
    variance = exact_variance(title.config)  # meanwhile, in this process
    won = sum(f.result() for f in futures)
    simulated = Fraction(won, title.lines * SLOT_ROUNDS)
    check(title.code, simulated, exact_rtp(title.config), variance, SLOT_ROUNDS)


def baccarat_part(seed: int, rounds: int) -> Counter[str]:
    rng = SeededSource(seed)
    return Counter(baccarat.deal(rng).outcome for _ in range(rounds))


def test_baccarat_each_bet(pool: ProcessPoolExecutor) -> None:
    outcomes = sum(run(pool, baccarat_part, 2000), Counter[str]())
    probabilities = baccarat.exact_probabilities()
    for bet, published in baccarat.THEORETICAL_RTP.items():
        returns = {o: Fraction(baccarat.payout(bet, 100, o), 100) for o in probabilities}
        simulated = sum((returns[o] * count for o, count in outcomes.items()), Fraction(0)) / ROUNDS
        distribution: dict[Fraction, Fraction] = {}
        for outcome, p in probabilities.items():
            distribution[returns[outcome]] = distribution.get(returns[outcome], Fraction(0)) + p
        _, variance = moments(distribution)
        check(f"baccarat {bet}", simulated, published, variance, ROUNDS)


KINDS = tuple(fish.MULTIPLIERS)


def fish_part(seed: int, rounds: int) -> int:
    """Shots at a kind chosen uniformly each time; the total won, in stakes."""
    rng, won = SeededSource(seed), 0
    for _ in range(rounds):
        won += fish.shoot(rng, KINDS[rng.randbelow(len(KINDS))], 1).win
    return won


def test_fish(pool: ProcessPoolExecutor) -> None:
    won = sum(run(pool, fish_part, 3000))
    # A shot pays m (stakes) with probability 1/6 x 0.96/m for each multiplier m, else nothing.
    distribution = {
        Fraction(m): Fraction(1, len(KINDS)) * Fraction(96, 100 * m) for m in fish.MULTIPLIERS.values()
    }
    distribution[Fraction(0)] = 1 - sum(distribution.values(), Fraction(0))
    mean, variance = moments(distribution)
    assert mean == fish.exact_rtp(KINDS[0])
    check("fish", Fraction(won, ROUNDS), mean, variance, ROUNDS)


def highcard_part(seed: int, rounds: int) -> int:
    rng, returned = SeededSource(seed), 0
    for _ in range(rounds):
        returned += highcard.duel(rng, 100).return_a
    return returned


def test_highcard(pool: ProcessPoolExecutor) -> None:
    returned = sum(run(pool, highcard_part, 4000))
    # Seat A: wins the raked pot (1.90 stakes) on 24 of the 51 other cards, pushes on 3, loses on 24.
    mean, variance = moments(
        {Fraction(190, 100): Fraction(24, 51), Fraction(1): Fraction(3, 51), Fraction(0): Fraction(24, 51)}
    )
    assert mean == highcard.exact_rtp()
    check("high card", Fraction(returned, 100 * ROUNDS), mean, variance, ROUNDS)


def match_part(sport: str, seed: int, rounds: int) -> tuple[int, Fraction, Fraction]:
    """A new market every hundred rounds and a random selection each round. Returns the total returned (per
    100 staked) and, given the markets and selections that came up, the exact expected total and variance."""
    make = virtual_match.make_football_match if sport == "FOOTBALL" else virtual_match.make_esports_match
    play = virtual_match.play_football if sport == "FOOTBALL" else virtual_match.play_esports
    rng, returned = SeededSource(seed), 0
    expected = variance = Fraction(0)
    for _ in range(rounds // 100):
        market = make(rng, "H", "A")
        chosen: Counter[int] = Counter()
        for _ in range(100):
            index = rng.randbelow(len(market.selections))
            chosen[index] += 1
            won = play(rng, market).selection_won == market.selections[index].code
            returned += virtual_match.settle(100, market.selections[index].odds_hundredths, won)
        for index, count in chosen.items():
            selection = market.selections[index]
            odds = Fraction(selection.odds_hundredths, 100)
            mean = virtual_match.exact_rtp(market, selection.code)
            expected += count * mean
            variance += count * (selection.probability * odds * odds - mean * mean)
    return returned, expected, variance


def football_part(seed: int, rounds: int) -> tuple[int, Fraction, Fraction]:
    return match_part("FOOTBALL", seed, rounds)


def esports_part(seed: int, rounds: int) -> tuple[int, Fraction, Fraction]:
    return match_part("ESPORTS", seed, rounds)


@pytest.mark.parametrize(("sport", "part"), [("football", football_part), ("esports", esports_part)])
def test_virtual_matches(
    pool: ProcessPoolExecutor, sport: str, part: Callable[[int, int], tuple[int, Fraction, Fraction]]
) -> None:
    parts = run(pool, part, 5000)
    returned = sum(p[0] for p in parts)
    expected = sum((p[1] for p in parts), Fraction(0)) / ROUNDS
    variance = sum((p[2] for p in parts), Fraction(0)) / ROUNDS  # the rounds' average variance
    assert Fraction(92, 100) <= expected <= Fraction(97, 100)
    check(sport, Fraction(returned, 100 * ROUNDS), expected, variance, ROUNDS)
