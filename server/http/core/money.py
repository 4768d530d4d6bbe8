"""Money on the wire is a decimal string ("1234.50"), in the database an integer of minor units (123450).
Never a float: binary floating point cannot hold 0.10. `parse_amount` is the one reader of an amount a
request carries (players, staff, agents, vendors and the house alike)."""

from __future__ import annotations

import re

from server.http.core import errors
from server.http.core.errors import AppError

# Every currency the product deals in has two minor digits.
MINOR_DIGITS = 2
_SCALE: int = 10**MINOR_DIGITS
# At most 15 whole digits: 10**17 minor units stay far inside BIGINT (and a sum of many of them too).
WHOLE_DIGITS_MAX = 15
_AMOUNT = re.compile(rf"(0|[1-9][0-9]{{0,{WHOLE_DIGITS_MAX - 1}}})(\.[0-9]{{1,{MINOR_DIGITS}}})?")


def parse_amount(text: object, *, field: str = "amount", allow_zero: bool = False) -> int:
    """Minor units from an amount's decimal string, or VALIDATION_ERROR naming `field`.

    Allowed, and nothing else: ASCII digits, a whole part without leading zeros ("0" itself is one),
    optionally a point and one or two decimals ("1", "1.5", "1.50", "0.01"), at most 15 whole digits.
    Refused: anything but a string (a JSON number is a float to most clients), surrounding or inner
    whitespace ("1.00 ", " 1.00"), a sign ("+1", "-1"), an exponent ("1e2"), a bare point ("1.", ".5"),
    more decimals than the currency has ("1.001"), leading zeros ("01.00"), NaN and Infinity, grouping
    ("1,000"), digits of other scripts, and zero unless `allow_zero`."""
    if not isinstance(text, str) or not _AMOUNT.fullmatch(text):
        raise _invalid(field)
    whole, _, fraction = text.partition(".")
    minor = int(whole) * _SCALE + int(fraction.ljust(MINOR_DIGITS, "0"))
    if minor == 0 and not allow_zero:
        raise _invalid(field)
    return minor


def _invalid(field: str) -> AppError:
    return AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "amount"}]})


def format_amount(minor: int) -> str:
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), _SCALE)
    return f"{sign}{whole}.{cents:0{MINOR_DIGITS}d}"
