"""The slots' exact figures (slot_math) against brute force: every stop of a small machine enumerated for a
spin's moments, and a round with free spins built outcome by outcome from that enumeration (the feature's
spins are drawn independently of the paid spin, so the round's distribution is their product)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest

from server.house.engine import slot, slot_math
from server.house.engine.slot import FreeSpins, SlotConfig
from tests.house.support import Scripted

A, K, W, S = "A", "K", "WILD", "SCATTER"

# A small machine whose every stop combination can be enumerated: 4 x 5 x 4 x 3 x 5 = 1,200 grids. Reel 2
# shows two scatters at once from some stops, and wilds have no 5-of-a-kind pay of their own.
SMALL = SlotConfig(
    reels=(
        (A, K, W, S),
        (K, S, S, A, W),
        (W, A, K, K),
        (A, K, S),
        (K, W, A, A, K),
    ),
    paylines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2), (0, 0, 1, 2, 2)),
    paytable={W: {3: 20, 4: 60}, A: {2: 1, 3: 5, 4: 15, 5: 40}, K: {3: 3, 4: 10, 5: 25}},
    scatter_pays={2: 1, 3: 4, 4: 10, 5: 50},
)


def every_spin(config: SlotConfig) -> list[slot.SpinResult]:
    return [
        slot.spin(config, Scripted(*stops), 1)
        for stops in itertools.product(*(range(len(reel)) for reel in config.reels))
    ]


def moments(values: Counter[Fraction]) -> tuple[Fraction, Fraction]:
    n = sum(values.values())
    return (
        sum((v * c for v, c in values.items()), Fraction(0)) / n,
        sum((v * v * c for v, c in values.items()), Fraction(0)) / n,
    )


@pytest.mark.parametrize("wild_multiplier", [1, 3])
def test_a_spin_s_exact_moments_agree_with_enumerating_every_stop(wild_multiplier: int) -> None:
    config = dataclasses.replace(SMALL, wild_multiplier=wild_multiplier)
    wins = Counter(Fraction(r.total_win, r.total_bet) for r in every_spin(config))
    mean, square = moments(wins)
    assert slot_math.spin_rtp(config) == mean
    assert slot_math.spin_moments(config) == (mean, square)
    assert slot_math.exact_rtp(config) == mean  # no free spins: the round is the spin
    assert mean > 0


def test_the_wild_multiplier_pays_more_exactly_where_a_wild_stands_in() -> None:
    plain, tripled = SMALL, dataclasses.replace(SMALL, wild_multiplier=3)
    assert slot_math.spin_rtp(tripled) > slot_math.spin_rtp(plain)
    assert slot.line_pay(tripled, (A, A, A, K, K)) == slot.line_pay(plain, (A, A, A, K, K))
    assert slot.line_pay(tripled, (A, W, A, K, K)) == (A, 3, 15)
    # Three wilds alone pay 20; standing in for four kings they pay 10 x 3.
    assert slot.line_pay(tripled, (W, W, W, K, S)) == (K, 4, 30)
    assert slot.line_pay(plain, (W, W, W, K, S)) == (W, 3, 20)
    assert slot.line_pay(tripled, (W, W, W, K, K)) == (K, 5, 75)


def test_a_round_with_free_spins_agrees_with_building_every_outcome() -> None:
    """Two free spins at x3 for two or more scatters, no retrigger: R = X0 + T0 x 3 (X1 + X2), enumerated
    over the distinct (win, triggered) outcomes of a spin with their exact weights."""
    config = dataclasses.replace(
        SMALL, free_spins=FreeSpins(spins=2, multiplier=3, retrigger=False, trigger=2)
    )
    spins = every_spin(config)
    first = Counter((Fraction(r.total_win, r.total_bet), slot.triggers(config, r)) for r in spins)
    later = Counter(Fraction(r.total_win, r.total_bet) for r in spins)
    n = len(spins)
    round_wins: Counter[Fraction] = Counter()
    for (x0, triggered), c0 in first.items():
        if not triggered:
            round_wins[x0] += c0 * n * n
            continue
        for (x1, c1), (x2, c2) in itertools.product(later.items(), repeat=2):
            round_wins[x0 + 3 * (x1 + x2)] += c0 * c1 * c2
    mean, square = moments(round_wins)
    assert slot_math.trigger_probability(config) == Fraction(sum(c for (_, t), c in first.items() if t), n)
    assert slot_math.exact_rtp(config) == mean
    assert slot_math.exact_moments(config) == (mean, square)
    assert slot_math.feature_value(config) == 2 * 3 * slot_math.spin_rtp(config)


def test_retriggers_solve_the_feature_s_linear_equations() -> None:
    """With retriggers the feature can go on without end: its exact moments must be the limits of the
    feature cut off after k generations of retriggers, computed here from the enumerated joint law of a
    spin's (win, triggered)."""
    feature = FreeSpins(spins=2, multiplier=2, retrigger=True, trigger=4)
    config = dataclasses.replace(SMALL, free_spins=feature)
    spins = every_spin(config)
    joint = Counter((Fraction(r.total_win, r.total_bet), slot.triggers(config, r)) for r in spins)
    n = len(spins)
    f1 = f2 = Fraction(0)  # moments of the feature with at most k generations of retriggers
    for _ in range(120):
        y1 = sum((c * (2 * x + (f1 if t else 0)) for (x, t), c in joint.items()), Fraction(0)) / n
        y2 = sum(
            (c * (4 * x * x + (4 * x * f1 + f2 if t else 0)) for (x, t), c in joint.items()), Fraction(0)
        )
        y2 /= n
        f1, f2 = 2 * y1, 2 * y2 + 2 * y1 * y1
        f1, f2 = Fraction(float(f1)), Fraction(float(f2))  # keep the iteration's numbers small
    p = Fraction(sum(c for (_, t), c in joint.items() if t), n)
    mean = sum((c * x for (x, _), c in joint.items()), Fraction(0)) / n
    square = sum((c * x * x for (x, _), c in joint.items()), Fraction(0)) / n
    x_t = sum((c * x for (x, t), c in joint.items() if t), Fraction(0)) / n
    assert 0 < 2 * p < 1
    assert float(slot_math.feature_value(config)) == pytest.approx(float(f1), rel=1e-12)
    exact_mean, exact_square = slot_math.exact_moments(config)
    assert exact_mean == mean + p * slot_math.feature_value(config)
    assert float(exact_square) == pytest.approx(float(square + 2 * x_t * f1 + p * f2), rel=1e-12)
