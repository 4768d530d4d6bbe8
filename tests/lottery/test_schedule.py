"""Issue windows on the game's local clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from server.house.lottery import schedule
from server.house.lottery.catalogue import GAMES, GAMES_BY_CODE

FAST = GAMES_BY_CODE["vn-fast-1m"]
NORTH = GAMES_BY_CODE["vn-north"]


def test_interval_issue_numbers_count_from_local_midnight() -> None:
    # 2026-11-23 00:07:30 in Ho Chi Minh City (UTC+7) is 17:07:30 UTC the day before.
    now = datetime(2026, 11, 22, 17, 7, 30, tzinfo=UTC)
    window = schedule.current(FAST, now)
    assert window.issue_no == "20261123-0008"
    assert window.opens_at == datetime(2026, 11, 22, 17, 7, tzinfo=UTC)
    assert window.draw_at == datetime(2026, 11, 22, 17, 8, tzinfo=UTC)
    assert window.closes_at == window.draw_at - timedelta(seconds=FAST.close_seconds)
    assert window.taking_bets(now)
    assert not window.taking_bets(window.closes_at)


def test_the_last_issue_of_a_day_draws_at_midnight() -> None:
    before_midnight = datetime(2026, 11, 23, 16, 59, 30, tzinfo=UTC)  # 23:59:30 local
    window = schedule.current(FAST, before_midnight)
    assert window.issue_no == "20261123-1440"
    after = schedule.following(FAST, window)
    assert after.issue_no == "20261124-0001"
    assert after.opens_at == window.draw_at


def test_daily_issue_is_the_local_date_of_its_draw() -> None:
    morning = datetime(2026, 11, 23, 1, 0, tzinfo=UTC)  # 08:00 local, before the 18:15 draw
    window = schedule.current(NORTH, morning)
    assert window.issue_no == "20261123"
    assert window.draw_at == datetime(2026, 11, 23, 11, 15, tzinfo=UTC)
    assert window.closes_at == datetime(2026, 11, 23, 11, 0, tzinfo=UTC)
    evening = datetime(2026, 11, 23, 11, 15, tzinfo=UTC)
    assert schedule.current(NORTH, evening).issue_no == "20261124"


def test_issue_numbers_round_trip_and_bad_ones_are_refused() -> None:
    now = datetime(2026, 11, 23, 5, 0, 1, tzinfo=UTC)
    for game in GAMES:
        window = schedule.current(game, now)
        assert schedule.by_issue_no(game, window.issue_no) == window
        assert window.opens_at <= now < window.draw_at
        assert schedule.following(game, window).opens_at == window.draw_at
    for bad in (
        "",
        "2026-11-23",
        "20261123-0000",
        "20261123-1441",
        "20261123-01",
        "abc-0001",
        "20261323-0001",
    ):
        assert schedule.by_issue_no(FAST, bad) is None
    assert schedule.by_issue_no(NORTH, "20261123-0001") is None
