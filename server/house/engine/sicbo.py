"""Sic Bo: three fair dice per round. Bet ids (stored in eight characters): BIG (total 11-17) and SMALL
(4-10), ODD and EVEN totals, all four losing on any triple and paying 1 to 1; TRIPLE, any triple, 30 to 1;
T4..T17 a total; S1..S6 a single number, paying 1, 2 or 3 to 1 as it shows on one, two or three dice.

The totals' paytable (the common Atlantic City one), to 1: 4 and 17 pay 60, 5 and 16 pay 30, 6 and 15 pay 17,
7 and 14 pay 12, 8 and 13 pay 8, 9 and 12 pay 6, 10 and 11 pay 6."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from server.house.engine.fair import RandomSource

Dice = tuple[int, int, int]
_LOW_TOTAL_PAYS = {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6}
TOTAL_PAYS = _LOW_TOTAL_PAYS | {21 - t: pays for t, pays in _LOW_TOTAL_PAYS.items()}  # 17 mirrors 4, ...
TRIPLE_PAYS = 30
BETS = (
    "BIG",
    "SMALL",
    "ODD",
    "EVEN",
    "TRIPLE",
    *(f"T{t}" for t in range(4, 18)),
    *(f"S{n}" for n in range(1, 7)),
)
PAYOUTS = (
    dict.fromkeys(("BIG", "SMALL", "ODD", "EVEN"), "1:1")
    | {"TRIPLE": f"{TRIPLE_PAYS}:1"}
    | {f"T{t}": f"{TOTAL_PAYS[t]}:1" for t in range(4, 18)}
    | {f"S{n}": "1:1/2:1/3:1" for n in range(1, 7)}
)
# The published house edges (Wizard of Odds, "Sic Bo", with this paytable), to four decimals.
_LOW_TOTAL_EDGE = {4: 1528, 5: 1389, 6: 1667, 7: 972, 8: 1250, 9: 1898, 10: 1250}  # in 1/10000
HOUSE_EDGE = (
    dict.fromkeys(("BIG", "SMALL", "ODD", "EVEN"), Fraction(278, 10000))
    | {"TRIPLE": Fraction(1389, 10000)}
    | {f"T{t}": Fraction(e, 10000) for t, e in _LOW_TOTAL_EDGE.items()}
    | {f"T{21 - t}": Fraction(e, 10000) for t, e in _LOW_TOTAL_EDGE.items()}
    | {f"S{n}": Fraction(787, 10000) for n in range(1, 7)}
)


def roll(rng: RandomSource) -> Dice:
    return (rng.randbelow(6) + 1, rng.randbelow(6) + 1, rng.randbelow(6) + 1)


def is_triple(dice: Dice) -> bool:
    return dice[0] == dice[1] == dice[2]


def pays_to_one(bet_on: str, dice: Dice) -> int | None:
    """What a winning bet pays to 1, None when it lost."""
    total = sum(dice)
    triple = is_triple(dice)
    even_chance = {
        "BIG": total >= 11,
        "SMALL": total <= 10,
        "ODD": total % 2 == 1,
        "EVEN": total % 2 == 0,
    }
    if bet_on in even_chance:
        return 1 if even_chance[bet_on] and not triple else None
    if bet_on == "TRIPLE":
        return TRIPLE_PAYS if triple else None
    if bet_on.startswith("T"):
        return TOTAL_PAYS[int(bet_on[1:])] if total == int(bet_on[1:]) else None
    matches = dice.count(int(bet_on[1:]))
    return matches or None


def payout(bet_on: str, stake: int, dice: Dice) -> int:
    """What comes back to the player, stake included; 0 when the bet lost. bet_on must be one of BETS."""
    pays = pays_to_one(bet_on, dice)
    return 0 if pays is None else stake * (pays + 1)


def exact_rtp() -> dict[str, Fraction]:
    """Each bet's return per unit staked, over all 216 equally likely rolls."""
    rolls = list(product(range(1, 7), repeat=3))
    return {bet: Fraction(sum(payout(bet, 1, (a, b, c)) for a, b, c in rolls), len(rolls)) for bet in BETS}
