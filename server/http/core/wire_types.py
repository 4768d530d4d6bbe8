"""Types of values the wire carries that no column could hold otherwise checked: dates within the years the
product deals in, ISO text only. Framework-free: request and response models anywhere may use them."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator

# Dates in queries: ISO text only (a bare number would be read as seconds since 1970), within the years the
# product deals in (date arithmetic at the ends of the calendar overflows).
EARLIEST, LATEST = date(2000, 1, 1), date(2100, 12, 31)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$")


def _iso_text(pattern: re.Pattern[str], what: str) -> Any:
    def check(value: Any) -> Any:
        if isinstance(value, str) and not pattern.match(value):
            raise ValueError(f"Expected an ISO {what}")
        return value

    return check


def _within_years(value: date) -> date:
    day = value.date() if isinstance(value, datetime) else value
    if not EARLIEST <= day <= LATEST:
        raise ValueError(f"Expected a date between {EARLIEST} and {LATEST}")
    return value


IsoDate = Annotated[
    date, BeforeValidator(_iso_text(_ISO_DATE, "date (yyyy-mm-dd)")), AfterValidator(_within_years)
]


def _utc_when_naive(value: datetime) -> datetime:
    # Times are stored in UTC; one sent without a zone is read as UTC rather than refused.
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


IsoDateTime = Annotated[
    datetime,
    BeforeValidator(_iso_text(_ISO_DATETIME, "date-time")),
    AfterValidator(_within_years),
    AfterValidator(_utc_when_naive),
]
