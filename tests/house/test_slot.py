"""The six house slots' rules on hand-built lines and grids: lines, wilds (and Neon Nights' doubling wild),
scatters, free spins triggered and retriggered from scripted stops, and each title's exact return and
volatility label. The exact figures themselves are checked against brute force in test_slot_math."""

from __future__ import annotations

from fractions import Fraction

import pytest

from server.house import config as house
from server.house import slot_play
from server.house.engine import slot, slot_math, slots
from server.house.engine.slot import SlotConfig
from server.house.engine.slots import fruit_fiesta, golden_dragon, neon_nights
from server.house.engine.slots.base import SlotTitle
from tests.house.support import Scripted

DRAGON = golden_dragon.TITLE.config
NEON = neon_nights.TITLE.config
PAYS = DRAGON.paytable
W, S = DRAGON.wild, DRAGON.scatter  # DRAGON, PEARL
HI, LO, MID = "INGOT", "COIN", "FAN"
TITLES = pytest.mark.parametrize("title", slots.LINEUP, ids=lambda t: t.code)


def line(*symbols: str, config: SlotConfig = DRAGON) -> tuple[str, int, int]:
    return slot.line_pay(config, symbols)


def test_the_lineup_is_the_six_titles_the_catalogue_sells() -> None:
    expected = {
        "slot-golden-dragon": ("Golden Dragon", "金龙"),
        "slot-lucky-koi": ("Lucky Koi", "锦鲤"),
        "slot-pharaohs-fortune": ("Pharaoh's Fortune", "法老宝藏"),
        "slot-neon-nights": ("Neon Nights", "霓虹之夜"),
        "slot-fruit-fiesta": ("Fruit Fiesta", "水果派对"),
        "slot-viking-raid": ("Viking Raid", "维京突袭"),
    }
    assert {t.code: (t.name, t.names["CN"]) for t in slots.LINEUP} == expected
    sold = {g.code: g for g in house.SLOT_GAMES}
    assert set(sold) == set(expected)
    for title in slots.LINEUP:
        game = sold[title.code]
        assert set(game.names) == {"CN", "JA", "TH", "VI", "PT", "TY"}
        assert (game.lines, game.min_bet) == (title.lines, house.SLOT_MIN_LINE_BET * title.lines)
    # Six machines, not one: line counts, symbol sets and features all differ.
    assert sorted(t.lines for t in slots.LINEUP) == [5, 10, 15, 20, 25, 30]
    symbol_sets = [frozenset(t.config.paytable) | {t.config.scatter} for t in slots.LINEUP]
    assert all(a.isdisjoint(b) for i, a in enumerate(symbol_sets) for b in symbol_sets[i + 1 :])
    assert {t.volatility for t in slots.LINEUP} == {"LOW", "MEDIUM", "HIGH"}


@pytest.mark.parametrize(
    ("symbols", "expected"),
    [
        ((MID, MID, MID, LO, HI), (MID, 3, PAYS[MID][3])),
        ((MID,) * 5, (MID, 5, PAYS[MID][5])),
        ((MID, MID, LO, MID, MID), ("", 0, 0)),  # two only: no pay for two
        ((LO, MID, MID, MID, MID), ("", 0, 0)),  # lines pay from the leftmost reel only
        ((W, MID, MID, MID, LO), (MID, 4, PAYS[MID][4])),  # a leading wild stands for the fan
        ((MID, W, MID, W, LO), (MID, 4, PAYS[MID][4])),  # wilds within the run too
        ((MID, MID, S, MID, MID), ("", 0, 0)),  # a scatter is not substituted for and breaks the line
        ((W, W, W, S, MID), (W, 3, PAYS[W][3])),  # the wilds before it still pay
        ((S, S, S, MID, LO), ("", 0, 0)),  # scatters pay anywhere, never on a line
        ((W,) * 5, (W, 5, PAYS[W][5])),
        ((W, W, W, W, LO), (W, 4, PAYS[W][4])),  # four dragons beat five coins
        ((W, W, W, HI, HI), (HI, 5, PAYS[HI][5])),  # five ingots beat three dragons
    ],
)
def test_lines_read_left_to_right_with_wilds(
    symbols: tuple[str, ...], expected: tuple[str, int, int]
) -> None:
    assert PAYS[W][4] > PAYS[LO][5]
    assert PAYS[HI][5] > PAYS[W][3]
    assert line(*symbols) == expected


def test_without_pays_of_its_own_a_wild_line_pays_as_the_best_symbol() -> None:
    no_wild_pays = SlotConfig(DRAGON.reels, DRAGON.paylines, {LO: {3: 5, 5: 50}, HI: {3: 8, 5: 80}}, {}, W, S)
    assert line(W, W, W, W, W, config=no_wild_pays) == (HI, 5, 80)
    assert line(W, W, W, LO, LO, config=no_wild_pays) == (LO, 5, 50)
    assert line(W, W, W, LO, MID, config=no_wild_pays) == ("", 0, 0)  # four coins pay nothing here


def test_neon_stars_double_the_wins_they_stand_in_for() -> None:
    star, seven, heart = NEON.wild, "SEVEN", "HEART"
    pays = NEON.paytable
    assert NEON.wild_multiplier == 2
    assert line(seven, seven, seven, heart, heart, config=NEON) == (seven, 3, pays[seven][3])
    assert line(seven, star, seven, heart, heart, config=NEON) == (seven, 3, 2 * pays[seven][3])
    assert line(star, seven, seven, seven, heart, config=NEON) == (seven, 4, 2 * pays[seven][4])
    # The stars' own pay is not doubled: three stars then a heart pay as stars (45) rather than four hearts
    # doubled (2 x 9).
    assert line(star, star, star, heart, seven, config=NEON) == (star, 3, pays[star][3])
    assert line(star, star, star, star, star, config=NEON) == (star, 5, pays[star][5])


def test_a_grid_pays_its_lines_and_scatters() -> None:
    # Columns top to bottom. Top row: FAN FAN FAN COIN JADE (line 1); pearls on reels 1, 2 and 4.
    grid = ((MID, S, "JADE"), (MID, LO, S), (MID, HI, "DRUM"), (LO, S, "JADE"), ("JADE", HI, "DRUM"))
    result = slot.evaluate(DRAGON, grid, 10)
    assert result.total_bet == 200
    assert [(w.line, w.symbol, w.count, w.amount) for w in result.line_wins] == [
        (1, MID, 3, PAYS[MID][3] * 10)
    ]
    assert result.scatters == 3
    assert result.scatter_win == DRAGON.scatter_pays[3] * 200
    assert result.total_win == PAYS[MID][3] * 10 + DRAGON.scatter_pays[3] * 200
    doubled = slot.evaluate(DRAGON, grid, 10, multiplier=4)
    assert doubled.total_win == 4 * result.total_win
    assert [w.amount for w in doubled.line_wins] == [4 * PAYS[MID][3] * 10]


def test_a_grid_with_wilds_pays_several_lines() -> None:
    # Middle row all dragons: line 0 pays five wilds; line 15 (rows 1,1,0,1,1) reads W W INGOT W W, five
    # ingots; line 9 (rows 0,1,1,1,0) reads INGOT W W W COIN, four ingots.
    grid = ((HI, W, LO), (MID, W, LO), (HI, W, LO), (MID, W, LO), (LO, W, MID))
    wins = {w.line: (w.symbol, w.count, w.amount) for w in slot.evaluate(DRAGON, grid, 1).line_wins}
    assert wins[0] == (W, 5, PAYS[W][5])
    assert wins[15] == (HI, 5, PAYS[HI][5])
    assert wins[9] == (HI, 4, PAYS[HI][4])


@TITLES
def test_each_title_s_machine(title: SlotTitle) -> None:
    machine = title.config
    assert len(machine.reels) == 5
    assert len(set(machine.paylines)) == len(machine.paylines) == title.lines
    assert all(len(line) == 5 and set(line) <= {0, 1, 2} for line in machine.paylines)
    symbols = {s for reel in machine.reels for s in reel}
    assert symbols == set(machine.paytable) | {machine.scatter}
    assert machine.wild in machine.paytable
    assert machine.scatter not in machine.paytable
    assert all(isinstance(v, int) and v > 0 for pays in machine.paytable.values() for v in pays.values())
    for reel in machine.reels:
        # No window of three consecutive positions (wrapping) shows two scatters.
        assert all((reel + reel[:2])[i : i + 3].count(machine.scatter) <= 1 for i in range(len(reel)))
    assert len(set(machine.reels)) > 1  # the reels are not all one strip


@TITLES
def test_each_title_returns_between_94_and_97_percent(title: SlotTitle) -> None:
    rtp = slot_math.exact_rtp(title.config)
    feature_share = rtp - slot_math.spin_rtp(title.config)
    print(f"{title.code}: exact RTP {float(rtp):.6f}, free spins' share {float(feature_share):.4f}")
    assert Fraction(94, 100) <= rtp <= Fraction(97, 100)


@TITLES
def test_each_title_s_volatility_label_follows_its_exact_variance(title: SlotTitle) -> None:
    sigma = float(slot_math.exact_variance(title.config)) ** 0.5
    print(f"{title.code}: sigma {sigma:.3f} per unit of total bet")
    assert slot_math.volatility(title.config) == title.volatility
    # Clear of the bands' edges, so that a small retune does not flip the label unnoticed.
    for limit, _ in slot_math.VOLATILITY_BANDS:
        assert abs(sigma - float(limit)) > 0.2


def _stops(machine: SlotConfig, scatter_reels: tuple[int, ...]) -> list[int]:
    """A stop per reel: showing the scatter on the top row on the given reels, no scatter on the others."""
    return [
        reel.index(machine.scatter) if i in scatter_reels else (reel.index(machine.scatter) + 3) % len(reel)
        for i, reel in enumerate(machine.reels)
    ]


def test_a_spin_shows_consecutive_stops_of_each_strip() -> None:
    stops = (0, 5, 39, 17, 38)  # 39 on a 40-long strip wraps round to its start
    result = slot.spin(DRAGON, Scripted(*stops), 5)
    for column, reel, stop in zip(result.grid, DRAGON.reels, stops, strict=True):
        assert column == tuple(reel[(stop + row) % len(reel)] for row in range(3))
    assert result.total_bet == 100
    assert slot.spin(DRAGON, Scripted(*stops), 5) == result == slot.evaluate(DRAGON, result.grid, 5)


@pytest.mark.parametrize("title", [t for t in slots.LINEUP if t.config.free_spins], ids=lambda t: t.code)
def test_three_scatters_award_free_spins_at_the_multiplier(title: SlotTitle) -> None:
    machine = title.config
    assert machine.free_spins is not None
    spins, multiplier = machine.free_spins.spins, machine.free_spins.multiplier
    quiet = _stops(machine, ())
    rng = Scripted(*_stops(machine, (0, 1, 2)), *quiet * spins)
    played = slot.play(machine, rng, 100)
    assert rng.values == []
    assert len(rng.bounds) == 5 * (spins + 1)
    assert played.base.scatters == 3
    assert played.base.scatter_win == machine.scatter_pays[3] * 100 * title.lines
    assert played.awarded == len(played.free_spins) == spins
    for free in played.free_spins:
        assert free.multiplier == multiplier
        assert free.scatters == 0
        assert free == slot.evaluate(machine, free.grid, 100, multiplier)
    assert played.total_bet == 100 * title.lines  # one stake for the round
    assert played.total_win == played.base.total_win + sum(f.total_win for f in played.free_spins)


def test_scatters_in_free_spins_retrigger_only_where_allowed() -> None:
    for machine in (golden_dragon.TITLE.config, fruit_fiesta.TITLE.config):
        assert machine.free_spins is not None
        assert machine.free_spins.retrigger
        spins = machine.free_spins.spins
        three = _stops(machine, (2, 3, 4))
        played = slot.play(machine, Scripted(*three, *three, *_stops(machine, ()) * (2 * spins - 1)), 5)
        assert played.awarded == 2 * spins
        assert played.free_spins[0].scatters == 3
    koi = slots.BY_CODE["slot-lucky-koi"]
    no_retrigger = koi.config
    assert no_retrigger.free_spins is not None
    assert not no_retrigger.free_spins.retrigger
    three = _stops(no_retrigger, (0, 2, 4))
    spins = no_retrigger.free_spins.spins
    played = slot.play(no_retrigger, Scripted(*three, *three, *_stops(no_retrigger, ()) * (spins - 1)), 5)
    assert played.awarded == spins  # the free spin's scatters pay, award nothing
    multiplier = no_retrigger.free_spins.multiplier
    assert played.free_spins[0].scatter_win == no_retrigger.scatter_pays[3] * 5 * koi.lines * multiplier


def test_two_scatters_or_a_game_without_free_spins_award_none() -> None:
    assert slot.play(DRAGON, Scripted(*_stops(DRAGON, (0, 4))), 5).awarded == 0
    neon = slot.play(NEON, Scripted(*_stops(NEON, (0, 1, 2, 3, 4))), 5)
    assert neon.base.scatter_win == NEON.scatter_pays[5] * 25
    assert neon.awarded == 0
    assert neon.total_win == neon.base.total_win


def test_the_round_outcome_records_the_free_spins() -> None:
    title = golden_dragon.TITLE
    machine = title.config
    assert machine.free_spins is not None
    spins = machine.free_spins.spins
    stake, win, outcome = slot_play.play(
        title, Scripted(*_stops(machine, (0, 1, 2)), *_stops(machine, ()) * spins), 1_00
    )
    assert stake == 20_00
    assert outcome["scatterWin"] == "40.00"  # 2 x the total bet, on the paid spin
    assert len(outcome["freeSpins"]) == spins
    assert {f["multiplier"] for f in outcome["freeSpins"]} == {machine.free_spins.multiplier}
    assert not any(f["retrigger"] for f in outcome["freeSpins"])
    free_total = sum(int(f["win"].replace(".", "")) for f in outcome["freeSpins"])
    assert outcome["freeSpinsWin"] == f"{free_total // 100}.{free_total % 100:02d}"
    assert win == int(outcome["baseWin"].replace(".", "")) + free_total
    assert win % 1_00 == 0  # at a line bet of 1.00 every pay is whole units


@TITLES
def test_the_screen_gets_the_machine_it_plays(title: SlotTitle) -> None:
    shown = slot_play.config(title, (5, 1_00))
    machine = title.config
    assert shown["lines"] == title.lines
    assert shown["lineBets"] == ["0.05", "1.00"]
    assert shown["paylines"] == [list(line) for line in machine.paylines]
    assert shown["symbols"] == [*machine.paytable, machine.scatter]
    assert shown["paytable"][machine.wild] == {str(k): v for k, v in machine.paytable[machine.wild].items()}
    assert (shown["wild"], shown["scatter"], shown["volatility"]) == (
        machine.wild,
        machine.scatter,
        title.volatility,
    )
    assert 94 <= float(shown["rtp"]) <= 97
    assert (shown["freeSpins"] is None) == (machine.free_spins is None)
