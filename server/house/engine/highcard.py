"""High-card duel (the PVP quick game): one card each from a fresh deck, the higher rank takes both stakes
less the rake; equal ranks give each stake back."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from server.house.engine.fair import RandomSource

RAKE_PERCENT = 5
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")


@dataclass(frozen=True)
class Duel:
    card_a: str
    card_b: str
    winner: str  # "A", "B" or "PUSH"
    return_a: int
    return_b: int


def _card(index: int) -> tuple[int, str]:
    rank, suit = divmod(index, 4)
    return rank, f"{RANKS[rank]}{SUITS[suit]}"


def pot_after_rake(stake: int) -> int:
    pot = 2 * stake
    return pot - pot * RAKE_PERCENT // 100


def duel(rng: RandomSource, stake: int) -> Duel:
    first = rng.randbelow(52)
    second = rng.randbelow(51)
    if second >= first:
        second += 1  # the second card comes from the 51 left
    rank_a, card_a = _card(first)
    rank_b, card_b = _card(second)
    if rank_a == rank_b:
        return Duel(card_a, card_b, "PUSH", stake, stake)
    if rank_a > rank_b:
        return Duel(card_a, card_b, "A", pot_after_rake(stake), 0)
    return Duel(card_a, card_b, "B", 0, pot_after_rake(stake))


def exact_rtp(stake: int = 100) -> Fraction:
    """For one seat: a tie (3 of the 51 other cards) returns the stake; otherwise half win the raked pot."""
    tie = Fraction(3, 51)
    win = (1 - tie) / 2
    return (win * pot_after_rake(stake) + tie * stake) / stake
