"""The wallet's public API, the only door to money (ARCHITECTURE rules 2 and 7): balances, the live balance
push, postings and reversals that push it, and grants (trial money, bonuses, rebates, salaries). The cashier's
movements are in `transfers`, a game vendor's in `vendor`; all of them post through `post_and_notify` or
`reverse_and_notify` here, so that every change of a member's money is announced after COMMIT."""

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
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import ledger
from server.wallet.ledger import Leg, Posted
from server.wallet.models import MAIN, PROMOTION_EXPENSE, TRIAL, TRIAL_ISSUE, VENDOR, LedgerAccount

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


async def tell_cashier_desk(
    session: AsyncSession, brand: Brand, kind: str, order_no: str, amount: int
) -> None:
    """A deposit to confirm or a withdrawal to approve has arrived: the staff consoles show it at once
    (sent after COMMIT, so a rolled-back request announces nothing)."""
    await publish(
        events.CONSOLE_CASHIER,
        events.console_room(brand.code),
        {"kind": kind, "orderNo": order_no, "amount": format_amount(amount)},
        session=session,
    )


async def _notify(session: AsyncSession, posted: Posted) -> Posted:
    # A replay moved nothing: the push it would repeat was queued by the first post.
    if not posted.replayed:
        await publish_balances(session, posted.member_ids)
    return posted


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
    return await _notify(session, posted)


async def reverse_and_notify(
    session: AsyncSession, *, merchant_id: int, transfer_id: int, idempotency_key: str, reason: str
) -> Posted:
    """ledger.reverse (the opposite postings of an earlier transfer, as a new one), then the balance push.
    Reversing a credit the member has already spent is refused (INSUFFICIENT_FUNDS)."""
    posted = await ledger.reverse(
        session,
        merchant_id=merchant_id,
        transfer_id=transfer_id,
        idempotency_key=idempotency_key,
        reason=reason,
    )
    return await _notify(session, posted)


async def balance_of(session: AsyncSession, account_id: int) -> int:
    """An account's balance now. A column query: postings move balances with Core UPDATEs, which do not
    refresh the account objects a session already holds."""
    return int(await session.scalar(select(LedgerAccount.balance).where(LedgerAccount.id == account_id)) or 0)


# Where money given away comes from, and the one wallet each source may fill: play money never mixes with
# real money.
GRANT_SOURCES: Mapping[str, frozenset[str]] = {
    PROMOTION_EXPENSE: frozenset({MAIN}),
    TRIAL_ISSUE: frozenset({TRIAL}),
}


async def grant(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    amount: int,
    kind: str,
    reference: str,
    idempotency_key: str,
    source_account_kind: str = PROMOTION_EXPENSE,
    wallet: str = MAIN,
    meta: Mapping[str, Any] | None = None,
) -> Posted:
    """Money the merchant gives a member (a bonus, a rebate, a salary, trial play money): from a house
    account (`source_account_kind`) into one of the member's wallets, once per idempotency key. `kind` names
    the transfer in the member's records (BONUS, TRIAL_GRANT, ...)."""
    if member.merchant_id != brand.id:
        raise AppError(errors.NOT_FOUND)
    if amount <= 0:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "amount", "type": "amount"}]})
    if wallet not in GRANT_SOURCES.get(source_account_kind, frozenset()):
        raise ValueError(f"no grant from {source_account_kind} into {wallet}")
    target = await ledger.member_account(
        session, merchant_id=brand.id, member_id=member.id, kind=wallet, currency=brand.currency_code
    )
    source = await ledger.house_account(
        session,
        merchant_id=brand.id,
        kind=source_account_kind,
        currency=brand.currency_code,
        shard=ledger.shard_for(member.id),
    )
    return await post_and_notify(
        session,
        merchant_id=brand.id,
        kind=kind,
        reference=reference[:128],
        idempotency_key=idempotency_key,
        legs=[Leg(source.id, -amount), Leg(target.id, amount)],
        meta=meta,
    )


async def grant_trial_money(session: AsyncSession, brand: Brand, member: Member) -> Posted:
    return await grant(
        session,
        brand,
        member,
        amount=TRIAL_GRANT,
        kind="TRIAL_GRANT",
        reference=f"member:{member.id}",
        idempotency_key=f"trial-grant:{member.id}",
        source_account_kind=TRIAL_ISSUE,
        wallet=TRIAL,
    )
