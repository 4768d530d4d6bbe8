"""Dragon Tiger: one card to each side from an eight-deck shoe shuffled afresh for every round; the higher
rank wins, aces low, suits do not count.

The tie rule: when the two cards have the same rank, DRAGON and TIGER bets lose half their stake (half comes
back, an odd minor unit rounding to the house) and TIE pays 8 to 1."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from server.house.engine.baccarat import DECKS, RANKS, Shoe
from server.house.engine.fair import RandomSource

DRAGON, TIGER, TIE = "DRAGON", "TIGER", "TIE"
BETS = (DRAGON, TIGER, TIE)
PAYOUTS = {DRAGON: "1:1", TIGER: "1:1", TIE: "8:1"}
RANK_ORDER = {rank: i + 1 for i, rank in enumerate(RANKS)}  # A=1 ... K=13
# The published house edges with this tie rule (Wizard of Odds, "Dragon Tiger", eight decks): 3.73% on
# DRAGON or TIGER, 32.77% on TIE at 8 to 1. exact_rtp() recomputes them.
HOUSE_EDGE = {DRAGON: Fraction(373, 10000), TIGER: Fraction(373, 10000), TIE: Fraction(3277, 10000)}


@dataclass(frozen=True)
class Draw:
    dragon_card: str
    tiger_card: str
    outcome: str


def rank(card: str) -> int:
    return RANK_ORDER[card[:-1]]


def judge(dragon_card: str, tiger_card: str) -> Draw:
    dragon, tiger = rank(dragon_card), rank(tiger_card)
    outcome = DRAGON if dragon > tiger else TIGER if tiger > dragon else TIE
    return Draw(dragon_card, tiger_card, outcome)


def deal(rng: RandomSource) -> Draw:
    shoe = Shoe(rng)
    return judge(shoe.draw(), shoe.draw())


def payout(bet_on: str, stake: int, outcome: str) -> int:
    """What comes back to the player, stake included; 0 when the bet lost."""
    if bet_on == TIE:
        return 9 * stake if outcome == TIE else 0
    if outcome == TIE:
        return stake // 2
    return 2 * stake if bet_on == outcome else 0


def exact_probabilities(decks: int = DECKS) -> dict[str, Fraction]:
    """Each outcome's chance from a full shoe: 13 ranks of 4 x decks cards each, two drawn without
    replacement."""
    per_rank = 4 * decks
    cards = per_rank * len(RANKS)
    tie = Fraction(len(RANKS) * per_rank * (per_rank - 1), cards * (cards - 1))
    return {DRAGON: (1 - tie) / 2, TIGER: (1 - tie) / 2, TIE: tie}


def exact_rtp(decks: int = DECKS) -> dict[str, Fraction]:
    """Each bet's return per unit staked, over the exact outcome distribution (stake 2, so halves are
    whole)."""
    p = exact_probabilities(decks)
    return {bet: sum((Fraction(payout(bet, 2, o), 2) * p[o] for o in p), Fraction(0)) for bet in BETS}
