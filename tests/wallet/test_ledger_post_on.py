"""ledger.post_on in Database.transaction(): the posting on a bare connection, without an ORM session (the
wallet's cheap unit of work for money postings). Both backends through the `db` fixture (savepoints on the
shared connection); the Postgres tests below use real, separate transactions."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import func, select

from server.accounts.models import Member
from server.brands import service as brands
from server.db.session import Database
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet import ledger, transfers
from server.wallet.ledger import Leg
from server.wallet.models import MAIN, VENDOR_CLEARING, LedgerAccount, LedgerPosting, LedgerTransfer
from server.wallet.reconcile import check_ledger


class Boom(Exception):
    pass


class KeepIt(Exception):
    commit_changes = True


async def _funded(db: Database) -> tuple[int, int, int]:
    """(merchant, main account with 100.00, its clearing account)."""
    async with db.session() as session:
        brand = await brands.load_brand(session, "demo")
        assert brand is not None
        member = Member(merchant_id=brand.id, username="postonmember", password_hash="!unusable")
        session.add(member)
        await session.flush()
        await transfers.deposit(session, brand, member.id, 100_00, "post-on-seed")
        main = await transfers.account(session, brand, member.id, MAIN)
        clearing = await transfers.house(session, brand, VENDOR_CLEARING, member.id)
        return brand.id, main.id, clearing.id


async def _post(connection: object, merchant: int, key: str, legs: list[Leg]) -> ledger.Posted:
    return await ledger.post_on(
        connection,  # type: ignore[arg-type]
        merchant_id=merchant,
        kind="BET",
        reference="round-1",
        idempotency_key=key,
        legs=legs,
    )


async def _post_then_raise(db: Database, merchant: int, key: str, legs: list[Leg], error: Exception) -> None:
    async with db.transaction() as connection:
        posted = await _post(connection, merchant, key, legs)
        assert not posted.replayed
        raise error


async def _balance(db: Database, account: int) -> int:
    async with db.read_session() as session:
        value = await session.scalar(select(LedgerAccount.balance).where(LedgerAccount.id == account))
        assert value is not None
        return value


async def _transfers(db: Database, key: str) -> int:
    async with db.read_session() as session:
        count = await session.scalar(
            select(func.count()).select_from(LedgerTransfer).where(LedgerTransfer.idempotency_key == key)
        )
        assert count is not None
        return count


async def test_post_on_posts_replays_and_refuses_a_conflict(db: Database, demo: None) -> None:
    merchant, main, clearing = await _funded(db)
    legs = [Leg(main, -30_00), Leg(clearing, 30_00)]
    async with db.transaction() as connection:
        first = await _post(connection, merchant, "bet-1", legs)
    assert not first.replayed
    assert first.balances[main] == 70_00
    async with db.transaction() as connection:
        again = await _post(connection, merchant, "bet-1", legs)
    assert again.replayed
    assert (again.transfer_id, dict(again.balances)) == (first.transfer_id, dict(first.balances))
    assert again.member_ids == first.member_ids
    with pytest.raises(AppError) as refused:
        async with db.transaction() as connection:
            await _post(connection, merchant, "bet-1", [Leg(main, -31_00), Leg(clearing, 31_00)])
    assert refused.value.code == errors.IDEMPOTENCY_CONFLICT.code
    assert await _balance(db, main) == 70_00
    assert await _transfers(db, "bet-1") == 1
    async with db.read_session() as session:
        total = await session.scalar(
            select(func.sum(LedgerPosting.amount)).where(LedgerPosting.transfer_id == first.transfer_id)
        )
        posted_to_main = await session.scalar(
            select(func.sum(LedgerPosting.amount)).where(LedgerPosting.account_id == main)
        )
        assert total == 0
        assert posted_to_main == await _balance(db, main)
        findings = await check_ledger(session)
        assert findings.clean, findings


async def test_a_failure_rolls_the_posting_back_unless_it_asks_to_keep_it(db: Database, demo: None) -> None:
    merchant, main, clearing = await _funded(db)
    with pytest.raises(Boom):
        await _post_then_raise(db, merchant, "bet-boom", [Leg(main, -10_00), Leg(clearing, 10_00)], Boom())
    assert await _balance(db, main) == 100_00
    assert await _transfers(db, "bet-boom") == 0
    with pytest.raises(AppError) as short:
        async with db.transaction() as connection:
            await _post(connection, merchant, "bet-big", [Leg(main, -101_00), Leg(clearing, 101_00)])
    assert short.value.code == errors.INSUFFICIENT_FUNDS.code
    assert await _transfers(db, "bet-big") == 0
    with pytest.raises(KeepIt):
        await _post_then_raise(db, merchant, "bet-kept", [Leg(main, -10_00), Leg(clearing, 10_00)], KeepIt())
    assert await _balance(db, main) == 90_00
    assert await _transfers(db, "bet-kept") == 1


async def test_post_on_and_core_statements_share_the_unit_of_work(db: Database, demo: None) -> None:
    # A statement through SQLAlchemy after the driver's posting: one transaction, committed or rolled
    # back as one.
    merchant, main, clearing = await _funded(db)

    async def post_read_fail() -> None:
        async with db.transaction() as connection:
            await _post(connection, merchant, "bet-mixed", [Leg(main, -10_00), Leg(clearing, 10_00)])
            seen = await connection.scalar(select(LedgerAccount.balance).where(LedgerAccount.id == main))
            assert seen == 90_00
            raise Boom

    with pytest.raises(Boom):
        await post_read_fail()
    assert await _balance(db, main) == 100_00
    async with db.transaction() as connection:
        await connection.scalar(select(LedgerAccount.balance).where(LedgerAccount.id == main))
        await _post(connection, merchant, "bet-mixed", [Leg(main, -10_00), Leg(clearing, 10_00)])
    assert await _balance(db, main) == 90_00


@pytest.mark.slow
async def test_postgres_one_key_from_parallel_connections_posts_once(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    async with db.session() as session:
        main = (await transfers.account(session, brand, player, MAIN)).id
        clearing = (await transfers.house(session, brand, VENDOR_CLEARING, player)).id
    before = await _balance(db, main)
    legs = [Leg(main, -25_00), Leg(clearing, 25_00)]

    async def send() -> tuple[int, bool, dict[int, int]]:
        async with db.transaction() as connection:
            posted = await _post(connection, brand.id, "same-key", legs)
            return posted.transfer_id, posted.replayed, dict(posted.balances)

    answers = await asyncio.gather(*(send() for _ in range(12)))
    assert len({a[0] for a in answers}) == 1
    assert [a[1] for a in answers].count(False) == 1
    assert all(a[2] == answers[0][2] for a in answers)
    assert await _balance(db, main) == before - 25_00
    assert await _transfers(db, "same-key") == 1
    async with db.read_session() as session:
        findings = await check_ledger(session)
        assert findings.clean, findings


@pytest.mark.slow
async def test_postgres_a_failed_transaction_leaves_the_pooled_connection_clean(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    # The driver's transaction is ended on the adapter (Database.transaction): the next unit of work on
    # the same pooled connection starts afresh, and a rolled-back posting is gone.
    db, brand, player = pg
    async with db.session() as session:
        main = (await transfers.account(session, brand, player, MAIN)).id
        clearing = (await transfers.house(session, brand, VENDOR_CLEARING, player)).id
    before = await _balance(db, main)
    for n in range(3):
        with pytest.raises(Boom):
            await _post_then_raise(db, brand.id, f"boom-{n}", [Leg(main, -1_00), Leg(clearing, 1_00)], Boom())
        async with db.transaction() as connection:
            await _post(connection, brand.id, f"kept-{n}", [Leg(main, -1_00), Leg(clearing, 1_00)])
    assert await _balance(db, main) == before - 3_00
    assert sum([await _transfers(db, f"boom-{n}") for n in range(3)]) == 0
