"""Staff accounts of one merchant: an operator creates them, changes their role, disables and enables
them. Every change is audited in its own transaction; a merchant always keeps one active operator."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, sessions
from server.accounts.login import username_key
from server.accounts.models import Staff
from server.admin import two_factor
from server.admin.roles import OPERATOR
from server.admin.service import audit
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError


async def list_staff(session: AsyncSession, merchant_id: int) -> list[Staff]:
    return list(
        await session.scalars(select(Staff).where(Staff.merchant_id == merchant_id).order_by(Staff.id))
    )


async def create_staff(
    session: AsyncSession,
    *,
    merchant_id: int,
    actor_id: int | None,  # None: the command line (a new merchant's first operator)
    username: str,
    password: str,
    role: str,
    nickname: str | None,
    ip: str | None,
) -> Staff:
    staff = Staff(
        merchant_id=merchant_id,
        username=username_key(username),
        password_hash=await passwords.hash_password_async(password),
        role=role,
        nickname=nickname,
    )
    try:
        async with session.begin_nested():
            session.add(staff)
    except IntegrityError:
        raise AppError(errors.USERNAME_TAKEN) from None
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=actor_id,
        action="staff.create",
        target=staff.username,
        detail={"role": role},
        ip=ip,
    )
    return staff


async def _locked(session: AsyncSession, merchant_id: int, actor_id: int, staff_id: int) -> Staff:
    """The account, locked, and with it every active operator of the merchant, so that two operators
    demoting or disabling each other at once cannot leave the merchant with none. The actor is checked
    again under the lock: one who lost the role while waiting acts no more."""
    operators = await session.scalars(
        select(Staff.id)
        .where(Staff.merchant_id == merchant_id, Staff.role == OPERATOR, Staff.disabled_at.is_(None))
        .order_by(Staff.id)
        .with_for_update()
    )
    if actor_id not in set(operators):
        raise AppError(errors.FORBIDDEN)
    staff = await session.scalar(
        select(Staff).where(Staff.id == staff_id, Staff.merchant_id == merchant_id).with_for_update()
    )
    if staff is None:
        raise AppError(errors.NOT_FOUND)
    return staff


async def _keep_an_operator(session: AsyncSession, merchant_id: int) -> None:
    left = await session.scalar(
        select(func.count())
        .select_from(Staff)
        .where(Staff.merchant_id == merchant_id, Staff.role == OPERATOR, Staff.disabled_at.is_(None))
    )
    if not left:
        raise AppError(errors.LAST_OPERATOR)


async def reset_second_factor(
    session: AsyncSession, *, merchant_id: int, actor_id: int, staff_id: int, ip: str | None
) -> Staff:
    """A lost phone: the account enrols again at its next login, and its open logins end (whoever holds
    the phone may hold them too)."""
    staff = await _locked(session, merchant_id, actor_id, staff_id)
    await two_factor.reset(session, staff)
    await sessions.end(session, await sessions.live_staff_sessions_of(session, staff.id), "2fa-reset")
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=actor_id,
        action="staff.2fa.reset",
        target=staff.username,
        ip=ip,
    )
    return staff


async def set_role(
    session: AsyncSession, *, merchant_id: int, actor_id: int, staff_id: int, role: str, ip: str | None
) -> Staff:
    staff = await _locked(session, merchant_id, actor_id, staff_id)
    before = staff.role
    if before == role:
        return staff
    staff.role = role
    await session.flush()
    await _keep_an_operator(session, merchant_id)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=actor_id,
        action="staff.role",
        target=staff.username,
        detail={"from": before, "to": role},
        ip=ip,
    )
    return staff


async def set_disabled(
    session: AsyncSession, *, merchant_id: int, actor_id: int, staff_id: int, disabled: bool, ip: str | None
) -> Staff:
    """Disabling ends the account's sessions at once, sockets included."""
    staff = await _locked(session, merchant_id, actor_id, staff_id)
    if (staff.disabled_at is not None) == disabled:
        return staff
    staff.disabled_at = utcnow() if disabled else None
    await session.flush()
    if disabled:
        await _keep_an_operator(session, merchant_id)
        await sessions.end(session, await sessions.live_staff_sessions_of(session, staff.id), "disabled")
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=actor_id,
        action="staff.disable" if disabled else "staff.enable",
        target=staff.username,
        ip=ip,
    )
    return staff
