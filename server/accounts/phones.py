"""Mobile numbers: the merchant's countries, their dialing codes, and one canonical form (E.164)."""

from __future__ import annotations

from dataclasses import dataclass

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberType
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.http.core import errors
from server.http.core.errors import AppError

_MOBILE_TYPES = {PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE}


@dataclass(frozen=True)
class Country:
    country_code: str  # ISO 3166 alpha-2
    country_dialing_code: str  # "+63"


@dataclass(frozen=True)
class Mobile:
    e164: str  # "+639171234567": how numbers are stored and compared
    country_dialing_code: str  # "+63"
    national: str  # "9171234567"


def countries(codes: tuple[str, ...]) -> list[Country]:
    out = []
    for code in codes:
        dialing = phonenumbers.country_code_for_region(code)
        if dialing:
            out.append(Country(code, f"+{dialing}"))
    return out


def parse_mobile(country_dialing_code: str | None, number: str | None) -> Mobile:
    """A valid mobile number, or MOBILE_INVALID. Accepts "+63"/"63" and a national number with or without
    its trunk prefix ("09171234567" and "9171234567" are the same number)."""
    dialing = (country_dialing_code or "").strip().lstrip("+")
    digits = "".join(ch for ch in (number or "") if ch.isdigit())
    if not dialing.isdigit() or not digits or len(digits) > 15:
        raise AppError(errors.MOBILE_INVALID)
    try:
        parsed = phonenumbers.parse(f"+{dialing}{digits.lstrip('0')}")
    except NumberParseException as exc:
        raise AppError(errors.MOBILE_INVALID) from exc
    if not phonenumbers.is_valid_number(parsed) or phonenumbers.number_type(parsed) not in _MOBILE_TYPES:
        raise AppError(errors.MOBILE_INVALID)
    return Mobile(
        e164=phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164),
        country_dialing_code=f"+{parsed.country_code}",
        national=str(parsed.national_number),
    )


async def member_by_mobile(session: AsyncSession, merchant_id: int, mobile: Mobile) -> Member | None:
    found: Member | None = await session.scalar(
        select(Member).where(
            Member.merchant_id == merchant_id,
            Member.country_dialing_code == mobile.country_dialing_code,
            Member.mobile_num == mobile.national,
        )
    )
    return found
