"""The shared tables' newer games: dragon tiger, roulette and sic bo. Their rules on chosen outcomes, their
payouts, and each bet's exact return (the whole outcome space enumerated with Fractions) against the
published house edges; and the table definitions the shared-table engine runs them by."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.house.config import GAMES_BY_CODE, LIVE_TABLES
from server.house.engine import dragon_tiger, roulette, sicbo
from server.house.engine.dragon_tiger import DRAGON, TIE, TIGER
from server.house.rooms import is_public_topic
from server.house.table_games import TABLE_GAMES
from server.house.tables import deal, game_of, room
from tests.house.support import Scripted

# Dragon Tiger


@pytest.mark.parametrize(
    ("dragon", "tiger", "outcome"),
    [
        ("KS", "QH", DRAGON),
        ("2D", "AC", DRAGON),  # aces are low
        ("AS", "2S", TIGER),
        ("10H", "JH", TIGER),
        ("7S", "7D", TIE),  # suits do not count
    ],
)
def test_dragon_tiger_compares_ranks(dragon: str, tiger: str, outcome: str) -> None:
    assert dragon_tiger.judge(dragon, tiger).outcome == outcome


def test_dragon_tiger_payouts_and_the_half_loss_on_a_tie() -> None:
    table = {
        (DRAGON, DRAGON): 2000,
        (DRAGON, TIGER): 0,
        (DRAGON, TIE): 500,  # half the stake comes back
        (TIGER, TIGER): 2000,
        (TIGER, DRAGON): 0,
        (TIGER, TIE): 500,
        (TIE, TIE): 9000,
        (TIE, DRAGON): 0,
        (TIE, TIGER): 0,
    }
    for (bet, outcome), returned in table.items():
        assert dragon_tiger.payout(bet, 1000, outcome) == returned
    assert dragon_tiger.payout(DRAGON, 15, TIE) == 7  # the odd minor unit stays with the house


def test_dragon_tiger_deals_two_cards_from_the_eight_deck_shoe() -> None:
    rng = Scripted(0, 0)
    drawn = dragon_tiger.deal(rng)
    assert (drawn.dragon_card, drawn.tiger_card, drawn.outcome) == ("AS", "AH", TIE)
    assert rng.bounds == [416, 415]


def test_dragon_tiger_exact_returns_match_the_published_edges() -> None:
    p = dragon_tiger.exact_probabilities()
    assert sum(p.values()) == 1
    # 13 ranks x 32 cards: the second card matches the first's rank in 31 of the 415 left.
    assert p[TIE] == Fraction(31, 415)
    rtp = dragon_tiger.exact_rtp()
    assert rtp[DRAGON] == rtp[TIGER] == 1 - p[TIE] / 2
    assert rtp[TIE] == 9 * p[TIE]
    for bet, edge in dragon_tiger.HOUSE_EDGE.items():
        print(f"dragon tiger {bet}: exact edge {float(1 - rtp[bet]):.6f}")
        assert abs((1 - rtp[bet]) - edge) <= Fraction(1, 20000)


# Roulette


def test_roulette_bets_cover_the_right_numbers() -> None:
    assert len(roulette.BETS) == 37 + 6 + 3 + 3
    covers = {bet: covered for bet, (covered, _) in roulette.COVERS.items()}
    assert covers["RED"] | covers["BLACK"] == set(range(1, 37))
    assert len(covers["RED"]) == len(covers["BLACK"]) == 18
    assert {1, 3, 36} <= covers["RED"]
    assert {2, 4, 35} <= covers["BLACK"]
    assert covers["DOZEN2"] == set(range(13, 25))
    assert covers["COLUMN1"] == {1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34}
    assert covers["COLUMN3"] == set(range(3, 37, 3))
    assert covers["LOW"] == set(range(1, 19))
    assert covers["HIGH"] == set(range(19, 37))
    for bet in ("RED", "BLACK", "ODD", "EVEN", "LOW", "HIGH", "DOZEN1", "DOZEN2", "DOZEN3", "COLUMN2"):
        assert 0 not in covers[bet]


def test_roulette_payouts() -> None:
    assert roulette.payout("N17", 100, 17) == 3600
    assert roulette.payout("N17", 100, 18) == 0
    assert roulette.payout("N0", 100, 0) == 3600
    assert roulette.payout("RED", 100, 1) == 200
    assert roulette.payout("RED", 100, 0) == 0
    assert roulette.payout("EVEN", 100, 0) == 0  # zero is neither odd nor even here
    assert roulette.payout("DOZEN3", 100, 36) == 300
    assert roulette.payout("COLUMN2", 100, 35) == 300
    assert roulette.color(0) == roulette.GREEN
    assert roulette.color(32) == roulette.RED


def test_roulette_spins_one_of_37_pockets() -> None:
    rng = Scripted(36)
    assert roulette.spin(rng) == 36
    assert rng.bounds == [37]


def test_roulette_every_bet_returns_36_in_37() -> None:
    for bet, rtp in roulette.exact_rtp().items():
        assert rtp == 1 - roulette.HOUSE_EDGE == Fraction(36, 37), bet


# Sic Bo


@pytest.mark.parametrize(
    ("bet", "dice", "pays"),
    [
        ("BIG", (4, 5, 6), 1),
        ("BIG", (1, 4, 5), None),
        ("BIG", (6, 6, 6), None),  # a triple loses
        ("SMALL", (1, 2, 3), 1),
        ("SMALL", (2, 2, 2), None),
        ("ODD", (1, 2, 4), 1),
        ("EVEN", (1, 1, 4), 1),
        ("EVEN", (4, 4, 4), None),
        ("TRIPLE", (3, 3, 3), 30),
        ("TRIPLE", (3, 3, 4), None),
        ("T4", (1, 1, 2), 60),
        ("T17", (5, 6, 6), 60),
        ("T10", (2, 3, 5), 6),
        ("T9", (2, 3, 5), None),
        ("S5", (5, 1, 2), 1),
        ("S5", (5, 5, 2), 2),
        ("S5", (5, 5, 5), 3),
        ("S6", (5, 5, 5), None),
    ],
)
def test_sicbo_judges_each_bet(bet: str, dice: sicbo.Dice, pays: int | None) -> None:
    assert sicbo.pays_to_one(bet, dice) == pays
    assert sicbo.payout(bet, 100, dice) == (0 if pays is None else 100 * (pays + 1))


def test_sicbo_paytable_is_symmetric() -> None:
    assert [sicbo.TOTAL_PAYS[t] for t in range(4, 11)] == [60, 30, 17, 12, 8, 6, 6]
    assert all(sicbo.TOTAL_PAYS[t] == sicbo.TOTAL_PAYS[21 - t] for t in range(4, 11))


def test_sicbo_rolls_three_dice() -> None:
    rng = Scripted(0, 5, 2)
    assert sicbo.roll(rng) == (1, 6, 3)
    assert rng.bounds == [6, 6, 6]


def test_sicbo_exact_returns_match_the_published_edges() -> None:
    rtp = sicbo.exact_rtp()
    assert set(rtp) == set(sicbo.BETS) == set(sicbo.HOUSE_EDGE)
    assert rtp["BIG"] == 1 - Fraction(1, 36)  # 105 of 216 rolls win, 6 triples lose
    assert rtp["S1"] == Fraction(199, 216)
    for bet, edge in sicbo.HOUSE_EDGE.items():
        print(f"sic bo {bet}: exact edge {float(1 - rtp[bet]):.6f}")
        assert abs((1 - rtp[bet]) - edge) <= Fraction(1, 20000), bet


# The definitions the shared-table engine runs


def test_every_table_game_is_a_definition_with_its_tables() -> None:
    assert set(TABLE_GAMES) == {"BACCARAT", "DRAGON_TIGER", "ROULETTE", "SICBO"}
    by_type = {GAMES_BY_CODE[code].game_type for code in LIVE_TABLES}
    assert by_type == set(TABLE_GAMES)
    for code, name, classification, cn in (
        ("dragon-tiger-a", "Dragon Tiger", "Dragon Tiger", "龙虎"),
        ("roulette-a", "Roulette", "Roulette", "轮盘"),
        ("sicbo-a", "Sic Bo", "Sicbo", "骰宝"),  # Sicbo: the lobby's filter value
    ):
        house_game = GAMES_BY_CODE[code]
        assert (house_game.name, house_game.classification, house_game.names) == (
            name,
            classification,
            {"CN": cn},
        )
    for game in TABLE_GAMES.values():
        assert all(0 < len(bet) <= 8 for bet in game.payouts)  # bet ids fit their column


@pytest.mark.parametrize(
    ("table", "keys"),
    [
        ("baccarat-a", {"playerCards", "bankerCards", "playerTotal", "bankerTotal", "outcome"}),
        ("dragon-tiger-a", {"dragonCard", "tigerCard", "outcome"}),
        ("roulette-a", {"number", "color"}),
        ("sicbo-a", {"dice", "total"}),
    ],
)
def test_a_round_is_dealt_from_its_seed_the_same_everywhere(table: str, keys: set[str]) -> None:
    dealt = deal("secret", "demo", table, 42)
    assert dealt == deal("secret", "demo", table, 42)
    assert set(dealt) == keys | {"table", "roundNo", "serverSeed", "serverSeedHash"}
    game = game_of(table)
    for bet in game.payouts:
        assert 0 <= game.returned(bet, 100, dealt) <= 100 * 61
    assert room("demo", table) == f"house:{game.slug}:demo:{table}"
    assert game.result_event == f"house:{game.slug}:result"
    assert room("demo", "baccarat-a") == "house:baccarat:demo:baccarat-a"  # as before the generalisation


def test_every_table_room_of_the_merchant_may_be_followed() -> None:
    for table in LIVE_TABLES:
        assert is_public_topic(room("demo", table), "demo")
        assert not is_public_topic(room("demo2", table), "demo")  # another merchant's table
    assert not is_public_topic("house:roulette:demo:baccarat-a", "demo")  # a table under another game's name
    assert not is_public_topic("house:sicbo:demo:no-such-table", "demo")
