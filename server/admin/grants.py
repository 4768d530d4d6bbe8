"""Bonuses operators grant by hand (issue 29), from the promotion-expense account into a member's main wallet.

A grant above the brand's ceiling per grant is refused (the attempt audited). One at or under the four-eyes
threshold is paid at once; one above it is recorded PENDING, nothing paid, and the cashier desk hears of it:
another staff member with bonus.approve approves it (paid then, exactly once: one conditional UPDATE from
PENDING, and the wallet's idempotency key) or rejects it with a reason. Nobody approves their own request.

The daily ceiling counts money when it is paid: a grant paid at once counts on its request's business day,
a grant that waited counts on the day it is approved. Reserving at the request instead would let requests
that are never approved block the day's other grants, and would count a request approved the next day
against the wrong day. An approval that would pass the day's ceiling is refused and the grant keeps waiting.

Every request, payment, approval and rejection is in the audit log, in the same transaction."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member, Staff
from server.admin import grant_limits
from server.admin.audit_trail import audit
from server.admin.models import GRANT_PAID, GRANT_PENDING, GRANT_REJECTED, BonusGrant
from server.brands.service import Brand
from server.content.messages import service as messages
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import queries
from server.wallet import service as wallet_service
from server.wallet.models import MAIN, PROMOTION_EXPENSE

_GRANTS = cast(Table, BonusGrant.__table__)


@dataclass(frozen=True)
class Outcome:
    grant: BonusGrant
    replayed: bool  # the same operator's same request id again: answered as the first time, nothing done


async def request(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    staff_id: int,
    amount: int,
    reason: str,
    request_id: str,
    ip: str | None,
    now: datetime | None = None,
) -> Outcome:
    """An operator's grant: paid at once, or PENDING above the four-eyes threshold."""
    limits = await grant_limits.limits_of(session, brand.id)
    if amount > limits.grant_max:
        # The attempt stays in the audit log (nothing else is written before this point).
        await audit(
            session,
            merchant_id=brand.id,
            staff_id=staff_id,
            action="bonus.refused",
            target=member.username,
            detail={
                "amount": format_amount(amount),
                "reason": reason,
                "grantMax": format_amount(limits.grant_max),
            },
            ip=ip,
        )
        raise grant_limits.over_grant_ceiling(limits, keep_audit=True)
    now = now or utcnow()
    waits = amount > limits.approval_above
    claimed = await _claim(session, brand.id, member.id, staff_id, amount, reason, request_id, waits, now)
    if claimed is None:
        first = await _replay(session, brand.id, member.id, staff_id, amount, reason, request_id)
        return Outcome(first, True)
    grant = await _load(session, claimed)
    if waits:
        await audit(
            session,
            merchant_id=brand.id,
            staff_id=staff_id,
            action="bonus.request",
            target=member.username,
            detail={
                "orderNo": grant.order_no,
                "amount": format_amount(amount),
                "reason": reason,
                "approvalAbove": format_amount(limits.approval_above),
            },
            ip=ip,
        )
        await wallet_service.tell_cashier_desk(session, brand, "grant", grant.order_no, amount)
        return Outcome(grant, False)
    await grant_limits.count_against_day(session, brand.id, amount, limits, now)
    transfer_id = await _pay(session, brand, member, grant, idempotency_key=f"bonus:{staff_id}:{request_id}")
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="member.bonus",
        target=member.username,
        detail={
            "orderNo": grant.order_no,
            "amount": format_amount(amount),
            "reason": reason,
            "transfer": transfer_id,
        },
        ip=ip,
    )
    return Outcome(await _load(session, grant.id), False)


async def approve(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    order_no: str,
    note: str | None,
    ip: str | None,
    now: datetime | None = None,
) -> BonusGrant:
    """Pays a PENDING grant, once, by a staff member other than its requester: BONUS_SELF_APPROVAL for the
    requester, BONUS_GRANT_STATE when it no longer waits (approved or rejected a moment ago)."""
    grant = await _find(session, brand.id, order_no)
    if grant.requested_by == staff_id:
        raise AppError(errors.BONUS_SELF_APPROVAL)
    limits = await grant_limits.limits_of(session, brand.id)
    if grant.amount > limits.grant_max:  # the ceiling was lowered while it waited
        raise grant_limits.over_grant_ceiling(limits)
    now = now or utcnow()
    await _decide(session, grant, GRANT_PAID, staff_id=staff_id, note=note, now=now)
    await grant_limits.count_against_day(session, brand.id, grant.amount, limits, now)
    member = await session.get(Member, grant.member_id)
    assert member is not None
    transfer_id = await _pay(session, brand, member, grant, idempotency_key=f"bonus-grant:{grant.id}")
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="bonus.approve",
        target=member.username,
        detail={
            "orderNo": grant.order_no,
            "amount": format_amount(grant.amount),
            "requestedBy": grant.requested_by,
            "note": note,
            "transfer": transfer_id,
        },
        ip=ip,
    )
    return await _load(session, grant.id)


async def reject(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    order_no: str,
    note: str | None,
    ip: str | None,
    now: datetime | None = None,
) -> BonusGrant:
    """Ends a PENDING grant unpaid, with a reason (its requester may withdraw it so too)."""
    reason = (note or "").strip()
    if not reason:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "note", "type": "missing"}]})
    grant = await _find(session, brand.id, order_no)
    await _decide(session, grant, GRANT_REJECTED, staff_id=staff_id, note=reason, now=now or utcnow())
    member_name = await session.scalar(select(Member.username).where(Member.id == grant.member_id))
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action="bonus.reject",
        target=member_name,
        detail={
            "orderNo": grant.order_no,
            "amount": format_amount(grant.amount),
            "requestedBy": grant.requested_by,
            "note": reason,
        },
        ip=ip,
    )
    return await _load(session, grant.id)


@dataclass(frozen=True)
class GrantRow:
    grant: BonusGrant
    member: str
    requested_by: str
    decided_by: str | None


_REQUESTER, _DECIDER = aliased(Staff), aliased(Staff)


async def queue(
    session: AsyncSession, merchant_id: int, status: str, f: queries.QueueFilter
) -> list[GrantRow]:
    """The merchant's grants in one state, newest first, narrowed as the cashier desk's queues are."""
    stmt = (
        select(BonusGrant, Member.username, _REQUESTER.username, _DECIDER.username)
        .join(Member, Member.id == BonusGrant.member_id)
        .join(_REQUESTER, _REQUESTER.id == BonusGrant.requested_by)
        .outerjoin(_DECIDER, _DECIDER.id == BonusGrant.decided_by)
        .where(BonusGrant.merchant_id == merchant_id, BonusGrant.status == status)
    )
    rows = await session.execute(queries.narrowed(stmt, BonusGrant, merchant_id, f))
    return [GrantRow(grant, member, by, decider) for grant, member, by, decider in rows]


async def row_of(session: AsyncSession, grant: BonusGrant) -> GrantRow:
    staff = select(Staff.id, Staff.username).where(Staff.id.in_(_staff_of(grant)))
    names = {staff_id: name for staff_id, name in await session.execute(staff)}
    member = await session.scalar(select(Member.username).where(Member.id == grant.member_id))
    return GrantRow(
        grant,
        member or "",
        names.get(grant.requested_by, ""),
        names.get(grant.decided_by) if grant.decided_by is not None else None,
    )


def _staff_of(grant: BonusGrant) -> list[int]:
    return [grant.requested_by] + ([grant.decided_by] if grant.decided_by is not None else [])


async def _claim(
    session: AsyncSession,
    merchant_id: int,
    member_id: int,
    staff_id: int,
    amount: int,
    reason: str,
    request_id: str,
    waits: bool,
    now: datetime,
) -> int | None:
    """The grant's row, unless this operator's request id has one already (None then): a retry, or the
    same request sent twice at once, finds the first and does nothing more."""
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    claimed = await session.scalar(
        insert_for(_GRANTS)
        .values(
            merchant_id=merchant_id,
            created_at=now,
            order_no=f"B{now:%Y%m%d}{secrets.token_hex(5).upper()}",
            member_id=member_id,
            amount=amount,
            reason=reason,
            request_id=request_id,
            requested_by=staff_id,
            status=GRANT_PENDING if waits else GRANT_PAID,
        )
        .on_conflict_do_nothing(index_elements=["merchant_id", "requested_by", "request_id"])
        .returning(_GRANTS.c.id)
    )
    return None if claimed is None else int(claimed)


async def _replay(
    session: AsyncSession,
    merchant_id: int,
    member_id: int,
    staff_id: int,
    amount: int,
    reason: str,
    request_id: str,
) -> BonusGrant:
    first = await session.scalar(
        select(BonusGrant).where(
            BonusGrant.merchant_id == merchant_id,
            BonusGrant.requested_by == staff_id,
            BonusGrant.request_id == request_id,
        )
    )
    if first is None:
        raise RuntimeError("bonus grant request id claimed but not found")
    if (first.member_id, first.amount, first.reason) != (member_id, amount, reason):
        raise AppError(errors.IDEMPOTENCY_CONFLICT, value={"orderNo": first.order_no})
    return first


async def _find(session: AsyncSession, merchant_id: int, order_no: str) -> BonusGrant:
    found = await session.scalar(
        select(BonusGrant).where(BonusGrant.merchant_id == merchant_id, BonusGrant.order_no == order_no)
    )
    if found is None:
        raise AppError(errors.BONUS_GRANT_NOT_FOUND)
    return found


async def _load(session: AsyncSession, grant_id: int) -> BonusGrant:
    found = await session.get(BonusGrant, grant_id, populate_existing=True)
    assert found is not None
    return found


async def _decide(
    session: AsyncSession, grant: BonusGrant, status: str, *, staff_id: int, note: str | None, now: datetime
) -> None:
    """PENDING to `status` in one conditional UPDATE: of two staff members deciding at once, the second
    waits for the first's row lock, then finds the grant no longer PENDING (BONUS_GRANT_STATE)."""
    waiting = [BonusGrant.id == grant.id, BonusGrant.status == GRANT_PENDING]
    if status == GRANT_PAID:
        waiting.append(BonusGrant.requested_by != staff_id)
    result = await session.execute(
        update(BonusGrant)
        .where(*waiting)
        .values(status=status, decided_by=staff_id, decided_at=now, note=note)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise AppError(errors.BONUS_GRANT_STATE, value={"orderNo": grant.order_no})


async def _pay(
    session: AsyncSession, brand: Brand, member: Member, grant: BonusGrant, *, idempotency_key: str
) -> int:
    posted = await wallet_service.grant(
        session,
        brand,
        member,
        amount=grant.amount,
        kind="BONUS",
        reference=grant.reason,
        idempotency_key=idempotency_key,
        source_account_kind=PROMOTION_EXPENSE,
        wallet=MAIN,
        meta={"reason": grant.reason, "orderNo": grant.order_no},
    )
    await session.execute(
        update(BonusGrant)
        .where(BonusGrant.id == grant.id)
        .values(transfer_id=posted.transfer_id)
        .execution_options(synchronize_session=False)
    )
    if not posted.replayed:
        await messages.send_system(session, member.id, "BONUS_GRANTED", amount=format_amount(grant.amount))
    return posted.transfer_id
