"""Money on the wire is a decimal string ("1234.50"), in the database an integer of minor units (123450).
Never a float: binary floating point cannot hold 0.10."""

from __future__ import annotations

import re
from decimal import Decimal

from server.http.core import errors
from server.http.core.errors import AppError

MINOR_DIGITS = 2
_SCALE = 10**MINOR_DIGITS
_AMOUNT = re.compile(r"^(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?$")


def parse_amount(text: object, *, field: str = "amount", allow_zero: bool = False) -> int:
    """A positive amount in minor units from its decimal string, or VALIDATION_ERROR (not a number, a
    float or int on the wire, negative, more than two decimals, absurdly large)."""
    if not isinstance(text, str) or not _AMOUNT.fullmatch(text.strip()):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "amount"}]})
    minor = int(Decimal(text.strip()) * _SCALE)
    if minor == 0 and not allow_zero:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": field, "type": "amount"}]})
    return minor


def format_amount(minor: int) -> str:
    sign = "-" if minor < 0 else ""
    whole, cents = divmod(abs(minor), _SCALE)
    return f"{sign}{whole}.{cents:0{MINOR_DIGITS}d}"
