"""Punto banco from an eight-deck shoe, shuffled afresh for every round, with the standard drawing rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from server.house.engine.fair import RandomSource

DECKS = 8
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
CARDS = tuple(f"{rank}{suit}" for rank in RANKS for suit in SUITS)
VALUES = {"A": 1, "10": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}
CARD_VALUES = {card: VALUES[card[:-1]] for card in CARDS}
PLAYER, BANKER, TIE = "PLAYER", "BANKER", "TIE"
# The published returns of the eight-deck game with these payouts (Wizard of Odds, "Baccarat": house edge
# player 1.2351%, banker 1.0579%, tie at 8 to 1 14.3596%), to five decimals. exact_probabilities() below
# recomputes them by enumeration and the simulation test checks them.
THEORETICAL_RTP = {
    PLAYER: Fraction(98765, 100000),
    BANKER: Fraction(98942, 100000),
    TIE: Fraction(85640, 100000),
}


@dataclass(frozen=True)
class Hand:
    player_cards: tuple[str, ...]
    banker_cards: tuple[str, ...]
    player_total: int
    banker_total: int
    outcome: str


class Shoe:
    """A Fisher-Yates shuffle of the whole shoe carried out only as far as the round needs: the k-th card
    is swapped in from a uniform position among the cards not yet dealt, positions never touched keep their
    card. The cards dealt are exactly those a full shuffle with the same draws would put first, at a cost of
    six draws instead of 416, which is what lets the simulation deal a million rounds."""

    def __init__(self, rng: RandomSource, decks: int = DECKS) -> None:
        self._rng = rng
        self._size = decks * len(CARDS)
        self._dealt = 0
        self._moved: dict[int, int] = {}  # position -> the card index now there, where it changed

    def draw(self) -> str:
        if self._dealt == self._size:
            raise ValueError("the shoe is empty")
        here = self._dealt
        there = here + self._rng.randbelow(self._size - here)
        card = self._moved.get(there, there)
        self._moved[there] = self._moved.get(here, here)
        self._dealt += 1
        return CARDS[card % len(CARDS)]


def value(card: str) -> int:
    return CARD_VALUES[card]


def total(cards: Iterable[str]) -> int:
    return sum(CARD_VALUES[c] for c in cards) % 10


def player_draws(player_total: int) -> bool:
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """The banker's rule: on his own total when the player stood, else on the value of the player's third
    card."""
    if player_third is None:
        return banker_total <= 5
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return player_third != 8
    if banker_total == 4:
        return 2 <= player_third <= 7
    if banker_total == 5:
        return 4 <= player_third <= 7
    if banker_total == 6:
        return player_third in (6, 7)
    return False


def _play(draw: Callable[[], str]) -> Hand:
    p1, b1, p2, b2 = draw(), draw(), draw(), draw()
    player, banker = [p1, p2], [b1, b2]
    p_total, b_total = total(player), total(banker)
    if p_total < 8 and b_total < 8:  # no natural
        player_third = None
        if player_draws(p_total):
            player.append(draw())
            player_third = CARD_VALUES[player[2]]
            p_total = (p_total + player_third) % 10
        if banker_draws(b_total, player_third):
            banker.append(draw())
            b_total = total(banker)
    outcome = PLAYER if p_total > b_total else BANKER if b_total > p_total else TIE
    return Hand(tuple(player), tuple(banker), p_total, b_total, outcome)


def play(cards: Iterable[str]) -> Hand:
    """The hand a given order of cards makes: player, banker, player, banker, then third cards as the rules
    say; cards left over are not used."""
    order = iter(cards)

    def draw() -> str:
        card = next(order, None)
        if card is None:
            raise ValueError("not enough cards for the hand")
        return card

    return _play(draw)


def deal(rng: RandomSource) -> Hand:
    return _play(Shoe(rng).draw)


def payout(bet_on: str, stake: int, outcome: str) -> int:
    """What comes back to the player, stake included; 0 when the bet lost."""
    if bet_on == TIE:
        return 9 * stake if outcome == TIE else 0
    if outcome == TIE:
        return stake  # a push
    if bet_on != outcome:
        return 0
    return 2 * stake if bet_on == PLAYER else stake + stake * 95 // 100


def exact_probabilities(decks: int = DECKS) -> dict[str, Fraction]:
    """Probability of each outcome from a full shoe, by enumerating every sequence of card values the rules
    can deal (ten values: the 10 and the court cards all count 0), each weighted by how many cards of that
    value are left in the shoe at that point."""
    left = [16 * decks] + [4 * decks] * 9
    wins = {PLAYER: 0, BANKER: 0, TIE: 0}

    def settle(p: int, b: int, weight: int) -> None:
        wins[PLAYER if p > b else BANKER if b > p else TIE] += weight

    def take(v: int) -> int:
        count = left[v]
        left[v] -= 1
        return count

    def third_cards(p: int, b: int, weight: int) -> None:
        # Every sequence is weighted over six draws, the ones a hand does not use counting as any card, so
        # that all share one denominator.
        rest = sum(left)
        if p >= 8 or b >= 8 or not player_draws(p):
            if p < 8 and b < 8 and banker_draws(b, None):
                for v in range(10):
                    settle(p, (b + v) % 10, weight * left[v] * (rest - 1))
            else:
                settle(p, b, weight * rest * (rest - 1))
            return
        for v in range(10):
            if left[v]:
                count = take(v)
                if banker_draws(b, v):
                    for w in range(10):
                        settle((p + v) % 10, (b + w) % 10, weight * count * left[w])
                else:
                    settle((p + v) % 10, b, weight * count * (rest - 1))
                left[v] += 1

    def first_cards(dealt: tuple[int, ...], weight: int) -> None:
        if len(dealt) == 4:
            third_cards((dealt[0] + dealt[2]) % 10, (dealt[1] + dealt[3]) % 10, weight)
            return
        for v in range(10):
            if left[v]:
                count = take(v)
                first_cards((*dealt, v), weight * count)
                left[v] += 1

    first_cards((), 1)
    everything = sum(wins.values())
    return {outcome: Fraction(weight, everything) for outcome, weight in wins.items()}
