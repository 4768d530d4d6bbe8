"""The house's video slot engine: 5 reels of 3 rows, fixed paylines. Lines pay left to right in multiples of
the line bet, the game's wild stands in for every symbol but the scatter (and may multiply the wins it helps
make), scatters pay anywhere in multiples of the total bet, and enough scatters may award free spins, played
at a multiplier inside the same paid round: one stake, one win. Each game is a SlotConfig (the six themes are
in server.house.engine.slots); its return to player and variance are exact (slot_math), not estimated."""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from server.house.engine.fair import RandomSource

ROWS = 3


@dataclass(frozen=True)
class FreeSpins:
    """`spins` free spins at `multiplier` for `trigger` or more scatters anywhere; with `retrigger`, the
    scatters of a free spin award as many again."""

    spins: int
    multiplier: int
    retrigger: bool
    trigger: int = 3


@dataclass(frozen=True, eq=False)
class SlotConfig:
    """Compared and hashed by identity (eq=False): a configuration keys the lookup tables its spins read."""

    reels: tuple[tuple[str, ...], ...]
    paylines: tuple[tuple[int, ...], ...]
    paytable: dict[str, dict[int, int]]  # symbol -> count -> multiple of the line bet
    scatter_pays: dict[int, int]  # scatter count -> multiple of the total bet
    wild: str = "WILD"
    scatter: str = "SCATTER"
    # A line win the wild stands in for (not the wilds' own pay) is multiplied by this.
    wild_multiplier: int = 1
    free_spins: FreeSpins | None = None


def strip(counts: dict[str, int], order: Sequence[str], scatter: str, shift: int = 0) -> tuple[str, ...]:
    """Symbols dealt round the reel kind by kind so that equal symbols do not bunch, scatters spread evenly
    (so that, with fewer than a third of the stops, no window of three shows two); then turned by `shift`
    stops, so that reels with the same counts still differ (which changes no figure: stops are uniform)."""
    length = sum(counts.values())
    dealt_strip: list[str | None] = [None] * length
    scatters = counts.get(scatter, 0)
    for i in range(scatters):
        dealt_strip[i * length // scatters] = scatter
    left = {kind: counts.get(kind, 0) for kind in order if kind != scatter}
    dealt: list[str] = []
    while any(left.values()):
        for kind in order:
            if left.get(kind):
                dealt.append(kind)
                left[kind] -= 1
    filler = iter(dealt)
    dealt_in_place = tuple(s if s is not None else next(filler) for s in dealt_strip)
    turn = shift % length
    return dealt_in_place[turn:] + dealt_in_place[:turn]


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
    multiplier: int = 1  # already applied to the wins above
    scatters: int = 0


@dataclass(frozen=True)
class RoundResult:
    """A paid spin and the free spins it led to, settled as one round."""

    base: SpinResult
    free_spins: tuple[SpinResult, ...]
    awarded: int  # free spins awarded in all, retriggers included (== len(free_spins))
    total_bet: int
    total_win: int


# Reading a line is a fold over its symbols, left to right, so that the exact figures (slot_math) can run the
# same rules over symbol distributions instead of grids. The state is (leading wilds, target symbol or "",
# length of the run of target-or-wild, whether the run can still grow, whether a wild stands in the run).
LineState = tuple[int, str, int, bool, bool]
LINE_START: LineState = (0, "", 0, True, False)


def step(config: SlotConfig, state: LineState, symbol: str) -> LineState:
    wilds, target, run, open_, substituted = state
    if not open_:
        return state
    if not target:
        if symbol == config.wild:
            return (wilds + 1, "", run + 1, True, False)
        # A scatter is not substituted for: it ends the line with whatever the wilds before it pay.
        if symbol == config.scatter:
            return (wilds, config.scatter, run, False, False)
        return (wilds, symbol, run + 1, True, wilds > 0)
    if symbol == target:
        return (wilds, target, run + 1, True, substituted)
    if symbol == config.wild:
        return (wilds, target, run + 1, True, True)
    return (wilds, target, run, False, substituted)


def reading(config: SlotConfig, state: LineState) -> tuple[str, int, int]:
    """(symbol, count, multiple of the line bet) of the best paying reading of a line: the leading wilds on
    their own, or the wilds together with the first other symbol (times the wild multiplier if a wild stood
    in)."""
    wilds, target, run, _, substituted = state
    best = ("", 0, 0)
    wild_pays = config.paytable.get(config.wild)
    if wilds and wild_pays and wild_pays.get(wilds, 0):
        best = (config.wild, wilds, wild_pays[wilds])
    if not target:
        if wild_pays is None:  # all wilds, with no pay of their own: they stand for the best paying symbol
            for symbol, table in config.paytable.items():
                if table.get(run, 0) * config.wild_multiplier > best[2]:
                    best = (symbol, run, table[run] * config.wild_multiplier)
    elif target != config.scatter:
        pays = config.paytable.get(target, {}).get(run, 0) * (config.wild_multiplier if substituted else 1)
        if pays > best[2]:
            best = (target, run, pays)
    return best


def line_pay(config: SlotConfig, symbols: Sequence[str]) -> tuple[str, int, int]:
    """(symbol, count, multiple of the line bet) of one line's symbols, reel 1 first; ("", 0, 0) if none."""
    return reading(config, functools.reduce(functools.partial(step, config), symbols, LINE_START))


# The live-line table looks at three reels: by the third, nearly every line has settled on paying nothing.
_PREFIX = 3


@dataclass(frozen=True)
class _Tables:
    windows: tuple[tuple[tuple[str, ...], ...], ...]  # per reel, per stop: the column shown
    lines: tuple[Callable[[tuple[str, ...]], tuple[str, ...]], ...]  # a line's symbols from the flat grid
    # Per first three columns, the lines that can still pay whatever the other reels show; filled as spins
    # meet them (at most the product of the first three strips' lengths).
    live: dict[tuple[tuple[str, ...], ...], tuple[int, ...]]


@functools.cache
def _tables(config: SlotConfig) -> _Tables:
    """What every spin would otherwise recompute. With them a spin costs five draws, one look-up and the
    reading of the few lines still alive after three reels, which is what lets the simulation tests run
    hundreds of thousands of rounds per game."""
    windows = tuple(
        tuple(tuple(reel[(stop + row) % len(reel)] for row in range(ROWS)) for stop in range(len(reel)))
        for reel in config.reels
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
    read = functools.partial(step, config)
    for index, line in enumerate(config.paylines):
        state = functools.reduce(
            read, (column[row] for column, row in zip(columns, line, strict=False)), LINE_START
        )
        if state[3] or reading(config, state)[2]:
            live.append(index)
    return tuple(live)


def evaluate(
    config: SlotConfig, grid: tuple[tuple[str, ...], ...], line_bet: int, multiplier: int = 1
) -> SpinResult:
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
            wins.append(LineWin(index, symbol, count, multiple * line_bet * multiplier))
    total_bet = line_bet * len(config.paylines)
    scatters = flat.count(config.scatter)
    scatter_win = config.scatter_pays.get(scatters, 0) * total_bet * multiplier
    total = sum(w.amount for w in wins) + scatter_win
    return SpinResult(grid, tuple(wins), scatter_win, total_bet, total, multiplier, scatters)


def spin(config: SlotConfig, rng: RandomSource, line_bet: int, multiplier: int = 1) -> SpinResult:
    """Each reel stops at a uniform position of its strip, independently of the others."""
    grid = tuple(reel[rng.randbelow(len(reel))] for reel in _tables(config).windows)
    return evaluate(config, grid, line_bet, multiplier)


def triggers(config: SlotConfig, result: SpinResult) -> bool:
    return config.free_spins is not None and result.scatters >= config.free_spins.trigger


def play(config: SlotConfig, rng: RandomSource, line_bet: int) -> RoundResult:
    """One paid round: a spin, then any free spins it awards (and their retriggers), played at once from the
    same random source and settled together: one stake, one win."""
    base = spin(config, rng, line_bet)
    feature = config.free_spins
    played: list[SpinResult] = []
    if feature is not None and triggers(config, base):
        left = feature.spins
        while left:
            left -= 1
            free = spin(config, rng, line_bet, feature.multiplier)
            played.append(free)
            if feature.retrigger and triggers(config, free):
                left += feature.spins
    total = base.total_win + sum(free.total_win for free in played)
    return RoundResult(base, tuple(played), len(played), base.total_bet, total)
