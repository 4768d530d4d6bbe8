"""Cashback rates: basis points (hundredths of a percent) inside, a percent with two decimals on the wire
("0.80" is 80). Amounts owed are rounded down to the minor unit."""

from __future__ import annotations

import re

RATE_MAX = 10_000  # 100.00 %
_RATE = re.compile(r"(0|[1-9][0-9]{0,2})(\.[0-9]{1,2})?")


def format_rate(bps: int) -> str:
    return f"{bps // 100}.{bps % 100:02d}"


def parse_rate(text: str) -> int | None:
    """Basis points, or None when the text is no percent from 0.00 to 100.00."""
    if not _RATE.fullmatch(text):
        return None
    whole, _, fraction = text.partition(".")
    bps = int(whole) * 100 + int(fraction.ljust(2, "0"))
    return bps if bps <= RATE_MAX else None


def cashback(turnover: int, bps: int) -> int:
    return turnover * bps // 10_000
