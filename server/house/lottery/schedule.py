"""When each issue of a game takes bets and draws. Issues follow the game's local clock (a Vietnamese player's
"issue 0745 of today" is Hanoi's day), so every process derives the same window from the time alone.

Interval games number their issues YYYYMMDD-NNNN, the NNNN-th draw after local midnight; daily games number
theirs YYYYMMDD, the local date of the draw. An issue opens when the one before it draws, stops taking bets
close_seconds before its own draw, and draws at draw_at."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from server.house.lottery.catalogue import LotteryGame


@dataclass(frozen=True)
class Window:
    game_code: str
    issue_no: str
    opens_at: datetime
    closes_at: datetime
    draw_at: datetime

    def taking_bets(self, now: datetime) -> bool:
        return self.opens_at <= now < self.closes_at


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=zone)


def _interval_window(game: LotteryGame, day: date, seq: int) -> Window:
    assert game.interval_seconds is not None
    zone = ZoneInfo(game.timezone)
    start = _midnight(day, zone)
    opens = start + timedelta(seconds=(seq - 1) * game.interval_seconds)
    draws = start + timedelta(seconds=seq * game.interval_seconds)
    return Window(
        game.code,
        f"{day:%Y%m%d}-{seq:04d}",
        opens.astimezone(UTC),
        (draws - timedelta(seconds=game.close_seconds)).astimezone(UTC),
        draws.astimezone(UTC),
    )


def _daily_draw(game: LotteryGame, day: date) -> datetime:
    assert game.daily_at is not None
    zone = ZoneInfo(game.timezone)
    return datetime.combine(day, game.daily_at, tzinfo=zone).astimezone(UTC)


def _daily_window(game: LotteryGame, day: date) -> Window:
    draws = _daily_draw(game, day)
    return Window(
        game.code,
        f"{day:%Y%m%d}",
        _daily_draw(game, day - timedelta(days=1)),
        draws - timedelta(seconds=game.close_seconds),
        draws,
    )


def current(game: LotteryGame, now: datetime) -> Window:
    """The issue whose draw is the next one after `now` (taking bets, or closed and about to draw)."""
    local = now.astimezone(ZoneInfo(game.timezone))
    if game.interval_seconds is not None:
        since_midnight = (local - _midnight(local.date(), ZoneInfo(game.timezone))).total_seconds()
        seq = int(since_midnight // game.interval_seconds) + 1
        per_day = 86_400 // game.interval_seconds
        if seq > per_day:  # the day's last draw falls on the next midnight
            return _interval_window(game, local.date() + timedelta(days=1), 1)
        return _interval_window(game, local.date(), seq)
    today = _daily_window(game, local.date())
    return today if now < today.draw_at else _daily_window(game, local.date() + timedelta(days=1))


def following(game: LotteryGame, window: Window) -> Window:
    return current(game, window.draw_at)


def by_issue_no(game: LotteryGame, issue_no: str) -> Window | None:
    """The window an issue number names, or None when the number is not one of this game's."""
    try:
        if game.interval_seconds is not None:
            day_part, seq_part = issue_no.split("-")
            seq = int(seq_part)
            if len(seq_part) != 4 or not 1 <= seq <= 86_400 // game.interval_seconds:
                return None
            return _interval_window(game, datetime.strptime(day_part, "%Y%m%d").date(), seq)
        if len(issue_no) != 8 or not issue_no.isdigit():
            return None
        return _daily_window(game, datetime.strptime(issue_no, "%Y%m%d").date())
    except ValueError:
        return None
