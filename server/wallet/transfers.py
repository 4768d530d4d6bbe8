"""The money movements of the cashier and the wallet, each one ledger transfer with its own idempotency
key, so that whatever runs twice (a retried request, a re-run job) moves money once. Money given away
(bonuses, rebates, salaries) is service.grant; a game vendor's is in `vendor`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.service import Brand
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet import bonus_locks, ledger
from server.wallet.ledger import Leg, Posted
from server.wallet.models import (
    CASH_IN,
    CASH_OUT,
    HOLD,
    MAIN,
    VENDOR,
    LedgerAccount,
)
from server.wallet.service import post_and_notify


async def account(
    session: AsyncSession, brand: Brand, member_id: int, kind: str, vendor_code: str = ""
) -> LedgerAccount:
    return await ledger.member_account(
        session,
        merchant_id=brand.id,
        member_id=member_id,
        kind=kind,
        currency=brand.currency_code,
        vendor_code=vendor_code,
    )


async def house(session: AsyncSession, brand: Brand, kind: str, member_id: int) -> LedgerAccount:
    return await ledger.house_account(
        session,
        merchant_id=brand.id,
        kind=kind,
        currency=brand.currency_code,
        shard=ledger.shard_for(member_id),
    )


async def move(
    session: AsyncSession,
    brand: Brand,
    *,
    kind: str,
    key: str,
    reference: str,
    source: LedgerAccount,
    target: LedgerAccount,
    amount: int,
    meta: Mapping[str, Any] | None = None,
) -> Posted:
    if amount <= 0:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "amount", "type": "amount"}]})
    return await post_and_notify(
        session,
        merchant_id=brand.id,
        kind=kind,
        reference=reference,
        idempotency_key=key,
        legs=[Leg(source.id, -amount), Leg(target.id, amount)],
        meta=meta,
    )


async def deposit(session: AsyncSession, brand: Brand, member_id: int, amount: int, order_no: str) -> Posted:
    return await move(
        session,
        brand,
        kind="DEPOSIT",
        key=f"deposit:{order_no}",
        reference=f"deposit:{order_no}",
        source=await house(session, brand, CASH_IN, member_id),
        target=await account(session, brand, member_id, MAIN),
        amount=amount,
    )


async def hold_withdrawal(
    session: AsyncSession, brand: Brand, member_id: int, amount: int, order_no: str
) -> Posted:
    return await move(
        session,
        brand,
        kind="WITHDRAW_HOLD",
        key=f"withdraw-hold:{order_no}",
        reference=f"withdrawal:{order_no}",
        source=await account(session, brand, member_id, MAIN),
        target=await account(session, brand, member_id, HOLD),
        amount=amount,
    )


async def release_withdrawal(
    session: AsyncSession, brand: Brand, member_id: int, amount: int, order_no: str
) -> Posted:
    return await move(
        session,
        brand,
        kind="WITHDRAW_RELEASE",
        key=f"withdraw-release:{order_no}",
        reference=f"withdrawal:{order_no}",
        source=await account(session, brand, member_id, HOLD),
        target=await account(session, brand, member_id, MAIN),
        amount=amount,
    )


async def settle_withdrawal(
    session: AsyncSession, brand: Brand, member_id: int, amount: int, order_no: str
) -> Posted:
    return await move(
        session,
        brand,
        kind="WITHDRAW",
        key=f"withdraw-settle:{order_no}",
        reference=f"withdrawal:{order_no}",
        source=await account(session, brand, member_id, HOLD),
        target=await house(session, brand, CASH_OUT, member_id),
        amount=amount,
    )


async def refund_withdrawal(
    session: AsyncSession, brand: Brand, member_id: int, amount: int, order_no: str
) -> Posted:
    return await move(
        session,
        brand,
        kind="WITHDRAW_REFUND",
        key=f"withdraw-refund:{order_no}",
        reference=f"withdrawal:{order_no}",
        source=await house(session, brand, CASH_OUT, member_id),
        target=await account(session, brand, member_id, MAIN),
        amount=amount,
    )


async def between_wallets(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    *,
    from_vendor: str,
    to_vendor: str,
    amount: int,
    request_id: str,
) -> Posted:
    """Main wallet ('' ) to a vendor wallet or back, for merchants with a wallet per vendor."""
    if brand.single_wallet:
        raise AppError(errors.CONFLICT, "this merchant has a single wallet")
    known = set(brand.wallet_vendors)
    for vendor in (from_vendor, to_vendor):
        if vendor and vendor not in known:
            raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "vendor", "type": "choice"}]})
    if from_vendor == to_vendor:
        raise AppError(errors.TRANSFER_SAME_WALLET)
    if "" not in (from_vendor, to_vendor):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "vendor", "type": "direction"}]})

    async def wallet(vendor: str) -> LedgerAccount:
        return await (
            account(session, brand, member_id, VENDOR, vendor)
            if vendor
            else account(session, brand, member_id, MAIN)
        )

    return await move(
        session,
        brand,
        kind="WALLET_TRANSFER",
        key=f"wallet-transfer:{member_id}:{request_id}",
        reference=f"wallet:{from_vendor or 'MAIN'}>{to_vendor or 'MAIN'}",
        source=await wallet(from_vendor),
        target=await wallet(to_vendor),
        amount=amount,
    )


async def to_upline(
    session: AsyncSession, brand: Brand, member_id: int, upline_id: int, amount: int, request_id: str
) -> Posted:
    await bonus_locks.refuse_if_locked(session, brand, member_id)
    return await move(
        session,
        brand,
        kind="UPLINE_TRANSFER",
        key=f"upline-transfer:{member_id}:{request_id}",
        reference=f"upline:{upline_id}",
        source=await account(session, brand, member_id, MAIN),
        target=await account(session, brand, upline_id, MAIN),
        amount=amount,
    )
