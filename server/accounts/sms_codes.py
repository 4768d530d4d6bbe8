"""One-time SMS codes for login, registration and password reset: single use, short-lived, a few tries,
and capped per phone and per address so that nobody can use us to flood a phone or burn our SMS quota."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import phones
from server.accounts.access import Access
from server.accounts.messaging import SmsSender
from server.accounts.models import VerificationCode
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError

MAX_ATTEMPTS = 5


@dataclass(frozen=True)
class SendCaps:
    """At most `per_phone_burst` codes of one purpose to one phone a minute, `per_phone_hour` codes to
    it an hour, and `per_ip_hour` from one address an hour."""

    per_phone_burst: int = 1
    per_phone_hour: int = 5
    per_ip_hour: int = 20


DEFAULT_CAPS = SendCaps()

_TEXTS = {
    "LOGIN": "Your login code is {code}. It expires in {minutes} minutes. Never share it.",
    "REGISTER": "Your registration code is {code}. It expires in {minutes} minutes.",
    "FORGOT": "Your password reset code is {code}. It expires in {minutes} minutes. Never share it.",
}


def _hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


async def _count(session: AsyncSession, merchant_id: int, since_minutes: int, **where: str) -> int:
    since = utcnow() - timedelta(minutes=since_minutes)
    stmt = (
        select(func.count())
        .select_from(VerificationCode)
        .where(VerificationCode.merchant_id == merchant_id, VerificationCode.created_at >= since)
    )
    for column, value in where.items():
        stmt = stmt.where(getattr(VerificationCode, column) == value)
    return int(await session.scalar(stmt) or 0)


async def send_code(
    session: AsyncSession,
    sender: SmsSender,
    *,
    merchant_id: int,
    purpose: str,
    phone: str,
    ip: str,
    minutes: int,
    caps: SendCaps = DEFAULT_CAPS,
    deliver: bool = True,
) -> int:
    """Issue a code and send it; returns its lifetime in minutes. With deliver=False the code is recorded
    (so caps count it and the answer looks the same) but nothing is sent, for numbers that must not learn
    whether they have an account."""
    if (
        await _count(session, merchant_id, 1, phone=phone, purpose=purpose) >= caps.per_phone_burst
        or await _count(session, merchant_id, 60, phone=phone) >= caps.per_phone_hour
        or await _count(session, merchant_id, 60, ip=ip) >= caps.per_ip_hour
    ):
        raise AppError(errors.TOO_MANY_REQUEST)
    code = f"{secrets.randbelow(1_000_000):06d}"
    # A newer code replaces older unused ones for the same purpose.
    await session.execute(
        update(VerificationCode)
        .where(
            VerificationCode.merchant_id == merchant_id,
            VerificationCode.phone == phone,
            VerificationCode.purpose == purpose,
            VerificationCode.used_at.is_(None),
        )
        .values(used_at=utcnow())
    )
    session.add(
        VerificationCode(
            merchant_id=merchant_id,
            purpose=purpose,
            phone=phone,
            code_hash=_hash(code),
            ip=ip,
            expires_at=utcnow() + timedelta(minutes=minutes),
        )
    )
    await session.flush()
    if deliver:
        text = _TEXTS[purpose].format(code=code, minutes=minutes)
        await sender.send(session, merchant_id=merchant_id, phone=phone, purpose=purpose, text=text)
    return minutes


async def consume_code(
    session: AsyncSession, *, merchant_id: int, purpose: str, phone: str, code: str
) -> None:
    """Accept the live code for this phone and purpose exactly once; raise SMS_CODE_INVALID or
    SMS_CODE_EXPIRED otherwise. Every wrong try counts; after MAX_ATTEMPTS the code is dead."""
    row = await session.scalar(
        select(VerificationCode)
        .where(
            VerificationCode.merchant_id == merchant_id,
            VerificationCode.phone == phone,
            VerificationCode.purpose == purpose,
            VerificationCode.used_at.is_(None),
        )
        .order_by(VerificationCode.id.desc())
        .limit(1)
        .with_for_update()
    )
    if row is None or not code:
        raise AppError(errors.SMS_CODE_INVALID)
    if utcnow() >= row.expires_at:
        raise AppError(errors.SMS_CODE_EXPIRED)
    if not hmac.compare_digest(row.code_hash, _hash(code.strip())):
        row.attempts += 1
        if row.attempts >= MAX_ATTEMPTS:
            row.used_at = utcnow()
        await session.flush()
        raise AppError(errors.SMS_CODE_INVALID, commit_changes=True)
    row.used_at = utcnow()
    await session.flush()


# Which switch must be on for each purpose (SPEC §3 switches).
PURPOSE_SWITCH = {"LOGIN": "MOBILEVERCODELOGIN3", "REGISTER": "REGMOBVERF3", "FORGOT": "CHNGPASSVERIF3"}


async def request_code(
    session: AsyncSession,
    access: Access,
    sender: SmsSender,
    *,
    purpose: str,
    country_dialing_code: str | None,
    number: str | None,
    challenge: Mapping[str, Any] | None,
) -> int:
    """The three SMS calls. A login or reset code goes only to a number with an account, a registration
    code only to one without; the answer to a number that gets nothing is the same as to one that does,
    except for registration, where the form must say the number is taken."""
    brand = access.brand
    switch = PURPOSE_SWITCH[purpose]
    if not brand.switch_on(switch):
        raise AppError(errors.MODULE_DISABLED, value={"modId": switch})
    mobile = phones.parse_mobile(country_dialing_code, number)
    await access.require_human(session, challenge)
    exists = await phones.member_by_mobile(session, brand.id, mobile) is not None
    if purpose == "REGISTER" and exists:
        raise AppError(errors.MOBILE_TAKEN)
    return await send_code(
        session,
        sender,
        merchant_id=brand.id,
        purpose=purpose,
        phone=mobile.e164,
        ip=access.ip,
        minutes=brand.sms_code_minutes,
        deliver=exists or purpose == "REGISTER",
    )
