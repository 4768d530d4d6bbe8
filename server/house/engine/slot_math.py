"""The slot's exact variance (its volatility): what the simulation test's tolerance is derived from, and the
figure a certification lab asks for beside the return to player.

The win of a spin per unit of total bet is X = (L_1 + ... + L_20) / 20 + S, with L_i the multiple of the line
bet paid on line i and S the scatter multiple. The lines share reels, so they are not independent: E[X^2]
needs E[L_i L_j] for every pair of lines and E[L_i S] for every line. Each is exact over the reels' stops,
folded a reel at a time (reels stop independently), following the lines' reading states as exact_rtp does;
a line that has settled on paying nothing makes the product zero and is dropped at once, which is what keeps
the computation to a fraction of a second per pair."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from fractions import Fraction

from server.house.engine.slot import (
    LINE_START,
    SCATTER,
    Partial,
    SlotConfig,
    advance,
    exact_rtp,
    scatter_distribution,
    settle,
    windows,
)

# One line, or two, being read together, with the number of scatters seen so far.
_Track = tuple[tuple[Partial, ...], int]


def _product_moment(config: SlotConfig, lines: tuple[tuple[int, ...], ...], with_scatter: bool) -> Fraction:
    """E[product of the given lines' pays (times S when with_scatter)], in line bets (and total bets)."""
    tracks: dict[_Track, int] = {(tuple(LINE_START for _ in lines), 0): 1}
    for reel, shown in enumerate(windows(config)):
        seen = Counter(
            (tuple(window[rows[reel]] for rows in lines), window.count(SCATTER) if with_scatter else 0)
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
        if with_scatter:
            value *= config.scatter_pays.get(scatters, 0)
        total += value * weight
    return Fraction(total, math.prod(len(strip) for strip in config.reels))


def exact_moments(config: SlotConfig) -> tuple[Fraction, Fraction]:
    """(E[X], E[X^2]) of the win per unit of total bet."""
    lines = config.paylines
    n = len(lines)
    pairs = Fraction(0)  # sum over ordered pairs (i, j) of E[L_i L_j]
    for i in range(n):
        pairs += _product_moment(config, (lines[i], lines[i]), with_scatter=False)
        for j in range(i + 1, n):
            pairs += 2 * _product_moment(config, (lines[i], lines[j]), with_scatter=False)
    crossed = sum((_product_moment(config, (line,), with_scatter=True) for line in lines), Fraction(0))
    scatter_square = sum(
        (p * config.scatter_pays.get(count, 0) ** 2 for count, p in scatter_distribution(config).items()),
        Fraction(0),
    )
    return exact_rtp(config), pairs / n**2 + 2 * crossed / n + scatter_square


def exact_variance(config: SlotConfig) -> Fraction:
    """Variance of one spin's win per unit of total bet."""
    mean, square = exact_moments(config)
    return square - mean**2
