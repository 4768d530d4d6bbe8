"""Draw sheets and payouts, table-tested per play type and prize mode."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from server.house.lottery import results
from server.house.lottery.catalogue import (
    ELOTT_MODE,
    GAMES_BY_CODE,
    LOTT,
    SEA_MODE,
    TIERS,
    ZY,
)
from server.house.lottery.issues import _new_row
from server.house.lottery.schedule import current

NORTH = GAMES_BY_CODE["vn-fast-1m"]
SOUTH = GAMES_BY_CODE["vn-south"]
SEA = GAMES_BY_CODE["sea-4d"]
FIVE = GAMES_BY_CODE["elott-5d-1m"]


def sheet(*tiers: tuple[str, list[str]]) -> list[dict[str, Any]]:
    return [{"tier": tier, "numbers": numbers} for tier, numbers in tiers]


# A north sheet whose special prize is 12345 and on which "45" ends four numbers.
NORTH_SHEET = sheet(
    ("special", ["12345"]),
    ("first", ["00045"]),
    ("second", ["11111", "22222"]),
    ("third", ["33333", "44444", "55555", "66666", "77777", "88888"]),
    ("fourth", ["1234", "2345", "3456", "4567"]),
    ("fifth", ["5678", "6789", "7890", "8901", "9012", "0123"]),
    ("sixth", ["123", "234", "345"]),
    ("seventh", ["01", "02", "03", "04"]),
)
SEA_SHEET = sheet(
    ("first", ["1111"]),
    ("second", ["2222"]),
    ("third", ["3333"]),
    ("starter", [f"40{i:02d}" for i in range(10)]),
    ("consolation", [f"50{i:02d}" for i in range(10)]),
)
FIVE_SHEET = sheet(("balls", ["9", "8", "7", "1", "2"]))  # sum 27: BIG, ODD


@pytest.mark.parametrize(
    ("game", "game_sheet", "play", "mode", "picks", "expected_win", "expected_hits"),
    [
        # stake is 2.00 per pick in every row; odds are in hundredths, wins in minor units
        (NORTH, NORTH_SHEET, "LO", LOTT, ["45"], 4 * 200 * 350 // 100, {"45": 4}),
        (NORTH, NORTH_SHEET, "LO", ZY, ["45", "99"], 4 * 200 * 340 // 100, {"45": 4}),
        (NORTH, NORTH_SHEET, "LO", LOTT, ["01", "23"], 200 * 350 // 100 * 4, {"01": 2, "23": 2}),
        (NORTH, NORTH_SHEET, "DE", LOTT, ["45"], 200 * 95, {"45": 1}),
        (NORTH, NORTH_SHEET, "DE", ZY, ["45"], 200 * 92, {"45": 1}),
        (NORTH, NORTH_SHEET, "DE", LOTT, ["44"], 0, {}),
        (NORTH, NORTH_SHEET, "HEAD", LOTT, ["4"], 200 * 950 // 100, {"4": 1}),
        (NORTH, NORTH_SHEET, "TAIL", ZY, ["5", "4"], 200 * 920 // 100, {"5": 1}),
        (NORTH, NORTH_SHEET, "3D", LOTT, ["345"], 200 * 950, {"345": 1}),
        (NORTH, NORTH_SHEET, "3D", ZY, ["345"], 200 * 920, {"345": 1}),
        (NORTH, NORTH_SHEET, "4D", LOTT, ["2345"], 200 * 9500, {"2345": 1}),
        (NORTH, NORTH_SHEET, "4D", LOTT, ["1234"], 0, {}),
        (SEA, SEA_SHEET, "BIG", SEA_MODE, ["1111"], 200 * 2500, {"1111": 1}),
        (SEA, SEA_SHEET, "BIG", SEA_MODE, ["4003", "5009"], 200 * 180 + 200 * 60, {"4003": 1, "5009": 1}),
        (SEA, SEA_SHEET, "SMALL", SEA_MODE, ["2222"], 200 * 2000, {"2222": 1}),
        (SEA, SEA_SHEET, "SMALL", SEA_MODE, ["4003"], 0, {}),
        (FIVE, FIVE_SHEET, "D1", ELOTT_MODE, ["9"], 200 * 980 // 100, {"9": 1}),
        (FIVE, FIVE_SHEET, "2D", ELOTT_MODE, ["12"], 200 * 98, {"12": 1}),
        (FIVE, FIVE_SHEET, "3D", ELOTT_MODE, ["712"], 200 * 980, {"712": 1}),
        (FIVE, FIVE_SHEET, "BS", ELOTT_MODE, ["BIG"], 200 * 196 // 100, {"BIG": 1}),
        (FIVE, FIVE_SHEET, "BS", ELOTT_MODE, ["SMALL"], 0, {}),
        (FIVE, FIVE_SHEET, "OE", ELOTT_MODE, ["ODD"], 200 * 196 // 100, {"ODD": 1}),
    ],
)
def test_payout_is_odds_times_stake_per_hit(
    game: Any, game_sheet: Any, play: str, mode: str, picks: list[str], expected_win: int, expected_hits: Any
) -> None:
    play_type = game.known_play(play)
    settled = results.settle(game, play_type, mode, picks, 2_00, game_sheet)
    assert settled.win == expected_win
    assert settled.hits == expected_hits


def test_a_bet_keeps_the_odds_it_was_placed_at() -> None:
    play = NORTH.known_play("DE")
    assert results.settle(NORTH, play, LOTT, ["45"], 1_00, NORTH_SHEET, odds=90_00).win == 90_00


def test_south_sheet_pays_lo_on_its_eighteen_numbers() -> None:
    south = sheet(*((tier, ["00077"[-digits:]] * count) for tier, count, digits in TIERS[SOUTH.draw_format]))
    settled = results.settle(SOUTH, SOUTH.known_play("LO"), LOTT, ["77"], 1_00, south)
    assert settled.hits == {"77": 18}
    assert settled.win == 18 * 525


@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_sheets_follow_the_format_and_the_committed_seed(code: str) -> None:
    game = GAMES_BY_CODE[code]
    import datetime as dt

    row = _new_row(current(game, dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)))
    assert hashlib.sha256(row.seed.encode()).hexdigest() == row.commitment
    drawn = results.draw(game, row.issue_no, row.seed)
    assert drawn == results.draw(game, row.issue_no, row.seed)  # anyone holding the seed gets the same sheet
    shape = [(t["tier"], len(t["numbers"]), {len(n) for n in t["numbers"]}) for t in drawn]
    assert shape == [(tier, count, {digits}) for tier, count, digits in TIERS[game.draw_format]]
    if code == "sea-4d":
        numbers = [n for t in drawn for n in t["numbers"]]
        assert len(set(numbers)) == len(numbers) == 23


def test_digits_are_uniform_over_many_draws() -> None:
    counts = [0] * 10
    for i in range(2000):
        for ball in results.draw(FIVE, f"x-{i}", f"{i:064x}")[0]["numbers"]:
            counts[int(ball)] += 1
    # 10,000 balls: each digit within 5 standard deviations (about 150) of 1,000.
    assert all(abs(c - 1000) < 150 for c in counts), counts


@pytest.mark.parametrize(
    ("game", "game_sheet", "play", "pick", "places"),
    [
        # "45" ends the special, the first prize, and 2345 and 345 further down: each is marked.
        (NORTH, NORTH_SHEET, "LO", "45", [("special", 0), ("first", 0), ("fourth", 1), ("sixth", 2)]),
        (NORTH, NORTH_SHEET, "DE", "45", [("special", 0)]),
        (NORTH, NORTH_SHEET, "DE", "44", []),
        (SEA, SEA_SHEET, "BIG", "4003", [("starter", 3)]),
        (FIVE, FIVE_SHEET, "2D", "12", [("balls", 3), ("balls", 4)]),
        (FIVE, FIVE_SHEET, "BS", "BIG", [("balls", i) for i in range(5)]),
        (FIVE, FIVE_SHEET, "D1", "8", []),
    ],
)
def test_the_sheet_marks_where_a_pick_won(
    game: Any, game_sheet: list[dict[str, Any]], play: str, pick: str, places: list[tuple[str, int]]
) -> None:
    assert results.winning_positions(game, game.known_play(play), pick, game_sheet) == places
    # The tiers a payout counts stay what they were: the five balls pay once.
    counted = results.hits(game, game.known_play(play), pick, game_sheet)
    assert len(counted) == (min(len(places), 1) if game is FIVE else len(places))


def test_every_lottery_game_is_named_in_every_switcher_language() -> None:
    for game in GAMES_BY_CODE.values():
        for language in ("CN", "VI", "JA", "TH", "PT", "TY"):
            assert game.names.get(language), (game.code, language)
            assert game.names[language] != game.name, (game.code, language)
