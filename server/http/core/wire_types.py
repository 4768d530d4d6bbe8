"""Types of values the wire carries that no column could hold otherwise checked: ids within the range the
database hands out, dates within the years the product deals in, ISO text only. Framework-free: request
models, path and query parameters anywhere may use them."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

# A database id (BIGINT, handed out from 1) as a JSON number or a numeric string, in a body, a path or a
# query. Capped at 2**53, the largest integer a JavaScript client holds exactly and far inside BIGINT: a row
# past it could not be named by the web client anyway. Anything outside answers VALIDATION_ERROR (422) before
# a query sees it; unchecked, "9223372036854775808" reached the database driver and failed there as a 500.
ID_MAX = 2**53
WireId = Annotated[int, Field(ge=1, le=ID_MAX)]

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
