"""Posting money. Every balance change is a transfer whose postings sum to zero, written in the same
transaction as the balances; a balance changes only by a conditional UPDATE that cannot take it below
zero; the same idempotency key never moves money twice."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.http import errors
from server.http.errors import AppError
from server.wallet.models import HOUSE_KINDS, HOUSE_SHARDS, LedgerAccount, LedgerPosting, LedgerTransfer


@dataclass(frozen=True)
class Leg:
    account_id: int
    amount: int  # minor units; negative debits the account, positive credits it


@dataclass(frozen=True)
class Posted:
    transfer_id: int
    replayed: bool
    balances: Mapping[int, int]  # account id -> balance after this transfer
    member_ids: frozenset[int]


def shard_for(member_id: int) -> int:
    return member_id % HOUSE_SHARDS


def _digest(kind: str, reference: str, legs: Sequence[Leg]) -> str:
    canonical = json.dumps(
        {"kind": kind, "reference": reference, "legs": sorted((leg.account_id, leg.amount) for leg in legs)},
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


async def _get_or_create(
    session: AsyncSession, where: Mapping[str, Any], defaults: Mapping[str, Any]
) -> LedgerAccount:
    stmt = select(LedgerAccount).filter_by(**where)
    found = await session.scalar(stmt)
    if found is not None:
        return found
    try:
        async with session.begin_nested():
            account = LedgerAccount(**where, **defaults)
            session.add(account)
        return account
    except IntegrityError:
        # Another transaction opened the same account a moment ago.
        existing = await session.scalar(stmt)
        assert existing is not None
        return existing


async def member_account(
    session: AsyncSession,
    *,
    merchant_id: int,
    member_id: int,
    kind: str,
    currency: str,
    vendor_code: str = "",
) -> LedgerAccount:
    return await _get_or_create(
        session,
        {
            "merchant_id": merchant_id,
            "member_id": member_id,
            "kind": kind,
            "vendor_code": vendor_code,
            "shard": 0,
        },
        {"currency": currency, "balance": 0, "allow_negative": False},
    )


async def house_account(
    session: AsyncSession, *, merchant_id: int, kind: str, currency: str, shard: int = 0
) -> LedgerAccount:
    """The merchant's side of a movement. It may go below zero: CASH_IN, for instance, is negative by
    exactly the money players have brought in."""
    if kind not in HOUSE_KINDS:
        raise ValueError(f"not a house account kind: {kind}")
    return await _get_or_create(
        session,
        {"merchant_id": merchant_id, "member_id": None, "kind": kind, "vendor_code": "", "shard": shard},
        {"currency": currency, "balance": 0, "allow_negative": True},
    )


async def _replay(session: AsyncSession, transfer: LedgerTransfer, digest: str) -> Posted:
    if transfer.request_digest != digest:
        raise AppError(errors.IDEMPOTENCY_CONFLICT, value={"transferId": transfer.id})
    rows = (
        await session.execute(
            select(LedgerPosting.account_id, LedgerPosting.balance_after, LedgerAccount.member_id)
            .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
            .where(LedgerPosting.transfer_id == transfer.id)
        )
    ).all()
    return Posted(
        transfer.id,
        True,
        {r.account_id: r.balance_after for r in rows},
        frozenset(r.member_id for r in rows if r.member_id is not None),
    )


async def post(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: str,
    reference: str,
    idempotency_key: str,
    legs: Sequence[Leg],
    meta: Mapping[str, Any] | None = None,
    reverses_id: int | None = None,
) -> Posted:
    if len(legs) < 2 or sum(leg.amount for leg in legs) != 0 or any(leg.amount == 0 for leg in legs):
        raise ValueError("a transfer has at least two non-zero legs that sum to zero")
    digest = _digest(kind, reference, legs)
    key_filter = (
        LedgerTransfer.merchant_id == merchant_id,
        LedgerTransfer.idempotency_key == idempotency_key,
    )
    existing = await session.scalar(select(LedgerTransfer).where(*key_filter))
    if existing is not None:
        return await _replay(session, existing, digest)
    transfer = LedgerTransfer(
        merchant_id=merchant_id,
        kind=kind,
        amount=sum(leg.amount for leg in legs if leg.amount > 0),
        reference=reference[:128],
        idempotency_key=idempotency_key,
        request_digest=digest,
        reverses_id=reverses_id,
        meta=dict(meta or {}),
    )
    balances: dict[int, int] = {}
    members: set[int] = set()
    try:
        # One savepoint for the whole transfer: when a leg finds too little money, the caller's
        # transaction is left as it was and can carry on (a vendor answers "insufficient funds").
        async with session.begin_nested():
            session.add(transfer)
            await session.flush()
            # Lock in account-id order, so that two transfers over the same accounts cannot deadlock.
            for leg in sorted(legs, key=lambda item: item.account_id):
                balances[leg.account_id] = await _apply(session, merchant_id, transfer.id, leg, members)
    except IntegrityError:
        # The same key is being posted concurrently: once that commits, answer as it did.
        winner = await session.scalar(select(LedgerTransfer).where(*key_filter))
        if winner is None:
            raise
        return await _replay(session, winner, digest)
    return Posted(transfer.id, False, balances, frozenset(members))


async def _apply(
    session: AsyncSession, merchant_id: int, transfer_id: int, leg: Leg, members: set[int]
) -> int:
    row = (
        await session.execute(
            update(LedgerAccount)
            .where(
                LedgerAccount.id == leg.account_id,
                LedgerAccount.merchant_id == merchant_id,
                LedgerAccount.allow_negative | (LedgerAccount.balance + leg.amount >= 0),
            )
            .values(balance=LedgerAccount.balance + leg.amount)
            .returning(LedgerAccount.balance, LedgerAccount.member_id)
        )
    ).one_or_none()
    if row is None:
        current = await session.scalar(
            select(LedgerAccount.balance).where(LedgerAccount.id == leg.account_id)
        )
        if current is None:
            raise ValueError(f"no ledger account {leg.account_id} for merchant {merchant_id}")
        raise AppError(errors.INSUFFICIENT_FUNDS, value={"accountId": leg.account_id, "balance": current})
    if row.member_id is not None:
        members.add(row.member_id)
    session.add(
        LedgerPosting(
            transfer_id=transfer_id, account_id=leg.account_id, amount=leg.amount, balance_after=row.balance
        )
    )
    await session.flush()
    balance: int = row.balance
    return balance


async def reverse(
    session: AsyncSession, *, merchant_id: int, transfer_id: int, idempotency_key: str, reason: str
) -> Posted:
    """The opposite postings of a transfer, as a new transfer: postings themselves never change."""
    original = await session.get(LedgerTransfer, transfer_id)
    if original is None or original.merchant_id != merchant_id:
        raise AppError(errors.NOT_FOUND)
    legs = [
        Leg(p.account_id, -p.amount)
        for p in await session.scalars(select(LedgerPosting).where(LedgerPosting.transfer_id == transfer_id))
    ]
    return await post(
        session,
        merchant_id=merchant_id,
        kind="REVERSAL",
        reference=f"reversal:{transfer_id}",
        idempotency_key=idempotency_key,
        legs=legs,
        meta={"reason": reason, "reverses": original.kind},
        reverses_id=transfer_id,
    )


async def accounts_of(session: AsyncSession, member_ids: Iterable[int]) -> list[LedgerAccount]:
    ids = list(member_ids)
    if not ids:
        return []
    return list(await session.scalars(select(LedgerAccount).where(LedgerAccount.member_id.in_(ids))))
