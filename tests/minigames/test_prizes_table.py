"""A prize table: percent strings to parts per million summing to exactly 1,000,000 (else PRIZE_TABLE_SUM with
the sum sent), 2..12 prizes, each kind with its own fields; the expected cost per play; the weighted pick."""

from __future__ import annotations

import pytest

from server.http.core.errors import AppError
from server.minigames.prizes import table
from server.minigames.prizes.demo import seed_prize_games
from server.minigames.prizes.models import PrizeGame
from server.minigames.prizes.table import PrizeAsk

EN = {"EN": "a prize"}


def money(amount: str, percent: str, wager: int = 0) -> PrizeAsk:
    return PrizeAsk("MONEY", amount, None, wager, EN, percent)


def nothing(percent: str) -> PrizeAsk:
    return PrizeAsk("NOTHING", None, None, 0, EN, percent)


def refused(asks: list[PrizeAsk]) -> tuple[str, object]:
    with pytest.raises(AppError) as caught:
        table.validate(asks)
    return caught.value.code, caught.value.value


def test_percent_strings_are_parts_per_million() -> None:
    assert [table.to_ppm(t) for t in ("100", "12.5", "0.0001", "0", "33.3333")] == [
        1_000_000,
        125_000,
        1,
        0,
        333_333,
    ]
    assert [table.percent_text(p) for p in (1_000_000, 125_000, 1, 0, 333_333)] == [
        "100",
        "12.5",
        "0.0001",
        "0",
        "33.3333",
    ]


def test_a_table_that_sums_to_100_is_stored_exactly() -> None:
    rows = table.validate([money("1.00", "33.3333"), money("2.00", "33.3333"), nothing("33.3334")])
    assert [r["ppm"] for r in rows] == [333_333, 333_333, 333_334]
    assert rows[0] == {
        "kind": "MONEY",
        "amount": 1_00,
        "value": None,
        "wagerMultiple": 0,
        "labels": EN,
        "ppm": 333_333,
    }


@pytest.mark.parametrize(
    ("asks", "total"),
    [
        ([money("1.00", "50"), nothing("49.5")], "99.5"),
        ([money("1.00", "50"), nothing("50.0001")], "100.0001"),
        ([money("1.00", "100"), nothing("100")], "200"),
        ([money("1.00", "33.3333"), money("1.00", "33.3333"), nothing("33.3333")], "99.9999"),
    ],
)
def test_a_table_that_does_not_sum_to_100_is_refused_with_its_sum(asks: list[PrizeAsk], total: str) -> None:
    assert refused(asks) == ("PRIZE_TABLE_SUM", {"sum": total})


def _field(asks: list[PrizeAsk]) -> str:
    code, value = refused(asks)
    assert code == "VALIDATION_ERROR"
    assert isinstance(value, dict)
    return str(value["fields"][0]["field"])


def test_bad_rows_name_their_field() -> None:
    assert _field([money("1.00", "100")]) == "prizes"  # one prize
    assert _field([money("0.01", "0")] * 12 + [nothing("100")]) == "prizes"  # thirteen
    assert _field([PrizeAsk("GOLD", None, None, 0, EN, "50"), nothing("50")]) == "prizes.0.kind"
    assert _field([money("1.001", "50"), nothing("50")]) == "prizes.0.amount"
    assert _field([money("0", "50"), nothing("50")]) == "prizes.0.amount"
    assert _field([PrizeAsk("MONEY", None, None, 0, EN, "50"), nothing("50")]) == "prizes.0.amount"
    assert _field([money("1.00", "50", wager=51), nothing("50")]) == "prizes.0.wagerMultiple"
    assert _field([PrizeAsk("POINTS", "1.00", 5, 0, EN, "50"), nothing("50")]) == "prizes.0.amount"
    assert _field([PrizeAsk("POINTS", None, None, 0, EN, "50"), nothing("50")]) == "prizes.0.value"
    assert _field([PrizeAsk("TICKETS", None, 0, 0, EN, "50"), nothing("50")]) == "prizes.0.value"
    assert _field([PrizeAsk("TICKETS", None, 1, 2, EN, "50"), nothing("50")]) == "prizes.0.wagerMultiple"
    assert _field([money("1.00", "50"), PrizeAsk("NOTHING", None, 3, 0, EN, "50")]) == "prizes.1.value"
    assert _field([money("1.00", "50"), PrizeAsk("NOTHING", None, None, 0, {"CN": "x"}, "50")]) == (
        "prizes.1.label.EN"
    )
    for bad in ("100.1", "-1", "1e2", "12.34567", "", " 5", "101"):
        assert _field([money("1.00", bad), nothing("50")]) == "prizes.0.probability", bad


def test_expected_cost_per_play() -> None:
    rows = table.validate(
        [
            money("0.50", "25", wager=1),
            money("1.00", "15"),
            money("2.00", "8"),
            money("5.00", "2"),
            PrizeAsk("POINTS", None, 10, 0, EN, "20"),
            PrizeAsk("POINTS", None, 50, 0, EN, "5"),
            PrizeAsk("TICKETS", None, 1, 0, EN, "10"),
            nothing("15"),
        ]
    )
    # Money 0.125 + 0.15 + 0.16 + 0.10; points at 100 a 1.00: 0.02 + 0.025; tickets nothing: 0.58 (0.5800).
    assert table.expected_cost(rows, 100) == 58
    # At 10 points a 1.00, points are worth ten times more: 0.535 + 0.45 = 0.985, half up to 0.99.
    assert table.expected_cost(rows, 10) == 99
    assert table.expected_cost(table.validate([nothing("100"), money("9.99", "0")]), 100) == 0


def test_the_pick_lays_the_parts_end_to_end() -> None:
    rows = table.validate([money("1.00", "0.0001"), nothing("0"), money("2.00", "99.9999")])
    assert table.pick(rows, 0) == 0
    assert table.pick(rows, 1) == 2
    assert table.pick(rows, 999_999) == 2
    with pytest.raises(ValueError, match="out of range"):
        table.pick(rows, 1_000_000)


async def test_the_demo_tables_are_valid() -> None:
    class Brand:
        id = 1

    class Recorder:
        added: list[PrizeGame] = []

        def add_all(self, rows: list[PrizeGame]) -> None:
            self.added.extend(rows)

        async def flush(self) -> None:
            return None

    recorder = Recorder()
    await seed_prize_games(recorder, Brand())  # type: ignore[arg-type]
    wheel, egg = recorder.added
    assert (wheel.kind, len(wheel.prizes), wheel.per_deposit, wheel.per_turnover, wheel.per_checkin) == (
        "WHEEL",
        8,
        100_00,
        1_000_00,
        1,
    )
    assert (egg.kind, len(egg.prizes)) == ("EGG", 3)
    assert table.expected_cost(wheel.prizes, 100) == 58
