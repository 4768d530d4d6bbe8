"""Period keys in the business day's time zone (the agents' settlements use the same): one entry per member
and key, so that "once a day / week / half month / month" is a unique constraint, not a count."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from server.brands.business_day import BUSINESS_ZONE

ONCE = "once"


def key(period: str | None, at: datetime) -> str:
    day = at.astimezone(BUSINESS_ZONE).date()
    if period is None:
        return ONCE
    if period == "DAILY":
        return day.isoformat()
    if period == "WEEKLY":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    if period == "SEMIMONTHLY":
        return f"{day:%Y-%m}-H{1 if day.day <= 15 else 2}"
    if period == "MONTHLY":
        return f"{day:%Y-%m}"
    raise ValueError(f"unknown period {period}")


def day_key(at: datetime) -> str:
    return key("DAILY", at)


def previous_day_key(at: datetime) -> str:
    return key("DAILY", at - timedelta(days=1))


def _start_of(period: str, day: date) -> date:
    if period == "DAILY":
        return day
    if period == "WEEKLY":
        return day - timedelta(days=day.weekday())
    if period == "SEMIMONTHLY":
        return day.replace(day=1 if day.day <= 15 else 16)
    if period == "MONTHLY":
        return day.replace(day=1)
    raise ValueError(f"unknown period {period}")


def _next_start(period: str, start: date) -> date:
    if period == "DAILY":
        return start + timedelta(days=1)
    if period == "WEEKLY":
        return start + timedelta(days=7)
    if period == "SEMIMONTHLY" and start.day == 1:
        return start.replace(day=16)
    # The first of the next month (a month, or a second half).
    return (start.replace(day=28) + timedelta(days=4)).replace(day=1)


def _utc(day: date) -> datetime:
    return datetime.combine(day, time(), BUSINESS_ZONE).astimezone(UTC)


def bounds(period: str, at: datetime) -> tuple[datetime, datetime]:
    """The period holding `at`: its first instant and the first of the next, in UTC."""
    start = _start_of(period, at.astimezone(BUSINESS_ZONE).date())
    return _utc(start), _utc(_next_start(period, start))


def previous_bounds(period: str, at: datetime) -> tuple[datetime, datetime]:
    """The period that closed last before the one holding `at`."""
    start, _ = bounds(period, at)
    return bounds(period, start - timedelta(seconds=1))
