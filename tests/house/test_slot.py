"""The slot's rules on hand-built lines and grids, and its exact figures checked against a brute-force
enumeration of every stop of a small machine."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from server.house.engine import slot
from server.house.engine.slot import DEFAULT_SLOT, SCATTER, WILD, SlotConfig
from server.house.engine.slot_math import exact_moments
from tests.house.support import Scripted

J, Q, K, A, W, S = "J", "Q", "K", "A", WILD, SCATTER
PAYS = DEFAULT_SLOT.paytable


def line(*symbols: str, config: SlotConfig = DEFAULT_SLOT) -> tuple[str, int, int]:
    return slot.line_pay(config, symbols)


@pytest.mark.parametrize(
    ("symbols", "expected"),
    [
        ((K, K, K, Q, J), (K, 3, PAYS[K][3])),
        ((K, K, K, K, K), (K, 5, PAYS[K][5])),
        ((K, K, Q, K, K), ("", 0, 0)),  # two kings only: no pay for two
        ((J, K, K, K, K), ("", 0, 0)),  # lines pay from the leftmost reel only
        ((Q, Q, Q, Q, Q)[::-1], (Q, 5, PAYS[Q][5])),
        ((W, K, K, K, J), (K, 4, PAYS[K][4])),  # a leading wild stands for the king
        ((K, W, K, W, J), (K, 4, PAYS[K][4])),  # wilds within the run too
        ((W, W, K, K, K), (K, 5, PAYS[K][5])),
        ((K, K, S, K, K), ("", 0, 0)),  # a scatter is not substituted for and breaks the line
        ((W, W, W, S, K), (W, 3, PAYS[W][3])),  # the wilds before it still pay
        ((S, S, S, Q, J), ("", 0, 0)),  # scatters pay anywhere, never on a line
        ((W, W, W, W, W), (W, 5, PAYS[W][5])),
        ((W, W, W, W, K), (W, 4, PAYS[W][4])),  # 500 for four wilds beats 100 for five kings
    ],
)
def test_lines_read_left_to_right_with_wilds(
    symbols: tuple[str, ...], expected: tuple[str, int, int]
) -> None:
    assert line(*symbols) == expected


def test_the_best_paying_reading_is_chosen() -> None:
    # Three wilds then a king: the wilds' own 3-of-a-kind is worth more than four kings.
    assert PAYS[W][3] > PAYS[K][4]
    assert line(W, W, W, K, J) == (W, 3, PAYS[W][3])
    # Three wilds then three crowns' worth: five crowns (1200) beat three wilds (100).
    assert line(W, W, W, "CROWN", "CROWN") == ("CROWN", 5, PAYS["CROWN"][5])
    # Without pays of their own, five wilds pay as the best symbol; wilds in front of another symbol count
    # for it only.
    no_wild_pays = SlotConfig(
        DEFAULT_SLOT.reels, DEFAULT_SLOT.paylines, {K: {3: 5, 5: 50}, A: {3: 8, 5: 80}}, {}
    )
    assert line(W, W, W, W, W, config=no_wild_pays) == (A, 5, 80)
    assert line(W, W, W, K, K, config=no_wild_pays) == (K, 5, 50)
    assert line(W, W, W, K, J, config=no_wild_pays) == ("", 0, 0)  # four kings pay nothing here


def test_a_grid_pays_its_lines_and_scatters() -> None:
    # Columns top to bottom. Top row: K K K Q J (line 1); scatters on reels 1, 2 and 4.
    grid = ((K, S, J), (K, Q, S), (K, A, J), (Q, S, J), (J, A, Q))
    result = slot.evaluate(DEFAULT_SLOT, grid, 10)
    assert result.total_bet == 200
    assert [(w.line, w.symbol, w.count, w.amount) for w in result.line_wins] == [(1, K, 3, PAYS[K][3] * 10)]
    assert result.scatter_win == DEFAULT_SLOT.scatter_pays[3] * 200
    assert result.total_win == PAYS[K][3] * 10 + DEFAULT_SLOT.scatter_pays[3] * 200


def test_a_grid_with_wilds_pays_several_lines() -> None:
    # Middle row W W W W W: line 0 pays five wilds; line 15 (rows 1,1,0,1,1) reads W W A W W, five aces
    # (two wilds alone pay nothing); line 9 (rows 0,1,1,1,0) reads A W W W J, four aces.
    grid = ((A, W, J), (Q, W, J), (A, W, J), (Q, W, J), (J, W, Q))
    wins = {w.line: (w.symbol, w.count, w.amount) for w in slot.evaluate(DEFAULT_SLOT, grid, 1).line_wins}
    assert wins[0] == (W, 5, PAYS[W][5])
    assert wins[15] == (A, 5, PAYS[A][5])
    assert wins[9] == (A, 4, PAYS[A][4])


def test_a_spin_shows_consecutive_stops_of_each_strip() -> None:
    stops = (0, 5, 39, 17, 40)  # 39 on a 41-long strip wraps round to its start
    result = slot.spin(DEFAULT_SLOT, Scripted(*stops), 5)
    for column, strip, stop in zip(result.grid, DEFAULT_SLOT.reels, stops, strict=True):
        assert column == tuple(strip[(stop + row) % len(strip)] for row in range(3))
    assert result.total_bet == 100
    again = slot.spin(DEFAULT_SLOT, Scripted(*stops), 5)
    assert again == result
    assert result == slot.evaluate(DEFAULT_SLOT, result.grid, 5)


def test_the_default_strips() -> None:
    symbols = {s for strip in DEFAULT_SLOT.reels for s in strip}
    assert symbols == set(DEFAULT_SLOT.paytable) | {S}
    assert len(symbols) - 2 == 8  # eight normal symbols besides WILD and SCATTER
    assert len(DEFAULT_SLOT.paylines) == 20
    assert len(set(DEFAULT_SLOT.paylines)) == 20
    for strip in DEFAULT_SLOT.reels:
        assert 30 <= len(strip) <= 41
        # No window of three consecutive positions (wrapping) shows two scatters.
        assert all((strip + strip[:2])[i : i + 3].count(S) <= 1 for i in range(len(strip)))


def test_the_configured_rtp() -> None:
    rtp = slot.exact_rtp(DEFAULT_SLOT)
    print(f"slot exact RTP {rtp} = {float(rtp):.6f}")
    assert Fraction(955, 1000) <= rtp <= Fraction(965, 1000)


# A small machine whose every stop combination can be enumerated: 4 x 5 x 4 x 3 x 5 = 1,200 grids. Reel 2
# shows two scatters at once from some stops, and wilds have no 5-of-a-kind pay of their own.
SMALL = SlotConfig(
    reels=(
        (A, K, W, S),
        (K, S, S, A, W),
        (W, A, K, K),
        (A, K, S),
        (K, W, A, A, K),
    ),
    paylines=((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2), (0, 0, 1, 2, 2)),
    paytable={W: {3: 20, 4: 60}, A: {2: 1, 3: 5, 4: 15, 5: 40}, K: {3: 3, 4: 10, 5: 25}},
    scatter_pays={2: 1, 3: 4, 4: 10, 5: 50},
)


def test_exact_figures_agree_with_enumerating_every_stop() -> None:
    wins = [
        Fraction(result.total_win, result.total_bet)
        for stops in itertools.product(*(range(len(strip)) for strip in SMALL.reels))
        for result in [slot.spin(SMALL, Scripted(*stops), 1)]
    ]
    mean = sum(wins, Fraction(0)) / len(wins)
    square = sum((w * w for w in wins), Fraction(0)) / len(wins)
    assert slot.exact_rtp(SMALL) == mean
    assert exact_moments(SMALL) == (mean, square)
    assert mean > 0


def test_the_25_line_variant_returns_the_same_per_unit_staked() -> None:
    assert len(slot.SLOT_25_LINES.paylines) == 25
    assert len(set(slot.SLOT_25_LINES.paylines)) == 25
    assert slot.exact_rtp(slot.SLOT_25_LINES) == slot.exact_rtp(slot.DEFAULT_SLOT)
