"""The wallet's public API, the only door to money (ARCHITECTURE rules 2 and 7): balances, the live balance
push, postings and reversals that push it, and grants (trial money, bonuses, rebates, salaries; one by one,
or many in one transaction with `grant_many`). The cashier's movements are in `transfers`, a game vendor's in
`vendor`; all of them post through `post_and_notify` or `reverse_and_notify` here (`grant_many` posts each
transfer with ledger.post and then pushes once per member), so that every change of a member's money is
announced after COMMIT."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet import ledger
from server.wallet.ledger import Leg, Posted
from server.wallet.models import MAIN, PROMOTION_EXPENSE, TRIAL, TRIAL_ISSUE, VENDOR, LedgerAccount
from server.wallet.records import TYPES as RECORD_TYPES

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


# Columns, not entities: the ledger moves balances with Core UPDATEs, which do not refresh account objects the
# session may already hold. Built once: every posting pushes the balances it changed.
_BALANCES = (
    select(LedgerAccount.kind, LedgerAccount.vendor_code, LedgerAccount.balance)
    .where(LedgerAccount.member_id == bindparam("member_id"))
    .order_by(LedgerAccount.kind, LedgerAccount.vendor_code)
)


async def balances(session: AsyncSession, member: Member) -> Balances:
    await session.flush()  # as session.execute would: accounts opened in this unit of work count
    rows = await (await session.connection()).execute(_BALANCES, {"member_id": member.id})
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


BONUS_KINDS = frozenset(RECORD_TYPES["BONUS"])
# Checks other domains attach at start-up (player protection: no bonus while a member is excluded), run
# before money the merchant gives away (the records' BONUS kinds) is posted: one raises AppError to refuse.
GrantCheck = Callable[[AsyncSession, Member], Awaitable[None]]
_grant_checks: list[GrantCheck] = []


def on_grant(check: GrantCheck) -> None:
    if check not in _grant_checks:
        _grant_checks.append(check)


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
    if kind in BONUS_KINDS:
        for check in tuple(_grant_checks):
            await check(session, member)
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


@dataclass(frozen=True)
class Grant:
    """One payment of `grant_many`: what `grant` takes for one member."""

    member_id: int
    amount: int
    kind: str
    reference: str
    idempotency_key: str
    meta: Mapping[str, Any] | None = None


async def grant_many(
    session: AsyncSession,
    brand: Brand,
    grants: Sequence[Grant],
    *,
    source_account_kind: str = PROMOTION_EXPENSE,
    wallet: str = MAIN,
) -> list[Posted]:
    """`grant` for many payments in the caller's transaction, in their order: each its own ledger transfer
    (ledger.post, its own idempotency key and reference), as `grant` would post it; the members and accounts
    read (missing accounts opened) in bulk and every account they touch locked first, in account-id order,
    so that two batches at once cannot deadlock. Each member whose money moved gets one balance push, of its
    balance after the last of them. Any refusal leaves the whole transaction to be rolled back."""
    if not grants:
        return []
    if any(g.amount <= 0 for g in grants):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "amount", "type": "amount"}]})
    if wallet not in GRANT_SOURCES.get(source_account_kind, frozenset()):
        raise ValueError(f"no grant from {source_account_kind} into {wallet}")
    member_ids = sorted({g.member_id for g in grants})
    found: set[int] = set()
    for chunk in _chunks(member_ids):
        found.update(
            await session.scalars(
                select(Member.id).where(Member.merchant_id == brand.id, Member.id.in_(chunk))
            )
        )
    if len(found) != len(member_ids):
        raise AppError(errors.NOT_FOUND)
    targets = await _member_accounts(session, brand, member_ids, wallet)
    sources = await _house_accounts(
        session, brand, source_account_kind, {ledger.shard_for(m) for m in member_ids}
    )
    await _lock_accounts(session, [*targets.values(), *sources.values()])
    posted = [
        await ledger.post(
            session,
            merchant_id=brand.id,
            kind=g.kind,
            reference=g.reference[:128],
            idempotency_key=g.idempotency_key,
            legs=[
                Leg(sources[ledger.shard_for(g.member_id)], -g.amount),
                Leg(targets[g.member_id], g.amount),
            ],
            meta=g.meta,
        )
        for g in grants
    ]
    # A replay moved nothing: the push it would repeat was queued by the first post.
    await _publish_balances_of(session, {m for p in posted if not p.replayed for m in p.member_ids})
    return posted


_ACCOUNTS = cast(Table, LedgerAccount.__table__)
_OPEN_ACCOUNTS = {
    name: insert.on_conflict_do_nothing(
        index_elements=["merchant_id", "member_id", "kind", "vendor_code", "shard"]
    )
    for name, insert in (("postgresql", postgresql.insert(_ACCOUNTS)), ("sqlite", sqlite.insert(_ACCOUNTS)))
}


def _chunks(ids: Sequence[int], size: int = 1_000) -> Iterable[Sequence[int]]:
    # IN lists in pieces: a statement has a bounded number of parameters on both backends.
    return (ids[n : n + size] for n in range(0, len(ids), size))


async def _member_accounts(
    session: AsyncSession, brand: Brand, member_ids: Sequence[int], kind: str
) -> dict[int, int]:
    """ledger.member_account for many members: {member id: account id}. The missing ones are opened by one
    INSERT in member-id order that skips any another transaction opened meanwhile (after waiting for it)."""
    found = await _member_account_ids(session, brand.id, member_ids, kind)
    missing = [m for m in member_ids if m not in found]
    if missing:
        now, dialect = utcnow(), (await session.connection()).dialect.name
        await session.execute(
            _OPEN_ACCOUNTS[dialect],
            [
                {
                    "merchant_id": brand.id,
                    "member_id": member_id,
                    "kind": kind,
                    "vendor_code": "",
                    "shard": 0,
                    "currency": brand.currency_code,
                    "balance": 0,
                    "allow_negative": False,
                    "created_at": now,
                }
                for member_id in missing
            ],
        )
        found.update(await _member_account_ids(session, brand.id, missing, kind))
    return found


async def _member_account_ids(
    session: AsyncSession, merchant_id: int, member_ids: Sequence[int], kind: str
) -> dict[int, int]:
    found: dict[int, int] = {}
    for chunk in _chunks(member_ids):
        rows = await session.execute(
            select(_ACCOUNTS.c.member_id, _ACCOUNTS.c.id).where(
                _ACCOUNTS.c.merchant_id == merchant_id,
                _ACCOUNTS.c.member_id.in_(chunk),
                _ACCOUNTS.c.kind == kind,
                _ACCOUNTS.c.vendor_code == "",
                _ACCOUNTS.c.shard == 0,
            )
        )
        found.update((member_id, account_id) for member_id, account_id in rows)
    return found


async def _house_accounts(session: AsyncSession, brand: Brand, kind: str, shards: set[int]) -> dict[int, int]:
    """ledger.house_account for several shards: {shard: account id}, one query when they all exist."""
    rows = await session.execute(
        select(_ACCOUNTS.c.shard, _ACCOUNTS.c.id).where(
            _ACCOUNTS.c.merchant_id == brand.id,
            _ACCOUNTS.c.member_id.is_(None),
            _ACCOUNTS.c.kind == kind,
            _ACCOUNTS.c.vendor_code == "",
            _ACCOUNTS.c.shard.in_(sorted(shards)),
        )
    )
    found = {shard: account_id for shard, account_id in rows}
    for shard in sorted(shards - found.keys()):
        opened = await ledger.house_account(
            session, merchant_id=brand.id, kind=kind, currency=brand.currency_code, shard=shard
        )
        found[shard] = opened.id
    return found


async def _lock_accounts(session: AsyncSession, account_ids: Iterable[int]) -> None:
    """These accounts' row locks, taken now in account-id order (Postgres; SQLite has one writer at a time).
    Each post locks its own legs in that order, but many posts one after another would not."""
    if (await session.connection()).dialect.name != "postgresql":
        return
    for chunk in _chunks(sorted(set(account_ids))):
        await session.execute(
            select(_ACCOUNTS.c.id).where(_ACCOUNTS.c.id.in_(chunk)).order_by(_ACCOUNTS.c.id).with_for_update()
        )


async def _publish_balances_of(session: AsyncSession, member_ids: set[int]) -> None:
    """publish_balances for many members, read in two queries rather than two each."""
    ordered = sorted(member_ids)
    member_type: dict[int, int] = {}
    totals: dict[int, int] = {}
    for chunk in _chunks(ordered):
        rows = await session.execute(select(Member.id, Member.member_type).where(Member.id.in_(chunk)))
        member_type.update((member_id, kind) for member_id, kind in rows)
        held = await session.execute(
            select(LedgerAccount.member_id, LedgerAccount.kind, LedgerAccount.balance).where(
                LedgerAccount.member_id.in_(chunk)
            )
        )
        for member_id, kind, balance in held:
            if member_id in member_type and playable(kind, member_type[member_id]):
                totals[member_id] = totals.get(member_id, 0) + balance
    for member_id in ordered:
        if member_id in member_type:
            await publish(
                events.BALANCE,
                events.user_room(member_id),
                {"sumBalance": format_amount(totals.get(member_id, 0))},
                session=session,
            )
