"""Punto banco: the drawing rules on hand-built deals, the payouts, the shoe, and the published returns
against an exact enumeration."""

from __future__ import annotations

from collections import Counter

import pytest

from server.house.engine import baccarat
from server.house.engine.baccarat import BANKER, PLAYER, THEORETICAL_RTP, TIE
from server.house.engine.fair import SeededSource
from tests.house.support import Scripted


@pytest.mark.parametrize(
    ("cards", "player", "banker", "outcome"),
    [
        # Cards in dealing order: player, banker, player, banker, then any third cards.
        (["9S", "2H", "KD", "3C", "5S"], ("9S", "KD"), ("2H", "3C"), PLAYER),  # player natural 9: no draws
        (["4S", "8H", "4D", "KC", "5S"], ("4S", "4D"), ("8H", "KC"), TIE),  # natural 8 against 8
        (["2S", "QH", "3D", "8C", "9S"], ("2S", "3D"), ("QH", "8C"), BANKER),  # banker natural beats 5
        (
            ["6S", "3H", "KD", "2C", "9H"],
            ("6S", "KD"),
            ("3H", "2C", "9H"),
            PLAYER,
        ),  # player 6 stands, banker 5 draws
        (["7S", "3H", "KD", "3C", "9H"], ("7S", "KD"), ("3H", "3C"), PLAYER),  # both stand on 7 and 6
        (
            ["2S", "3H", "3D", "3C", "6S", "7H"],
            ("2S", "3D", "6S"),
            ("3H", "3C", "7H"),
            BANKER,
        ),  # 6 draws on a 6
        (["2S", "3H", "3D", "3C", "4S", "7H"], ("2S", "3D", "4S"), ("3H", "3C"), PLAYER),  # 6 stands on a 4
        (
            ["KS", "2H", "KD", "KC", "8S", "9H"],
            ("KS", "KD", "8S"),
            ("2H", "KC", "9H"),
            PLAYER,
        ),  # 2 always draws
        (["KS", "3H", "KD", "KC", "8S", "5H"], ("KS", "KD", "8S"), ("3H", "KC"), PLAYER),  # 3 stands on an 8
        (
            ["KS", "3H", "KD", "KC", "9S", "5H"],
            ("KS", "KD", "9S"),
            ("3H", "KC", "5H"),
            PLAYER,
        ),  # 3 draws on 9
        (
            ["AS", "4H", "KD", "KC", "AH", "5H"],
            ("AS", "KD", "AH"),
            ("4H", "KC"),
            BANKER,
        ),  # 4 stands on an ace
        (
            ["AS", "4H", "KD", "KC", "2H", "5H"],
            ("AS", "KD", "2H"),
            ("4H", "KC", "5H"),
            BANKER,
        ),  # 4 draws on a 2
        (["AS", "5H", "KD", "KC", "3H", "5H"], ("AS", "KD", "3H"), ("5H", "KC"), BANKER),  # 5 stands on a 3
        (
            ["AS", "5H", "KD", "KC", "4H", "2H"],
            ("AS", "KD", "4H"),
            ("5H", "KC", "2H"),
            BANKER,
        ),  # 5 draws on a 4
        (["AS", "7H", "KD", "KC", "6H", "5H"], ("AS", "KD", "6H"), ("7H", "KC"), TIE),  # 7 always stands
    ],
)
def test_drawing_rules(
    cards: list[str], player: tuple[str, ...], banker: tuple[str, ...], outcome: str
) -> None:
    hand = baccarat.play(cards)
    assert (hand.player_cards, hand.banker_cards, hand.outcome) == (player, banker, outcome)
    assert hand.player_total == baccarat.total(player)
    assert hand.banker_total == baccarat.total(banker)


def test_the_banker_table() -> None:
    """The standard table: rows are the banker's total, the set the player's third card values on which he
    draws."""
    draws_on = {
        0: set(range(10)),
        1: set(range(10)),
        2: set(range(10)),
        3: set(range(10)) - {8},
        4: set(range(2, 8)),
        5: set(range(4, 8)),
        6: {6, 7},
        7: set(),
    }
    for banker_total, values in draws_on.items():
        assert {v for v in range(10) if baccarat.banker_draws(banker_total, v)} == values
        assert baccarat.banker_draws(banker_total, None) == (banker_total <= 5)


def test_too_few_cards() -> None:
    with pytest.raises(ValueError, match="not enough"):
        baccarat.play(["2S", "3H", "3D", "3C"])


def test_payouts() -> None:
    table = {
        (PLAYER, PLAYER): 2000,
        (PLAYER, BANKER): 0,
        (PLAYER, TIE): 1000,
        (BANKER, BANKER): 1950,
        (BANKER, PLAYER): 0,
        (BANKER, TIE): 1000,
        (TIE, TIE): 9000,
        (TIE, PLAYER): 0,
        (TIE, BANKER): 0,
    }
    for (bet, outcome), returned in table.items():
        assert baccarat.payout(bet, 1000, outcome) == returned
    assert baccarat.payout(BANKER, 15, BANKER) == 15 + 14  # the commission's fraction rounds to the house


def test_the_shoe_is_eight_decks_dealt_without_replacement() -> None:
    shoe = baccarat.Shoe(SeededSource(11))
    cards = Counter(shoe.draw() for _ in range(416))
    assert set(cards) == set(baccarat.CARDS)
    assert set(cards.values()) == {8}
    with pytest.raises(ValueError, match="empty"):
        shoe.draw()


def test_the_shoe_is_a_lazy_fisher_yates() -> None:
    # Unshuffled, the shoe is eight decks stacked AS AH AD AC 2S ... KC. Draw k takes the card at position
    # k + r and puts position k's card there: r = 5 first deals 2H and moves AS to position 5, where the
    # fourth draw (k = 3, r = 2) finds it.
    shoe = baccarat.Shoe(Scripted(5, 0, 0, 2))
    assert [shoe.draw() for _ in range(4)] == ["2H", "AH", "AD", "AS"]
    rng = Scripted()
    baccarat.deal(rng)
    assert rng.bounds[:4] == [416, 415, 414, 413]


def test_published_returns_agree_with_the_exact_enumeration() -> None:
    p = baccarat.exact_probabilities()
    assert sum(p.values()) == 1
    exact = {
        PLAYER: 2 * p[PLAYER] + p[TIE],
        BANKER: p[BANKER] * 195 / 100 + p[TIE],
        TIE: 9 * p[TIE],
    }
    for bet, rtp in exact.items():
        print(f"baccarat {bet}: exact {float(rtp):.7f} published {float(THEORETICAL_RTP[bet]):.5f}")
        assert abs(rtp - THEORETICAL_RTP[bet]) <= 0.000005
