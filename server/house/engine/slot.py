"""A 5-reel, 3-row video slot with 20 fixed paylines. Lines pay left to right in multiples of the line bet,
WILD stands in for every symbol but SCATTER, and scatters pay anywhere in multiples of the total bet. The
return to player is computed exactly from the strips (exact_rtp; the variance in slot_math), not estimated."""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from server.house.engine.fair import RandomSource

WILD, SCATTER = "WILD", "SCATTER"
ROWS = 3

# Row index (0 top, 1 middle, 2 bottom) on each reel, the usual twenty lines.
PAYLINES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2),
    (0, 0, 1, 2, 2), (2, 2, 1, 0, 0), (1, 0, 0, 0, 1), (1, 2, 2, 2, 1), (0, 1, 1, 1, 0),
    (2, 1, 1, 1, 2), (1, 0, 1, 2, 1), (1, 2, 1, 0, 1), (0, 1, 0, 1, 0), (2, 1, 2, 1, 2),
    (1, 1, 0, 1, 1), (1, 1, 2, 1, 1), (0, 2, 0, 2, 0), (2, 0, 2, 0, 2), (0, 2, 2, 2, 0),
)  # fmt: skip


def _strip(counts: dict[str, int], order: tuple[str, ...]) -> tuple[str, ...]:
    """Symbols dealt round the reel kind by kind so that equal symbols do not bunch, scatters spread evenly
    (so that no three consecutive positions hold two)."""
    length = sum(counts.values())
    strip: list[str | None] = [None] * length
    scatters = counts.get(SCATTER, 0)
    for i in range(scatters):
        strip[i * length // scatters] = SCATTER
    left = {kind: counts.get(kind, 0) for kind in order if kind != SCATTER}
    dealt: list[str] = []
    while any(left.values()):
        for kind in order:
            if left.get(kind):
                dealt.append(kind)
                left[kind] -= 1
    filler = iter(dealt)
    return tuple(s if s is not None else next(filler) for s in strip)


_ORDER = ("CROWN", "GEM", "BELL", "SEVEN", "A", "K", "Q", "J", WILD, SCATTER)
_REEL_COUNTS = (
    {"CROWN": 2, "GEM": 3, "BELL": 4, "SEVEN": 4, "A": 5, "K": 6, "Q": 6, "J": 7, WILD: 2, SCATTER: 1},
    {"CROWN": 2, "GEM": 3, "BELL": 4, "SEVEN": 5, "A": 5, "K": 6, "Q": 6, "J": 6, WILD: 2, SCATTER: 1},
    {"CROWN": 2, "GEM": 3, "BELL": 4, "SEVEN": 4, "A": 5, "K": 6, "Q": 7, "J": 7, WILD: 2, SCATTER: 1},
    {"CROWN": 2, "GEM": 3, "BELL": 4, "SEVEN": 5, "A": 5, "K": 6, "Q": 6, "J": 7, WILD: 1, SCATTER: 1},
    {"CROWN": 2, "GEM": 3, "BELL": 4, "SEVEN": 5, "A": 6, "K": 6, "Q": 6, "J": 7, WILD: 1, SCATTER: 1},
)


@dataclass(frozen=True, eq=False)
class SlotConfig:
    """Compared and hashed by identity (eq=False): a configuration keys the lookup tables its spins read."""

    reels: tuple[tuple[str, ...], ...]
    paylines: tuple[tuple[int, ...], ...]
    paytable: dict[str, dict[int, int]]  # symbol -> count -> multiple of the line bet
    scatter_pays: dict[int, int]  # scatter count -> multiple of the total bet


DEFAULT_SLOT = SlotConfig(
    reels=tuple(_strip(counts, _ORDER) for counts in _REEL_COUNTS),
    paylines=PAYLINES,
    paytable={
        WILD: {3: 100, 4: 500, 5: 2000},
        "CROWN": {3: 80, 4: 300, 5: 1200},
        "GEM": {3: 50, 4: 200, 5: 700},
        "BELL": {3: 30, 4: 100, 5: 350},
        "SEVEN": {3: 24, 4: 80, 5: 250},
        "A": {3: 14, 4: 40, 5: 140},
        "K": {3: 10, 4: 30, 5: 100},
        "Q": {3: 8, 4: 24, 5: 80},
        "J": {3: 6, 4: 20, 5: 60},
    },
    scatter_pays={3: 7, 4: 25, 5: 100},
)

# Five more lines for the themes sold as 25-line games. Every line reads the same symbol distribution (one
# row per reel, each reel stopping uniformly), so the return per unit staked does not change with the count.
EXTRA_PAYLINES: tuple[tuple[int, ...], ...] = (
    (0, 0, 2, 0, 0), (2, 2, 0, 2, 2), (1, 0, 2, 0, 1), (1, 2, 0, 2, 1), (0, 2, 1, 2, 0),
)  # fmt: skip
SLOT_25_LINES = SlotConfig(
    reels=DEFAULT_SLOT.reels,
    paylines=PAYLINES + EXTRA_PAYLINES,
    paytable=DEFAULT_SLOT.paytable,
    scatter_pays=DEFAULT_SLOT.scatter_pays,
)
CONFIGS = {20: DEFAULT_SLOT, 25: SLOT_25_LINES}


@dataclass(frozen=True)
class LineWin:
    line: int
    symbol: str
    count: int
    amount: int


@dataclass(frozen=True)
class SpinResult:
    grid: tuple[tuple[str, ...], ...]  # five columns, each three symbols top to bottom
    line_wins: tuple[LineWin, ...]
    scatter_win: int
    total_bet: int
    total_win: int


# Reading a line is a fold over its symbols, left to right, so that the exact figures (slot_math) can run the
# same rules over symbol distributions instead of grids. The state is (leading wilds, target symbol or "",
# length of the run of target-or-wild, whether the run can still grow).
LineState = tuple[int, str, int, bool]
LINE_START: LineState = (0, "", 0, True)


def step(state: LineState, symbol: str) -> LineState:
    wilds, target, run, open_ = state
    if not open_:
        return state
    if not target:
        if symbol == WILD:
            return (wilds + 1, "", run + 1, True)
        # A scatter is not substituted for: it ends the line with whatever the wilds before it pay.
        if symbol == SCATTER:
            return (wilds, SCATTER, run, False)
        return (wilds, symbol, run + 1, True)
    if symbol in (target, WILD):
        return (wilds, target, run + 1, True)
    return (wilds, target, run, False)


def reading(config: SlotConfig, state: LineState) -> tuple[str, int, int]:
    """(symbol, count, multiple of the line bet) of the best paying reading of a line: the leading wilds on
    their own, or the wilds together with the first other symbol."""
    wilds, target, run, _ = state
    best = ("", 0, 0)
    wild_pays = config.paytable.get(WILD)
    if wilds and wild_pays and wild_pays.get(wilds, 0):
        best = (WILD, wilds, wild_pays[wilds])
    if not target:
        if wild_pays is None:  # all wilds, with no pay of their own: they stand for the best paying symbol
            for symbol, table in config.paytable.items():
                if table.get(run, 0) > best[2]:
                    best = (symbol, run, table[run])
    elif target != SCATTER:
        pays = config.paytable.get(target, {}).get(run, 0)
        if pays > best[2]:
            best = (target, run, pays)
    return best


def line_pay(config: SlotConfig, symbols: Sequence[str]) -> tuple[str, int, int]:
    """(symbol, count, multiple of the line bet) of one line's symbols, reel 1 first; ("", 0, 0) if none."""
    return reading(config, functools.reduce(step, symbols, LINE_START))


# The live-line table looks at three reels: by the third, nearly every line has settled on paying nothing.
_PREFIX = 3


@dataclass(frozen=True)
class _Tables:
    windows: tuple[tuple[tuple[str, ...], ...], ...]  # per reel, per stop: the column shown
    lines: tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...]  # a line's symbols from the flat grid
    # Per first three columns, the lines that can still pay whatever the other reels show; filled as spins
    # meet them (at most the product of the first three strips' lengths, 65,600 for the default).
    live: dict[tuple[tuple[str, ...], ...], tuple[int, ...]]


@functools.cache
def _tables(config: SlotConfig) -> _Tables:
    """What every spin would otherwise recompute. With them a spin costs five draws, one look-up and the
    reading of the line or so in twenty still alive after three reels, which is what lets the simulation
    test run a million spins."""
    windows = tuple(
        tuple(tuple(strip[(stop + row) % len(strip)] for row in range(ROWS)) for stop in range(len(strip)))
        for strip in config.reels
    )
    lines = tuple(
        operator.itemgetter(*(reel * ROWS + row for reel, row in enumerate(line))) for line in config.paylines
    )
    return _Tables(windows, lines, {})


def windows(config: SlotConfig) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Per reel, the column each stop shows (rows stop, stop + 1, stop + 2, wrapping round the strip)."""
    return _tables(config).windows


def _live_lines(config: SlotConfig, columns: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    live = []
    for index, line in enumerate(config.paylines):
        state = functools.reduce(
            step, (column[row] for column, row in zip(columns, line, strict=False)), LINE_START
        )
        if state[3] or reading(config, state)[2]:
            live.append(index)
    return tuple(live)


def evaluate(config: SlotConfig, grid: tuple[tuple[str, ...], ...], line_bet: int) -> SpinResult:
    tables = _tables(config)
    prefix = grid[:_PREFIX]
    live = tables.live.get(prefix)
    if live is None:
        live = tables.live[prefix] = _live_lines(config, prefix)
    flat = tuple(itertools.chain.from_iterable(grid))
    wins = []
    for index in live:
        symbol, count, multiple = line_pay(config, tables.lines[index](flat))
        if multiple:
            wins.append(LineWin(index, symbol, count, multiple * line_bet))
    total_bet = line_bet * len(config.paylines)
    scatter_win = config.scatter_pays.get(flat.count(SCATTER), 0) * total_bet
    return SpinResult(grid, tuple(wins), scatter_win, total_bet, sum(w.amount for w in wins) + scatter_win)


def spin(config: SlotConfig, rng: RandomSource, line_bet: int) -> SpinResult:
    """Each reel stops at a uniform position of its strip, independently of the others."""
    grid = tuple(reel[rng.randbelow(len(reel))] for reel in _tables(config).windows)
    return evaluate(config, grid, line_bet)


# A line being read across a distribution of symbols: its state while it can still grow, or, once settled, the
# multiple of the line bet it pays (an int).
Partial = LineState | int


@functools.cache
def advance(config: SlotConfig, state: LineState, symbol: str) -> Partial:
    after = step(state, symbol)
    return after if after[3] else reading(config, after)[2]


def settle(config: SlotConfig, partial: Partial) -> int:
    return partial if isinstance(partial, int) else reading(config, partial)[2]


def scatter_distribution(config: SlotConfig) -> dict[int, Fraction]:
    """Probability of each number of scatters on the screen, from every stop's window of every reel: exact
    even if a strip showed two scatters at once (the default strips never do)."""
    weights: dict[int, int] = {0: 1}
    for reel in windows(config):
        shown = Counter(window.count(SCATTER) for window in reel)
        combined: defaultdict[int, int] = defaultdict(int)
        for before, weight in weights.items():
            for here, count in shown.items():
                combined[before + here] += weight * count
        weights = combined
    total = math.prod(len(strip) for strip in config.reels)
    return {count: Fraction(weight, total) for count, weight in weights.items()}


def exact_rtp(config: SlotConfig) -> Fraction:
    """Expected win per unit of total bet. Each reel stops uniformly and independently, so any row of reel i
    shows symbol s with the frequency of s on strip i, whatever the line: all lines have the same expected
    pay, taken here over the symbol distributions, a reel at a time. Lines pay in line bets (1/20 of the
    total bet each, twenty of them), so one line's expected multiple is the lines' share of the return."""
    states: dict[Partial, int] = {LINE_START: 1}
    for strip in config.reels:
        frequencies = Counter(strip)
        following: defaultdict[Partial, int] = defaultdict(int)
        for partial, weight in states.items():
            if isinstance(partial, int):
                following[partial] += weight * len(strip)
                continue
            for symbol, count in frequencies.items():
                following[advance(config, partial, symbol)] += weight * count
        states = following
    total = math.prod(len(strip) for strip in config.reels)
    line_ev = Fraction(sum(settle(config, p) * weight for p, weight in states.items()), total)
    scatter_ev = sum(
        (p * config.scatter_pays.get(count, 0) for count, p in scatter_distribution(config).items()),
        Fraction(0),
    )
    return line_ev + scatter_ev
