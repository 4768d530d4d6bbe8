"""European roulette: a single-zero wheel of 37 pockets, one uniform draw per round. Bet ids are short (they
are stored in eight characters): N0..N36 a straight number, RED BLACK ODD EVEN LOW HIGH the even chances,
DOZEN1..3 and COLUMN1..3. Zero loses every bet but its own straight."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from server.house.engine.fair import RandomSource

POCKETS = 37
RED_NUMBERS = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
RED, BLACK, GREEN = "RED", "BLACK", "GREEN"
# Every bet but a straight: the numbers it covers and what it pays to 1.
_EVEN_CHANCES: dict[str, Callable[[int], bool]] = {
    RED: lambda n: n in RED_NUMBERS,
    BLACK: lambda n: n != 0 and n not in RED_NUMBERS,
    "ODD": lambda n: n % 2 == 1,
    "EVEN": lambda n: n != 0 and n % 2 == 0,
    "LOW": lambda n: 1 <= n <= 18,
    "HIGH": lambda n: 19 <= n <= 36,
}
COVERS: dict[str, tuple[frozenset[int], int]] = (
    {f"N{n}": (frozenset({n}), 35) for n in range(POCKETS)}
    | {bet: (frozenset(n for n in range(POCKETS) if wins(n)), 1) for bet, wins in _EVEN_CHANCES.items()}
    | {f"DOZEN{d}": (frozenset(range(12 * d - 11, 12 * d + 1)), 2) for d in (1, 2, 3)}
    | {f"COLUMN{c}": (frozenset(range(c, POCKETS, 3)), 2) for c in (1, 2, 3)}
)
BETS = tuple(COVERS)
PAYOUTS = {bet: f"{pays}:1" for bet, (_, pays) in COVERS.items()}
HOUSE_EDGE = Fraction(1, 37)  # every bet of the single-zero wheel


def color(number: int) -> str:
    return GREEN if number == 0 else RED if number in RED_NUMBERS else BLACK


def spin(rng: RandomSource) -> int:
    return rng.randbelow(POCKETS)


def payout(bet_on: str, stake: int, number: int) -> int:
    """What comes back to the player, stake included; 0 when the bet lost."""
    covered, pays = COVERS[bet_on]
    return stake * (pays + 1) if number in covered else 0


def exact_rtp() -> dict[str, Fraction]:
    """Each bet's return per unit staked, over the 37 equally likely pockets."""
    return {bet: Fraction(sum(payout(bet, 1, n) for n in range(POCKETS)), POCKETS) for bet in BETS}
