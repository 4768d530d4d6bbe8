"""Deposits: orders on the merchant's channels, credited once, by an operator's confirmation (bank
transfer) or by the gateway's signed callback."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import structlog
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand, load_brand_by_id
from server.content.messages import service as messages
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.wallet import cashier_events, transfers
from server.wallet.cashier_models import DepositChannel, DepositOrder, GatewayCallback
from server.wallet.gateway import PaymentNotice
from server.wallet.service import tell_cashier_desk

log = structlog.get_logger(__name__)

# Called in the deposit's transaction, right after the credit, each in a savepoint of its own: a bonus that
# comes with a deposit is paid with it, and a failing one is logged and leaves the deposit credited.
CreditedHook = Callable[[AsyncSession, Brand, "DepositOrder"], Awaitable[None]]
_credited_hooks: list[CreditedHook] = []


def on_credited(hook: CreditedHook) -> Callable[[], None]:
    """Attach `hook` (at start-up, in the composition root); the answer detaches it."""
    _credited_hooks.append(hook)

    def detach() -> None:
        if hook in _credited_hooks:
            _credited_hooks.remove(hook)

    return detach


async def _after_credit(session: AsyncSession, brand: Brand, order: DepositOrder) -> None:
    for hook in tuple(_credited_hooks):
        try:
            async with session.begin_nested():
                await hook(session, brand, order)
        except Exception:
            log.exception("deposit_credited_hook_failed", hook=getattr(hook, "__name__", "?"))


async def channels(session: AsyncSession, merchant_id: int) -> list[DepositChannel]:
    return list(
        await session.scalars(
            select(DepositChannel)
            .where(DepositChannel.merchant_id == merchant_id, DepositChannel.enabled.is_(True))
            .order_by(DepositChannel.sort_order, DepositChannel.id)
        )
    )


@dataclass(frozen=True)
class DepositRequest:
    channel_code: str
    amount: int
    request_id: str
    payer_reference: str | None = None


# Checks other domains attach at start-up (player protection: deposit limits, exclusions), run under the
# member's row lock with the amount asked, before a new order is made: one raises AppError to refuse.
RequestCheck = Callable[[AsyncSession, Brand, int, int], Awaitable[None]]
_request_checks: list[RequestCheck] = []


def on_request(check: RequestCheck) -> None:
    if check not in _request_checks:
        _request_checks.append(check)


async def create_order(
    session: AsyncSession, brand: Brand, member_id: int, ask: DepositRequest
) -> tuple[DepositOrder, DepositChannel]:
    channel = await session.scalar(
        select(DepositChannel).where(
            DepositChannel.merchant_id == brand.id,
            DepositChannel.code == ask.channel_code,
            DepositChannel.enabled.is_(True),
        )
    )
    if channel is None:
        raise AppError(errors.NOT_FOUND, "no such deposit channel")
    same = await session.scalar(
        select(DepositOrder).where(
            DepositOrder.member_id == member_id, DepositOrder.request_id == ask.request_id
        )
    )
    if same is not None:
        if (same.amount, same.channel_id) != (ask.amount, channel.id):
            raise AppError(errors.IDEMPOTENCY_CONFLICT)
        return same, channel
    if not channel.min_amount <= ask.amount <= channel.max_amount:
        raise AppError(
            errors.DEPOSIT_LIMIT,
            value={"min": format_amount(channel.min_amount), "max": format_amount(channel.max_amount)},
        )
    if _request_checks:
        # The member's requests take turns from here: a limit's sum is read, then acted on.
        await session.execute(select(Member.id).where(Member.id == member_id).with_for_update())
        for check in tuple(_request_checks):
            await check(session, brand, member_id, ask.amount)
    order = DepositOrder(
        merchant_id=brand.id,
        order_no=f"D{utcnow():%Y%m%d}{secrets.token_hex(5).upper()}",
        request_id=ask.request_id,
        member_id=member_id,
        channel_id=channel.id,
        amount=ask.amount,
        payer_reference=(ask.payer_reference or None),
    )
    try:
        async with session.begin_nested():
            session.add(order)
        if channel.kind != "GATEWAY":  # a gateway confirms its own; a bank transfer waits for the cashier
            await tell_cashier_desk(session, brand, "deposit", order.order_no, order.amount)
    except IntegrityError:
        winner = await session.scalar(
            select(DepositOrder).where(
                DepositOrder.member_id == member_id, DepositOrder.request_id == ask.request_id
            )
        )
        if winner is None:
            raise
        return winner, channel
    return order, channel


async def tell_member(session: AsyncSession, order: DepositOrder) -> None:
    """The order's new status to the member's open panels (after COMMIT)."""
    await cashier_events.request_status(
        session,
        "deposit",
        member_id=order.member_id,
        order_no=order.order_no,
        status=order.status,
        amount=order.amount,
    )


async def locked_order(session: AsyncSession, merchant_id: int, order_no: str) -> DepositOrder:
    order = await session.scalar(
        select(DepositOrder)
        .where(DepositOrder.merchant_id == merchant_id, DepositOrder.order_no == order_no)
        .with_for_update()
    )
    if order is None:
        raise AppError(errors.NOT_FOUND)
    return order


async def complete(
    session: AsyncSession,
    brand: Brand,
    order: DepositOrder,
    *,
    staff_id: int | None = None,
    reference: str | None = None,
) -> DepositOrder:
    """Credit the member. Only a pending order moves money, and the transfer's key is the order's, so
    neither a double click nor a repeated callback pays twice."""
    if order.status == "COMPLETED":
        return order
    if order.status != "PENDING":
        raise AppError(errors.CONFLICT, f"deposit is {order.status}")
    posted = await transfers.deposit(session, brand, order.member_id, order.amount, order.order_no)
    order.status = "COMPLETED"
    order.transfer_id = posted.transfer_id
    order.decided_by = staff_id
    order.decided_at = utcnow()
    order.gateway_reference = reference or order.gateway_reference
    await session.flush()
    await tell_member(session, order)
    await messages.send_system(
        session, order.member_id, "DEPOSIT_CREDITED", amount=format_amount(order.amount)
    )
    await _after_credit(session, brand, order)
    return order


async def reject(
    session: AsyncSession, order: DepositOrder, *, staff_id: int | None, note: str | None
) -> DepositOrder:
    if order.status != "PENDING":
        raise AppError(errors.CONFLICT, f"deposit is {order.status}")
    order.status = "REJECTED"
    order.decided_by = staff_id
    order.decided_at = utcnow()
    order.note = (note or "")[:255] or None
    await session.flush()
    await tell_member(session, order)
    return order


async def apply_notice(session: AsyncSession, gateway: str, notice: PaymentNotice) -> str:
    """A verified gateway notice. Each nonce counts once: a replay answers "duplicate" and moves nothing."""
    try:
        async with session.begin_nested():
            session.add(
                GatewayCallback(gateway=gateway, nonce=notice.nonce, order_no=notice.order_no, outcome="SEEN")
            )
    except IntegrityError:
        return "duplicate"
    order = await session.scalar(
        select(DepositOrder).where(DepositOrder.order_no == notice.order_no).with_for_update()
    )
    if order is None:
        return "unknown_order"
    brand = await load_brand_by_id(session, order.merchant_id)
    if brand is None:
        return "unknown_order"
    if parse_amount(notice.amount) != order.amount:
        # A notice for another amount is not paid: an operator looks at it.
        order.note = f"gateway reported {notice.amount}"
        return "amount_mismatch"
    if notice.status == "PAID":
        await complete(session, brand, order, reference=notice.gateway_reference)
        return "completed"
    if order.status == "PENDING":
        await reject(session, order, staff_id=None, note="gateway reported failure")
    return "failed"
