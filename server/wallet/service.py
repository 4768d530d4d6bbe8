"""Wallet rules over the ledger: a member's balances, the live balance push, and the trial grant."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands.service import Brand
from server.http.core.money import format_amount
from server.wallet import ledger
from server.wallet.ledger import Leg, Posted
from server.wallet.models import MAIN, TRIAL, TRIAL_ISSUE, VENDOR, LedgerAccount

TRIAL_GRANT = 10_000_00  # minor units: the play money a free-play account starts with


@dataclass(frozen=True)
class WalletView:
    kind: str
    vendor_code: str
    balance: int


@dataclass(frozen=True)
class Balances:
    sum_balance: int  # what the member can play with: real money, or play money for a trial account
    wallets: tuple[WalletView, ...]


def playable(kind: str, member_type: int) -> bool:
    """Real money (main and vendor wallets) for members, play money for trial accounts; never both."""
    if member_type == TRIAL_MEMBER:
        return kind == TRIAL
    return kind in (MAIN, VENDOR)


async def balances(session: AsyncSession, member: Member) -> Balances:
    # Columns, not entities: the ledger moves balances with Core UPDATEs, which do not refresh account
    # objects the session may already hold.
    rows = await session.execute(
        select(LedgerAccount.kind, LedgerAccount.vendor_code, LedgerAccount.balance)
        .where(LedgerAccount.member_id == member.id)
        .order_by(LedgerAccount.kind, LedgerAccount.vendor_code)
    )
    views = tuple(WalletView(kind, vendor, balance) for kind, vendor, balance in rows)
    total = sum(v.balance for v in views if playable(v.kind, member.member_type))
    return Balances(total, views)


async def publish_balances(session: AsyncSession, member_ids: frozenset[int]) -> None:
    """After every posting: each member it touched learns the new sumBalance (sent after COMMIT)."""
    for member_id in sorted(member_ids):
        member = await session.get(Member, member_id)
        if member is None:
            continue
        current = await balances(session, member)
        await publish(
            events.BALANCE,
            events.user_room(member_id),
            {"sumBalance": format_amount(current.sum_balance)},
            session=session,
        )


async def post_and_notify(
    session: AsyncSession,
    *,
    merchant_id: int,
    kind: str,
    reference: str,
    idempotency_key: str,
    legs: Sequence[Leg],
    meta: Mapping[str, Any] | None = None,
) -> Posted:
    """ledger.post, then the balance push to every member whose money moved."""
    posted = await ledger.post(
        session,
        merchant_id=merchant_id,
        kind=kind,
        reference=reference,
        idempotency_key=idempotency_key,
        legs=legs,
        meta=meta,
    )
    if not posted.replayed:
        await publish_balances(session, posted.member_ids)
    return posted


async def grant_trial_money(session: AsyncSession, brand: Brand, member: Member) -> Posted:
    wallet = await ledger.member_account(
        session, merchant_id=brand.id, member_id=member.id, kind=TRIAL, currency=brand.currency_code
    )
    issue = await ledger.house_account(
        session,
        merchant_id=brand.id,
        kind=TRIAL_ISSUE,
        currency=brand.currency_code,
        shard=ledger.shard_for(member.id),
    )
    return await post_and_notify(
        session,
        merchant_id=brand.id,
        kind="TRIAL_GRANT",
        reference=f"member:{member.id}",
        idempotency_key=f"trial-grant:{member.id}",
        legs=[Leg(issue.id, -TRIAL_GRANT), Leg(wallet.id, TRIAL_GRANT)],
    )
