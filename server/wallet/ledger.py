"""Posting money. Every balance change is a transfer whose postings sum to zero, written in the same
transaction as the balances; a balance changes only by a conditional UPDATE that cannot take it below
zero; the same idempotency key never moves money twice."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii
from typing import Any, cast

import asyncpg
from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from server.db.base import utcnow
from server.db.driver import as_sqlalchemy_error, driver_transaction
from server.http.core import errors
from server.http.core.errors import AppError
from server.observability import metrics
from server.wallet.models import HOUSE_KINDS, HOUSE_SHARDS, LedgerAccount, LedgerPosting, LedgerTransfer

_json_text = encode_basestring_ascii  # json.dumps's own, for one string


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
    """sha256 of the request's canonical JSON, `{"kind":…,"reference":…,"legs":[[account,amount],…]}` (legs
    sorted, no spaces, ASCII escapes: json.dumps with separators=(",", ":")). Digests are stored with each
    transfer and compared on every retry, so this text may never change; it is written out by hand because
    it is computed on every posting (tests/wallet/test_ledger_digest.py holds it to json.dumps)."""
    pairs = ",".join(
        f"[{account},{amount}]" for account, amount in sorted((g.account_id, g.amount) for g in legs)
    )
    canonical = f'{{"kind":{_json_text(kind)},"reference":{_json_text(reference)},"legs":[{pairs}]}}'
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


# The account objects below serve for their ids and kinds. Balances move by Core UPDATEs (see `post`),
# so read a balance with a column query, never from an account object the session already holds.
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


async def _replay(connection: AsyncConnection, transfer_id: int, digest: str) -> Posted:
    stored = await connection.scalar(
        select(LedgerTransfer.request_digest).where(LedgerTransfer.id == transfer_id)
    )
    if stored != digest:
        raise AppError(errors.IDEMPOTENCY_CONFLICT, value={"transferId": transfer_id})
    rows = (
        await connection.execute(
            select(LedgerPosting.account_id, LedgerPosting.balance_after, LedgerAccount.member_id)
            .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
            .where(LedgerPosting.transfer_id == transfer_id)
        )
    ).all()
    return Posted(
        transfer_id,
        True,
        {r.account_id: r.balance_after for r in rows},
        frozenset(r.member_id for r in rows if r.member_id is not None),
    )


# The hot path is Core statements built once: a transfer is four round trips (claim the key, one
# conditional UPDATE per leg, the postings in one INSERT), with no ORM bookkeeping in between.
_TRANSFERS = cast(Table, LedgerTransfer.__table__)
_ACCOUNTS = cast(Table, LedgerAccount.__table__)
_POSTINGS = cast(Table, LedgerPosting.__table__)


def _claim_statement(dialect: str) -> Any:
    """INSERT the transfer unless its key exists; RETURNING its id only when this call inserted it."""
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return (
        insert_for(_TRANSFERS)
        .on_conflict_do_nothing(index_elements=["merchant_id", "idempotency_key"])
        .returning(_TRANSFERS.c.id)
    )


_CLAIM = {dialect: _claim_statement(dialect) for dialect in ("postgresql", "sqlite")}
_APPLY = (
    update(_ACCOUNTS)
    .where(
        _ACCOUNTS.c.id == bindparam("b_account"),
        _ACCOUNTS.c.merchant_id == bindparam("b_merchant"),
        _ACCOUNTS.c.allow_negative | (_ACCOUNTS.c.balance + bindparam("delta") >= 0),
    )
    .values(balance=_ACCOUNTS.c.balance + bindparam("delta"))
    .returning(_ACCOUNTS.c.balance, _ACCOUNTS.c.member_id)
)
_KEY_OWNER = select(_TRANSFERS.c.id).where(
    _TRANSFERS.c.merchant_id == bindparam("merchant_id"), _TRANSFERS.c.idempotency_key == bindparam("key")
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
    """Post a transfer, or answer as the first post of the same key did (IDEMPOTENCY_CONFLICT when the
    same key now asks for something else). INSUFFICIENT_FUNDS leaves the transaction to be rolled back:
    a caller that must carry on after it wraps the call in a savepoint. post_on, in the session's
    transaction."""
    return await post_on(
        await session.connection(),
        merchant_id=merchant_id,
        kind=kind,
        reference=reference,
        idempotency_key=idempotency_key,
        legs=legs,
        meta=meta,
        reverses_id=reverses_id,
    )


async def post_on(
    connection: AsyncConnection,
    *,
    merchant_id: int,
    kind: str,
    reference: str,
    idempotency_key: str,
    legs: Sequence[Leg],
    meta: Mapping[str, Any] | None = None,
    reverses_id: int | None = None,
) -> Posted:
    """`post` on a connection in a transaction the caller owns (Database.transaction(), or a session's
    connection): no ORM session is needed, and a posting that needs nothing else skips its cost."""
    if len(legs) < 2 or sum(leg.amount for leg in legs) != 0 or any(leg.amount == 0 for leg in legs):
        raise ValueError("a transfer has at least two non-zero legs that sum to zero")
    digest = _digest(kind, reference, legs)
    ask = _Ask(
        merchant_id, kind, reference[:128], idempotency_key, digest, reverses_id, dict(meta or {}), legs
    )
    if connection.dialect.name == "postgresql":
        posted = await _post_in_postgres(connection, ask)
    else:
        posted = await _post_in_steps(connection, ask)
    metrics.ledger_posted(kind, replayed=posted.replayed)
    return posted


@dataclass(frozen=True)
class _Ask:
    merchant_id: int
    kind: str
    reference: str
    key: str
    digest: str
    reverses_id: int | None
    meta: dict[str, Any]
    legs: Sequence[Leg]


_INSUFFICIENT = re.compile(r"INSUFFICIENT_FUNDS:(\d+):(-?\d+)")


_LEDGER_POST_SQL = (
    "SELECT transfer_id, replayed, digest, account_id, balance, member_id FROM ledger_post("
    "$1, $2, $3, $4, $5, $6, $7::json, $8::bigint[], $9::bigint[], $10)"
)


async def _driver(connection: AsyncConnection) -> asyncpg.Connection:
    """driver_transaction, without its await for the pooled connection, which the caller already holds
    (Database.transaction() or `session.connection()` checked it out): one greenlet hop less on every
    posting. The same reach into SQLAlchemy's adapter as driver_transaction
    (tests/wallet/test_ledger_driver.py)."""
    sync = connection.sync_connection
    if sync is None or sync.closed or sync.invalidated:
        return await driver_transaction(connection)
    pooled: Any = sync.connection
    adapter: Any = pooled.dbapi_connection
    if adapter._transaction is None:
        await adapter._start_transaction()
    driver: asyncpg.Connection = pooled.driver_connection
    return driver


async def _post_in_postgres(connection: AsyncConnection, ask: _Ask) -> Posted:
    """One round trip: the ledger_post function (migration 0005) applies the same rules as the steps below.
    It goes to asyncpg directly, inside the connection's transaction: SQLAlchemy's statement execution
    cost more client CPU than the posting's whole round trip (see driver_transaction)."""
    driver = await _driver(connection)
    arguments = (
        ask.merchant_id,
        ask.kind,
        ask.reference,
        ask.key,
        ask.digest,
        ask.reverses_id,
        json.dumps(ask.meta) if ask.meta else "{}",
        [leg.account_id for leg in ask.legs],
        [leg.amount for leg in ask.legs],
        utcnow(),
    )
    try:
        rows = await driver.fetch(_LEDGER_POST_SQL, *arguments)
    except asyncpg.PostgresError as exc:
        found = _INSUFFICIENT.search(str(exc)) if isinstance(exc, asyncpg.RaiseError) else None
        if found is None:
            raise as_sqlalchemy_error(_LEDGER_POST_SQL, arguments, exc) from exc
        raise AppError(
            errors.INSUFFICIENT_FUNDS, value={"accountId": int(found[1]), "balance": int(found[2])}
        ) from None
    if not rows:
        raise RuntimeError("ledger_post answered nothing")
    first = rows[0]
    if first["replayed"] and first["digest"] != ask.digest:
        raise AppError(errors.IDEMPOTENCY_CONFLICT, value={"transferId": first["transfer_id"]})
    return Posted(
        first["transfer_id"],
        first["replayed"],
        {r["account_id"]: r["balance"] for r in rows},
        frozenset(r["member_id"] for r in rows if r["member_id"] is not None),
    )


async def _post_in_steps(connection: AsyncConnection, ask: _Ask) -> Posted:
    now = utcnow()
    claimed = await connection.scalar(
        _CLAIM[connection.dialect.name],
        {
            "merchant_id": ask.merchant_id,
            "kind": ask.kind,
            "amount": sum(leg.amount for leg in ask.legs if leg.amount > 0),
            "reference": ask.reference,
            "idempotency_key": ask.key,
            "request_digest": ask.digest,
            "reverses_id": ask.reverses_id,
            "meta": ask.meta,
            "created_at": now,
        },
    )
    if claimed is None:
        # The key is taken (by an earlier post, or by one that was in flight and has now committed).
        owner = await connection.scalar(_KEY_OWNER, {"merchant_id": ask.merchant_id, "key": ask.key})
        if owner is None:
            raise RuntimeError("idempotency key claimed but not found")
        return await _replay(connection, owner, ask.digest)
    balances: dict[int, int] = {}
    members: set[int] = set()
    # Lock in account-id order, so that two transfers over the same accounts cannot deadlock.
    for leg in sorted(ask.legs, key=lambda item: item.account_id):
        row = (
            await connection.execute(
                _APPLY, {"b_account": leg.account_id, "b_merchant": ask.merchant_id, "delta": leg.amount}
            )
        ).one_or_none()
        if row is None:
            current = await connection.scalar(
                select(_ACCOUNTS.c.balance).where(_ACCOUNTS.c.id == leg.account_id)
            )
            if current is None:
                raise ValueError(f"no ledger account {leg.account_id} for merchant {ask.merchant_id}")
            raise AppError(errors.INSUFFICIENT_FUNDS, value={"accountId": leg.account_id, "balance": current})
        balances[leg.account_id] = row.balance
        if row.member_id is not None:
            members.add(row.member_id)
    await connection.execute(
        insert(_POSTINGS),
        [
            {
                "transfer_id": claimed,
                "account_id": leg.account_id,
                "amount": leg.amount,
                "balance_after": balances[leg.account_id],
                "created_at": now,
            }
            for leg in ask.legs
        ],
    )
    return Posted(claimed, False, balances, frozenset(members))


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
