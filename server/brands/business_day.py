"""The merchants' books' day. The merchants keep their books in Philippine days (the demo brands are PHP
brands); a brand that needs another zone gets a setting of its own."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

BUSINESS_ZONE = ZoneInfo("Asia/Manila")


def business_day(at: datetime) -> date:
    """The merchant's books' day (the agents' figures and salaries count in the same zone)."""
    return at.astimezone(BUSINESS_ZONE).date()
