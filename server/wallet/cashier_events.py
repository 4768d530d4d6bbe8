"""The member hears of their cashier requests: every new status of a deposit or withdrawal (a staff decision,
a payout, a gateway's answer, the scheduled auto-receipt, the member's own step) is pushed to their room after
COMMIT, so that an open Withdraw or Deposit panel moves without a reload. The money itself is announced by the
balance push the posting queued (`service.publish_balances`)."""

from __future__ import annotations

from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.http.core.money import format_amount

RequestKind = Literal["deposit", "withdrawal"]


async def request_status(
    session: AsyncSession, kind: RequestKind, *, member_id: int, order_no: str, status: str, amount: int
) -> None:
    await publish(
        events.CASHIER_REQUEST,
        events.user_room(member_id),
        {"kind": kind, "orderNo": order_no, "status": status, "amount": format_amount(amount)},
        session=session,
    )
