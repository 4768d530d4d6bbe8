"""Operator actions. Each one is written to the audit log in the same transaction as its effect."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.login import find_member
from server.admin import grants
from server.admin.audit_trail import audit as audit  # re-exported: most callers import it from here
from server.brands import service as brands
from server.brands.announce import announce_if_changed
from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.wallet import deposits, queries, withdrawals
from server.wallet.queries import DepositRow, WithdrawalRow


async def set_maintenance(
    session: AsyncSession,
    *,
    merchant_id: int,
    merchant_code: str,
    staff_id: int,
    on: bool,
    start: datetime | None,
    end: datetime | None,
    ip: str | None,
    message: str | None = None,
) -> bool:
    """Switch maintenance and tell the merchant's open pages at once, rather than at the next job tick.
    True when the visible status changed. The audit entry keeps what the change replaced."""
    before = await brands.load_brand_by_id(session, merchant_id)
    await brands.set_maintenance(session, merchant_code, on=on, start=start, end=end, message=message)
    changed = await announce_if_changed(session, merchant_code)
    await audit(
        session,
        merchant_id=merchant_id,
        staff_id=staff_id,
        action="merchant.maintenance",
        target=merchant_code,
        detail={
            **_maintenance_detail(on, start, end, message),
            "before": (
                _maintenance_detail(
                    before.maintenance,
                    before.maintenance_start,
                    before.maintenance_end,
                    before.maintenance_message,
                )
                if before
                else None
            ),
        },
        ip=ip,
    )
    return changed


def _maintenance_detail(
    on: bool, start: datetime | None, end: datetime | None, message: str | None
) -> dict[str, Any]:
    return {
        "on": on,
        "start": start.isoformat() if start else None,
        "end": end.isoformat() if end else None,
        "message": message,
    }


async def decide_deposit(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int | None,
    order_no: str,
    decision: Literal["confirm", "reject"],
    note: str | None,
    ip: str | None,
) -> DepositRow:
    """Confirm a bank-transfer deposit (credits the member) or reject it."""
    order = await deposits.locked_order(session, brand.id, order_no)
    if decision == "confirm":
        await deposits.complete(session, brand, order, staff_id=staff_id)
    else:
        await deposits.reject(session, order, staff_id=staff_id, note=note)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action=f"deposit.{decision}",
        target=order_no,
        detail={"amount": format_amount(order.amount), "note": note},
        ip=ip,
    )
    return DepositRow(order, await queries.channel_code(session, order))


async def act_on_withdrawal(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int | None,
    order_no: str,
    action: Literal["approve", "reject", "disburse", "refund"],
    note: str | None,
    ip: str | None,
) -> WithdrawalRow:
    """Approve, reject (releases the hold), disburse (pays out), or refund what did not arrive."""
    withdrawal = await withdrawals.locked(session, brand, order_no)
    before = withdrawal.status
    await withdrawals.act(session, brand, withdrawal, action, staff_id=staff_id, note=note)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=staff_id,
        action=f"withdrawal.{action}",
        target=order_no,
        detail={
            "from": before,
            "to": withdrawal.status,
            "amount": format_amount(withdrawal.amount),
            "note": note,
        },
        ip=ip,
    )
    return await queries.withdrawal_row(session, withdrawal)


async def grant_bonus(
    session: AsyncSession,
    brand: Brand,
    *,
    staff_id: int,
    username: str,
    amount: str,
    reason: str,
    request_id: str,
    ip: str | None,
) -> grants.Outcome:
    """A bonus into the member's main wallet, from the promotion-expense account, within the brand's
    ceilings, paid at once or waiting for a second staff member (server/admin/grants.py): once per operator
    and request id."""
    member = await find_member(session, brand.id, username)
    if member is None:
        raise AppError(errors.NOT_FOUND)
    minor = parse_amount(amount)
    return await grants.request(
        session, brand, member, staff_id=staff_id, amount=minor, reason=reason, request_id=request_id, ip=ip
    )
