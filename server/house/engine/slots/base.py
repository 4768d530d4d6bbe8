"""What every house slot title is made of: its catalogue identity, its machine, and the paylines they draw
from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from server.house.engine.slot import SlotConfig, strip

# Row index (0 top, 1 middle, 2 bottom) on each reel. A game with n lines plays the first n: the three rows,
# the two Vs, then the usual zigzags.
PAYLINES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2),
    (0, 0, 1, 2, 2), (2, 2, 1, 0, 0), (1, 0, 0, 0, 1), (1, 2, 2, 2, 1), (0, 1, 1, 1, 0),
    (2, 1, 1, 1, 2), (1, 0, 1, 2, 1), (1, 2, 1, 0, 1), (0, 1, 0, 1, 0), (2, 1, 2, 1, 2),
    (1, 1, 0, 1, 1), (1, 1, 2, 1, 1), (0, 2, 0, 2, 0), (2, 0, 2, 0, 2), (0, 2, 2, 2, 0),
    (0, 0, 2, 0, 0), (2, 2, 0, 2, 2), (1, 0, 2, 0, 1), (1, 2, 0, 2, 1), (0, 2, 1, 2, 0),
    (2, 0, 1, 0, 2), (1, 0, 1, 0, 1), (1, 2, 1, 2, 1), (0, 0, 1, 0, 0), (2, 2, 1, 2, 2),
)  # fmt: skip


def paylines(count: int) -> tuple[tuple[int, ...], ...]:
    assert count <= len(PAYLINES)
    return PAYLINES[:count]


def reels(order: Sequence[str], counts: Sequence[Sequence[int]], scatter: str) -> tuple[tuple[str, ...], ...]:
    """One strip per row of counts (given in `order`), each turned a different way."""
    return tuple(
        strip(dict(zip(order, row, strict=True)), order, scatter, shift=7 * index)
        for index, row in enumerate(counts)
    )


@dataclass(frozen=True)
class SlotTitle:
    """A slot as the catalogue sells it. `volatility` is declared beside the machine so that the screen
    needs no computation to show it; test_slot checks it against the exact variance (slot_math)."""

    code: str
    name: str
    config: SlotConfig
    volatility: str  # LOW, MEDIUM or HIGH
    names: dict[str, str] = field(default_factory=dict)  # by portal language code (CN, JA, ...)
    hot: bool = False

    @property
    def lines(self) -> int:
        return len(self.config.paylines)
