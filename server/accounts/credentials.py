"""Changing a password, and getting back in without one: a temporary password by e-mail, or a new
password set with an SMS code."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, phones, sessions, sms_codes
from server.accounts.login import find_member
from server.accounts.messaging import EmailSender
from server.accounts.models import Member, PasswordReset
from server.accounts.registration import FieldError, check_fields, invalid, rule_for
from server.brands.service import Brand
from server.content.messages import service as messages
from server.db.after_commit import on_commit
from server.db.base import utcnow
from server.db.session import Database
from server.http.core import errors
from server.http.core.errors import AppError

RESET_LIFETIME = timedelta(minutes=30)
RESETS_PER_ACCOUNT_PER_HOUR = 3
_TEMP_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789"


def check_secret_rule(
    brand: Brand,
    rule_field: str,
    value: str,
    confirm: str,
    *,
    field: str | None = None,
    confirm_field: str | None = None,
) -> None:
    """A new password (or withdrawal password) against the merchant's rule for it, and its confirmation."""
    rule = rule_for(brand.register_rules, rule_field)
    name = field or rule_field
    found: list[FieldError] = []
    if rule is not None:
        found = [
            FieldError(name, e.type, e.message_key, e.min, e.max)
            for e in check_fields((rule,), {rule_field: value}, always={rule_field})
        ]
    if value != confirm:
        found.append(
            FieldError(
                confirm_field or f"confirm{name[0].upper()}{name[1:]}", "mismatch", "inconsistent_twice"
            )
        )
    if found:
        raise invalid(found)


def _check_new_password(brand: Brand, new: str, confirm: str) -> None:
    check_secret_rule(
        brand, "password", new, confirm, field="newPassword", confirm_field="confirmNewPassword"
    )


def temporary_password() -> str:
    """Eleven characters, none that read alike (0/O, 1/l), ending in a digit as password rules ask."""
    return "".join(secrets.choice(_TEMP_ALPHABET) for _ in range(10)) + str(secrets.randbelow(10))


async def _set_password(member: Member, new: str) -> None:
    member.password_hash = await passwords.hash_password_async(new)
    member.password_changed_at = utcnow()
    member.must_change_password = False


async def change_password(
    session: AsyncSession, brand: Brand, member: Member, *, session_id: int, old: str, new: str, confirm: str
) -> None:
    """The other sessions of this member end, and their open pages are told why."""
    _check_new_password(brand, new, confirm)
    if not await passwords.verify_password_async(member.password_hash, old):
        raise AppError(errors.OLD_PASSWORD_WRONG)
    if new == old:
        raise AppError(errors.PASSWORD_REUSED)
    await _set_password(member, new)
    others = await sessions.live_sessions_of(session, member.id, except_id=session_id)
    await sessions.end(session, others, "password_changed")
    await messages.send_system(session, member.id, "PASSWORD_CHANGED")


async def forgot_by_email(
    session: AsyncSession,
    db: Database,
    brand: Brand,
    sender: EmailSender,
    *,
    username: str,
    email: str,
) -> None:
    """Sends a temporary password when the name and address match. The answer is the same either way, and
    so is its time: the slow part (hashing the temporary password, sending) runs after the request's
    commit, so the call cannot be used to find out which accounts and addresses exist."""
    member = await find_member(session, brand.id, username)
    if member is None or not member.email or member.email.strip().lower() != email.strip().lower():
        return
    member_id = member.id

    async def issue() -> None:
        async with db.session() as later:
            await _issue_temporary_password(later, brand, sender, member_id)

    on_commit(session, issue)


async def _issue_temporary_password(
    session: AsyncSession, brand: Brand, sender: EmailSender, member_id: int
) -> None:
    # The member row is the turn for the hourly count: two requests at once cannot both be the third.
    member = await session.scalar(
        select(Member)
        .where(Member.id == member_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    if member is None or not member.email:
        return
    recent = await session.scalar(
        select(func.count())
        .select_from(PasswordReset)
        .where(
            PasswordReset.member_id == member.id, PasswordReset.created_at >= utcnow() - timedelta(hours=1)
        )
    )
    if int(recent or 0) >= RESETS_PER_ACCOUNT_PER_HOUR:
        return
    temporary = temporary_password()
    session.add(
        PasswordReset(
            merchant_id=brand.id,
            member_id=member.id,
            temp_hash=await passwords.hash_password_async(temporary),
            expires_at=utcnow() + RESET_LIFETIME,
        )
    )
    await sender.send(
        session,
        merchant_id=brand.id,
        to_address=member.email,
        subject=f"{brand.name}: your temporary password",
        body=(
            f"Hello {member.nickname or member.username},\n\nYour temporary password is {temporary}\n"
            f"It works once, for {int(RESET_LIFETIME.total_seconds() // 60)} minutes; you will choose a new "
            "password after logging in with it. Your current password keeps working meanwhile.\n\n"
            "If you did not ask for this, ignore this message."
        ),
    )


async def reset_by_phone(
    session: AsyncSession,
    brand: Brand,
    *,
    country_dialing_code: str | None,
    mobile_num: str | None,
    code: str | None,
    new: str,
    confirm: str,
) -> Member:
    """A new password for the account of this phone, proven by a FORGOT code. Every session ends."""
    _check_new_password(brand, new, confirm)
    mobile = phones.parse_mobile(country_dialing_code, mobile_num)
    await sms_codes.consume_code(
        session, merchant_id=brand.id, purpose="FORGOT", phone=mobile.e164, code=code or ""
    )
    member = await phones.member_by_mobile(session, brand.id, mobile)
    if member is None:
        raise AppError(errors.SMS_CODE_INVALID)
    await _set_password(member, new)
    await sessions.end(session, await sessions.live_sessions_of(session, member.id), "password_reset")
    await messages.send_system(session, member.id, "PASSWORD_CHANGED")
    return member


async def operator_reset(session: AsyncSession, merchant_id: int, username: str) -> str:
    """A new random password chosen by the back office; the member must replace it at the next login.
    Every session of the member ends."""
    member = await find_member(session, merchant_id, username)
    if member is None:
        raise AppError(errors.NOT_FOUND, f"no member {username}")
    temporary = temporary_password()
    await _set_password(member, temporary)
    member.must_change_password = True
    await sessions.end(session, await sessions.live_sessions_of(session, member.id), "password_reset")
    return temporary
