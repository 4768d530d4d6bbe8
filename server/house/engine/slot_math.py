"""A slot's exact figures: the return to player and the variance (its volatility) of a paid round, free
spins included. They are what a certification lab asks for, what the simulation tests' tolerances are
derived from, and what the game's volatility label is read from.

One spin's win per unit of total bet is X = (L_1 + ... + L_n) / n + S, with L_i the multiple of the line bet
paid on line i and S the scatter multiple. Each reel stops uniformly and independently, so E[L_i] is the
same for every line and is folded a reel at a time over the strips' symbol frequencies. The lines share
reels, so E[X^2] needs E[L_i L_j] for every pair and E[L_i S] for every line: each is exact over the reels'
stops, following the lines' reading states; a line that has settled on paying nothing makes the product zero
and is dropped at once, which keeps the computation to a fraction of a second per pair.

Free spins. With T the indicator that a spin triggers the feature (probability p), a triggered feature of N
spins at multiplier M pays F = Y_1 + ... + Y_N, the Y_k independent copies of M X + T' F' (T' = T when
retriggers are allowed, else 0; F' an independent copy of F). So E[F] = N (M E[X] + q E[F]) with q = P(T'),
and E[F^2] = N E[Y^2] + N (N - 1) E[Y]^2 with E[Y^2] = M^2 E[X^2] + 2 M E[X T'] E[F] + q E[F^2]: two linear
equations, solved exactly. A paid round returns R = X + T F."""

from __future__ import annotations

import functools
import math
from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction

from server.house.engine.slot import LINE_START, LineState, SlotConfig, reading, step, windows

# A line being read across a distribution of symbols: its state while it can still grow, or, once settled, the
# multiple of the line bet it pays (an int).
Partial = LineState | int

# Standard deviation of a paid round's return per unit of total bet, below which a game is LOW, below which
# MEDIUM; HIGH above. The six games sit well inside their bands (test_slot checks each label).
VOLATILITY_BANDS = ((Fraction(11, 4), "LOW"), (Fraction(5), "MEDIUM"))


@functools.cache
def advance(config: SlotConfig, state: LineState, symbol: str) -> Partial:
    after = step(config, state, symbol)
    return after if after[3] else reading(config, after)[2]


def settle(config: SlotConfig, partial: Partial) -> int:
    return partial if isinstance(partial, int) else reading(config, partial)[2]


def _total_stops(config: SlotConfig) -> int:
    return math.prod(len(reel) for reel in config.reels)


def scatter_distribution(config: SlotConfig) -> dict[int, Fraction]:
    """Probability of each number of scatters on the screen, from every stop's window of every reel: exact
    even where a strip shows two scatters at once."""
    weights: dict[int, int] = {0: 1}
    for reel in windows(config):
        shown = Counter(window.count(config.scatter) for window in reel)
        combined: defaultdict[int, int] = defaultdict(int)
        for before, weight in weights.items():
            for here, count in shown.items():
                combined[before + here] += weight * count
        weights = combined
    return {count: Fraction(weight, _total_stops(config)) for count, weight in weights.items()}


def _triggered(config: SlotConfig) -> Callable[[int], int]:
    needed = config.free_spins.trigger if config.free_spins else math.inf
    return lambda scatters: int(scatters >= needed)


def _scatter_pay(config: SlotConfig) -> Callable[[int], int]:
    return lambda scatters: config.scatter_pays.get(scatters, 0)


def _over_scatters(config: SlotConfig, value: Callable[[int], int | Fraction]) -> Fraction:
    return sum((p * value(count) for count, p in scatter_distribution(config).items()), Fraction(0))


def trigger_probability(config: SlotConfig) -> Fraction:
    return _over_scatters(config, _triggered(config))


def spin_rtp(config: SlotConfig) -> Fraction:
    """E[X]: one spin's expected win per unit of total bet, at multiplier 1. Lines pay in line bets (1/n of
    the total bet each, n of them), so one line's expected multiple is the lines' share of the return."""
    states: dict[Partial, int] = {LINE_START: 1}
    for reel in config.reels:
        frequencies = Counter(reel)
        following: defaultdict[Partial, int] = defaultdict(int)
        for partial, weight in states.items():
            if isinstance(partial, int):
                following[partial] += weight * len(reel)
                continue
            for symbol, count in frequencies.items():
                following[advance(config, partial, symbol)] += weight * count
        states = following
    line_ev = Fraction(sum(settle(config, p) * weight for p, weight in states.items()), _total_stops(config))
    return line_ev + _over_scatters(config, _scatter_pay(config))


# One line, or two, being read together, with the number of scatters seen so far.
_Track = tuple[tuple[Partial, ...], int]


def _product_moment(
    config: SlotConfig, lines: tuple[tuple[int, ...], ...], weigh: Callable[[int], int] | None
) -> Fraction:
    """E[product of the given lines' pays, times weigh(scatter count) when given], in line bets."""
    tracks: dict[_Track, int] = {(tuple(LINE_START for _ in lines), 0): 1}
    for reel, shown in enumerate(windows(config)):
        seen = Counter(
            (tuple(window[rows[reel]] for rows in lines), window.count(config.scatter) if weigh else 0)
            for window in shown
        )
        following: defaultdict[_Track, int] = defaultdict(int)
        for (partials, scatters), weight in tracks.items():
            for (symbols, here), count in seen.items():
                moved = tuple(
                    p if isinstance(p, int) else advance(config, p, s)
                    for p, s in zip(partials, symbols, strict=True)
                )
                if 0 not in moved:
                    following[(moved, scatters + here)] += weight * count
        tracks = following
    total = 0
    for (partials, scatters), weight in tracks.items():
        value = math.prod(settle(config, p) for p in partials)
        total += value * (weigh(scatters) if weigh else 1) * weight
    return Fraction(total, _total_stops(config))


def spin_moments(config: SlotConfig) -> tuple[Fraction, Fraction]:
    """(E[X], E[X^2]) of one spin's win per unit of total bet, at multiplier 1."""
    lines = config.paylines
    n = len(lines)
    pairs = Fraction(0)  # sum over ordered pairs (i, j) of E[L_i L_j]
    for i in range(n):
        pairs += _product_moment(config, (lines[i], lines[i]), None)
        for j in range(i + 1, n):
            pairs += 2 * _product_moment(config, (lines[i], lines[j]), None)
    pay = _scatter_pay(config)
    crossed = sum((_product_moment(config, (line,), pay) for line in lines), Fraction(0))
    scatter_square = _over_scatters(config, lambda count: pay(count) ** 2)
    return spin_rtp(config), pairs / n**2 + 2 * crossed / n + scatter_square


def win_when_triggered(config: SlotConfig) -> Fraction:
    """E[X T]: the expected win of a spin together with its triggering the free spins."""
    lines, hit = config.paylines, _triggered(config)
    on_lines = sum((_product_moment(config, (line,), hit) for line in lines), Fraction(0)) / len(lines)
    pay = _scatter_pay(config)
    return on_lines + _over_scatters(config, lambda count: pay(count) * hit(count))


def _feature(config: SlotConfig, mean: Fraction, square: Fraction | None) -> tuple[Fraction, Fraction]:
    """(E[F], E[F^2]) of a triggered feature (E[F^2] only when E[X^2] is given, else 0)."""
    feature = config.free_spins
    assert feature is not None
    spins, multiplier = feature.spins, feature.multiplier
    q = trigger_probability(config) if feature.retrigger else Fraction(0)
    assert spins * q < 1, "retriggers must not expect to award a spin for every spin played"
    f1 = spins * multiplier * mean / (1 - spins * q)
    if square is None:
        return f1, Fraction(0)
    joint = win_when_triggered(config) if feature.retrigger else Fraction(0)
    y1 = f1 / spins
    f2 = (spins * (multiplier**2 * square + 2 * multiplier * joint * f1) + spins * (spins - 1) * y1**2) / (
        1 - spins * q
    )
    return f1, f2


@functools.cache
def exact_rtp(config: SlotConfig) -> Fraction:
    """E[R]: a paid round's expected win per unit of total bet, free spins included."""
    mean = spin_rtp(config)
    if config.free_spins is None:
        return mean
    return mean + trigger_probability(config) * _feature(config, mean, None)[0]


def feature_value(config: SlotConfig) -> Fraction:
    """E[F]: what a triggered feature pays on average, per unit of total bet (0 without free spins)."""
    return _feature(config, spin_rtp(config), None)[0] if config.free_spins else Fraction(0)


@functools.cache
def exact_moments(config: SlotConfig) -> tuple[Fraction, Fraction]:
    """(E[R], E[R^2]) of a paid round's win per unit of total bet."""
    mean, square = spin_moments(config)
    if config.free_spins is None:
        return mean, square
    p = trigger_probability(config)
    f1, f2 = _feature(config, mean, square)
    return mean + p * f1, square + 2 * win_when_triggered(config) * f1 + p * f2


def exact_variance(config: SlotConfig) -> Fraction:
    """Variance of a paid round's win per unit of total bet."""
    mean, square = exact_moments(config)
    return square - mean**2


def volatility(config: SlotConfig) -> str:
    variance = exact_variance(config)
    for limit, label in VOLATILITY_BANDS:
        if variance < limit**2:
            return label
    return "HIGH"
