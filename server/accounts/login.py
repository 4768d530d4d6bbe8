"""Signing in: by username and password, by SMS code, as a free-play guest; and signing out."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, phones, sessions, sms_codes, throttle
from server.accounts.access import Access
from server.accounts.models import AGENT_TYPES, TRIAL, Member, PasswordReset, Staff
from server.content.messages.devices import note_sign_in
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet.service import grant_trial_money

DEFAULT_PASSWORD = "123456"  # noqa: S105 - the well-known default SPEC §9 tells us to refuse
TRIAL_LIFETIME = timedelta(hours=24)
TRIALS_PER_IP_PER_DAY = 10


@dataclass(frozen=True)
class SignedIn:
    token: str
    member: Member
    first_time_login: bool
    password_expired: bool
    password_change_required: bool
    previous_login_at: datetime | None


def username_key(username: str) -> str:
    return username.strip().lower()


async def find_member(session: AsyncSession, merchant_id: int, username: str) -> Member | None:
    found: Member | None = await session.scalar(
        select(Member).where(Member.merchant_id == merchant_id, Member.username == username_key(username))
    )
    return found


def password_expired(member: Member, max_age_days: int, now: datetime) -> bool:
    changed = member.password_changed_at or member.created_at
    return max_age_days > 0 and now - changed > timedelta(days=max_age_days)


# Checks other domains attach at start-up (player protection: an excluded member opens no session; a session
# time limit starts its clock), run before a member's session is opened; one raises AppError to refuse.
SignInCheck = Callable[[AsyncSession, Access, Member], Awaitable[None]]
_sign_in_checks: list[SignInCheck] = []


def on_sign_in(check: SignInCheck) -> None:
    if check not in _sign_in_checks:
        _sign_in_checks.append(check)


async def sign_in(
    session: AsyncSession, access: Access, member: Member, *, password: str | None = None
) -> SignedIn:
    """Open a session for a member whose credentials were checked."""
    for check in tuple(_sign_in_checks):
        await check(session, access, member)
    now = utcnow()
    brand = access.brand
    expired = password_expired(member, brand.password_max_age_days, now)
    first_time = member.first_login_at is None and member.created_by in ("AGENT", "OPERATOR")
    if password == DEFAULT_PASSWORD or first_time or (expired and brand.switch_on("PWDEXPFORCECHANGE3")):
        member.must_change_password = True
    previous = member.last_login_at
    member.last_login_at = now
    member.last_login_ip = access.ip
    member.first_login_at = member.first_login_at or now
    await note_sign_in(session, member, ip=access.ip, user_agent=access.user_agent)
    token = await sessions.issue(
        session,
        access.policy,
        merchant_id=brand.id,
        member_id=member.id,
        ip=access.ip,
        user_agent=access.user_agent,
    )
    return SignedIn(token, member, first_time, expired, member.must_change_password, previous)


async def _password_matches(session: AsyncSession, member: Member, password: str) -> bool:
    """The account password, or a live temporary password from a reset by e-mail (used up here)."""
    if await passwords.verify_password_async(member.password_hash, password):
        if passwords.needs_rehash(member.password_hash):
            member.password_hash = await passwords.hash_password_async(password)
        return True
    resets = await session.scalars(
        select(PasswordReset).where(
            PasswordReset.member_id == member.id,
            PasswordReset.used_at.is_(None),
            PasswordReset.expires_at > utcnow(),
        )
    )
    for reset in resets:
        if await passwords.verify_password_async(reset.temp_hash, password):
            reset.used_at = utcnow()
            member.password_hash = await passwords.hash_password_async(password)
            member.password_changed_at = utcnow()
            member.must_change_password = True
            return True
    return False


async def _refuse_non_member(session: AsyncSession, access: Access, name: str, password: str) -> AppError:
    """No member has the name: the failure to raise. One password hash whether or not a staff account has
    the name, so that the time of the answer does not tell staff names from unknown ones. A staff member's
    own password answers NON_MEMBER_ACCOUNT (SPEC: non-members cannot log in on member screens); a wrong
    one counts against the staff account's lock-out too, and a locked one is locked here as well, so that
    the member login is no side door for guessing a staff password."""
    brand = access.brand
    staff_hash = await session.scalar(
        select(Staff.password_hash).where(Staff.merchant_id == brand.id, Staff.username == name)
    )
    matches = await passwords.verify_password_async(staff_hash, password)
    await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=False)
    if staff_hash is None:
        return _failed()
    staff_name = "staff:" + name
    await throttle.check(session, merchant_id=brand.id, name=staff_name, ip=access.ip)
    if not matches:
        await throttle.record(session, merchant_id=brand.id, name=staff_name, ip=access.ip, succeeded=False)
        return _failed()
    return AppError(errors.NON_MEMBER_ACCOUNT, commit_changes=True)


def _check_portal(member: Member, portal: str) -> None:
    if portal == "agent" and member.member_type not in AGENT_TYPES:
        raise AppError(errors.NON_AGENT_ACCOUNT)
    if member.status != "ACTIVE":
        raise AppError(errors.ACCOUNT_DISABLED)


def _failed(error: errors.ErrorCode = errors.INVALID_CREDENTIALS, *, captcha: bool = True) -> AppError:
    """The attempt just recorded must stay recorded although the call fails. `captcha` tells the client
    whether the next try needs one: after a name's failure it does (throttle: captcha_after is 1)."""
    return AppError(error, value={"captcha": captcha}, commit_changes=True)


async def login_with_password(
    session: AsyncSession,
    access: Access,
    *,
    username: str,
    password: str,
    captcha: str | None,
    portal: str = "member",
) -> SignedIn:
    member = await check_password_login(
        session, access, username=username, password=password, captcha=captcha, portal=portal
    )
    return await sign_in(session, access, member, password=password)


async def check_password_login(
    session: AsyncSession,
    access: Access,
    *,
    username: str,
    password: str,
    captcha: str | None,
    portal: str = "member",
) -> Member:
    """A login's name and password checked (with the throttle, the captcha and the lock-out), no session
    opened: the login itself, and an excluded member's last withdrawal, which opens none."""
    brand = access.brand
    name = username_key(username)
    guard = await throttle.check(session, merchant_id=brand.id, name=name, ip=access.ip)
    if guard.captcha_required:
        await access.require_captcha(session, captcha)
    member = await find_member(session, brand.id, name)
    if member is None:
        raise await _refuse_non_member(session, access, name, password)
    if not await _password_matches(session, member, password):
        await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=False)
        raise _failed()
    if member.member_type == TRIAL:
        raise _failed()
    _check_portal(member, portal)
    await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=True)
    return member


async def login_with_sms(
    session: AsyncSession,
    access: Access,
    *,
    country_dialing_code: str | None,
    mobile_num: str | None,
    code: str | None,
    portal: str = "member",
) -> SignedIn:
    brand = access.brand
    if not brand.switch_on("MOBILEVERCODELOGIN3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "MOBILEVERCODELOGIN3"})
    mobile = phones.parse_mobile(country_dialing_code, mobile_num)
    await throttle.check(session, merchant_id=brand.id, name=mobile.e164, ip=access.ip)
    try:
        await sms_codes.consume_code(
            session, merchant_id=brand.id, purpose="LOGIN", phone=mobile.e164, code=code or ""
        )
    except AppError as exc:
        await throttle.record(session, merchant_id=brand.id, name=mobile.e164, ip=access.ip, succeeded=False)
        # Login by code checks no captcha (its codes have tries of their own): the client must not show one.
        raise _failed(exc.error, captcha=False) from exc
    member = await phones.member_by_mobile(session, brand.id, mobile)
    if member is None:  # no code is ever sent to such a number; this is a forged or stale request
        raise _failed(errors.SMS_CODE_INVALID, captcha=False)
    _check_portal(member, portal)
    await throttle.record(session, merchant_id=brand.id, name=mobile.e164, ip=access.ip, succeeded=True)
    return await sign_in(session, access, member)


async def start_free_play(session: AsyncSession, access: Access) -> SignedIn:
    """A trial account (isAgent 4) for a visitor; its play money lives apart from real money."""
    brand = access.brand
    if not brand.switch_on("FREEPLAY3"):
        raise AppError(errors.MODULE_DISABLED, value={"modId": "FREEPLAY3"})
    since = utcnow() - timedelta(days=1)
    recent = await session.scalar(
        select(func.count())
        .select_from(Member)
        .where(
            Member.merchant_id == brand.id,
            Member.member_type == TRIAL,
            Member.registered_ip == access.ip,
            Member.created_at >= since,
        )
    )
    if int(recent or 0) >= TRIALS_PER_IP_PER_DAY:
        raise AppError(errors.TOO_MANY_REQUEST)
    suffix = secrets.token_hex(4)
    member = Member(
        merchant_id=brand.id,
        username=f"trial{suffix}",
        # Nobody knows this password: a trial account is only ever entered through free play.
        password_hash=await passwords.hash_password_async(secrets.token_urlsafe(24)),
        password_changed_at=utcnow(),
        member_type=TRIAL,
        created_by="TRIAL",
        nickname=f"Guest {suffix[:4].upper()}",
        registered_ip=access.ip,
        trial_expires_at=utcnow() + TRIAL_LIFETIME,
    )
    session.add(member)
    await session.flush()
    await grant_trial_money(session, brand, member)
    return await sign_in(session, access, member)


async def logout(session: AsyncSession, session_id: int) -> None:
    await sessions.end(session, [session_id], "logout")


async def login_staff(
    session: AsyncSession,
    access: Access,
    *,
    username: str,
    password: str,
    captcha: str | None,
    second_factor: Callable[[Staff], Awaitable[None]] | None = None,
) -> tuple[str, Staff]:
    """Back-office sign-in: the same throttling, on names of their own ("staff:" + name). `second_factor`
    checks what must come with a right password (the back office's TOTP or a recovery code). A missing or
    wrong code gets the very answer of a wrong password or an unknown name (INVALID_CREDENTIALS, the same
    value, each after one password hash), so that a guess with any code or none cannot tell a right
    password; and it counts as a failed login, so guessing codes meets the same lock-out as passwords."""
    brand = access.brand
    name = "staff:" + username_key(username)
    guard = await throttle.check(session, merchant_id=brand.id, name=name, ip=access.ip)
    if guard.captcha_required:
        await access.require_captcha(session, captcha)
    staff = await session.scalar(
        select(Staff).where(Staff.merchant_id == brand.id, Staff.username == username_key(username))
    )
    # An unknown name costs the same check as a wrong password (verify_password_async spends it on None).
    stored_hash = staff.password_hash if staff is not None else None
    if not await passwords.verify_password_async(stored_hash, password) or staff is None:
        await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=False)
        raise _failed()
    if staff.disabled_at is not None:
        raise AppError(errors.ACCOUNT_DISABLED)
    if second_factor is not None:
        try:
            await second_factor(staff)
        except AppError as exc:
            if exc.code != errors.OTP_INVALID.code:
                raise
            await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=False)
            raise _failed() from None
    await throttle.record(session, merchant_id=brand.id, name=name, ip=access.ip, succeeded=True)
    token = await sessions.issue(
        session,
        access.policy,
        merchant_id=brand.id,
        staff_id=staff.id,
        ip=access.ip,
        user_agent=access.user_agent,
    )
    return token, staff
