"""Period keys in the business day's time zone (the agents' settlements use the same): one entry per member
and key, so that "once a day / week / half month / month" is a unique constraint, not a count."""

from __future__ import annotations

from datetime import datetime, timedelta

from server.agents.team import BUSINESS_ZONE

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
