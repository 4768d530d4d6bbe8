"""The wallet's public money API for game vendors and grants (server.wallet.vendor, service.grant): it moves
money through the ledger, once per idempotency key, never below zero, and announces the balance only after
COMMIT. Every test that moves money ends with the ledger's invariants checked."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from realtime import events
from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands import service as brands
from server.db import after_commit
from server.db.session import Database
from server.http.core.errors import AppError
from server.wallet import records, service, transfers, vendor
from server.wallet.models import (
    MAIN,
    PROMOTION_EXPENSE,
    TRIAL,
    TRIAL_ISSUE,
    VENDOR,
    VENDOR_CLEARING,
    LedgerAccount,
)
from server.wallet.reconcile import check_ledger

Sent = list[tuple[str, str | None, Any]]
pytestmark = pytest.mark.usefixtures("demo")


async def player(db: Database, merchant: str = "demo", username: str = "player1") -> tuple[brands.Brand, int]:
    async with db.read_session() as session:
        brand = await brands.load_brand(session, merchant)
        assert brand is not None
        member_id = await session.scalar(
            select(Member.id).where(Member.merchant_id == brand.id, Member.username == username)
        )
    assert member_id is not None
    return brand, member_id


async def funded(db: Database, amount: int, merchant: str = "demo") -> tuple[brands.Brand, int]:
    brand, member_id = await player(db, merchant)
    async with db.session() as session:
        await transfers.deposit(session, brand, member_id, amount, f"seed-{member_id}-{amount}")
    return brand, member_id


async def balance(db: Database, member_id: int, kind: str, vendor_code: str = "") -> int:
    async with db.read_session() as session:
        found = await session.scalar(
            select(LedgerAccount.balance).where(
                LedgerAccount.member_id == member_id,
                LedgerAccount.kind == kind,
                LedgerAccount.vendor_code == vendor_code,
            )
        )
    return int(found or 0)


async def house_total(db: Database, merchant_id: int, kind: str) -> int:
    async with db.read_session() as session:
        rows = await session.scalars(
            select(LedgerAccount.balance).where(
                LedgerAccount.merchant_id == merchant_id,
                LedgerAccount.member_id.is_(None),
                LedgerAccount.kind == kind,
            )
        )
        return sum(rows)


async def ledger_is_clean(db: Database) -> None:
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings


async def debit(db: Database, brand: brands.Brand, member_id: int, amount: int, key: str) -> vendor.Moved:
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        return await vendor.vendor_debit(
            session,
            brand,
            member,
            wallet_code="HOUSE",
            amount=amount,
            idempotency_key=key,
            reference="game:HOUSE:r1",
            meta={"round": "r1"},
        )


async def credit(db: Database, brand: brands.Brand, member_id: int, amount: int, key: str) -> vendor.Moved:
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        return await vendor.vendor_credit(
            session,
            brand,
            member,
            wallet_code="HOUSE",
            amount=amount,
            idempotency_key=key,
            reference="game:HOUSE:r1",
        )


async def reverse(
    db: Database, brand: brands.Brand, member_id: int, transfer_id: int, key: str
) -> vendor.Moved:
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        return await vendor.vendor_reverse(
            session,
            brand,
            member,
            wallet_code="HOUSE",
            transfer_id=transfer_id,
            idempotency_key=key,
            reason="test",
        )


async def test_debit_and_credit_move_money_between_wallet_and_clearing_once_per_key(db: Database) -> None:
    brand, member_id = await funded(db, 100_00)
    bet = await debit(db, brand, member_id, 30_00, "t:bet-1")
    assert (bet.balance, bet.posted.replayed) == (70_00, False)
    assert await house_total(db, brand.id, VENDOR_CLEARING) == 30_00

    again = await debit(db, brand, member_id, 30_00, "t:bet-1")
    assert (again.posted.transfer_id, again.posted.replayed) == (bet.posted.transfer_id, True)
    assert await balance(db, member_id, MAIN) == 70_00
    with pytest.raises(AppError, match="IDEMPOTENCY_CONFLICT"):
        await debit(db, brand, member_id, 31_00, "t:bet-1")

    win = await credit(db, brand, member_id, 50_00, "t:win-1")
    assert win.balance == 120_00
    assert (await credit(db, brand, member_id, 50_00, "t:win-1")).posted.replayed
    assert await balance(db, member_id, MAIN) == 120_00
    assert await house_total(db, brand.id, VENDOR_CLEARING) == -20_00
    await ledger_is_clean(db)


async def test_bets_and_wins_are_game_records_in_the_members_account_history(db: Database) -> None:
    brand, member_id = await funded(db, 100_00)
    await debit(db, brand, member_id, 30_00, "t:rec-bet")
    await credit(db, brand, member_id, 45_00, "t:rec-win")
    async with db.read_session() as session:
        games = await records.history(session, (member_id,), record_type="GAME")
        everything = await records.history(session, (member_id,))
    assert [(r.kind, r.type, r.amount) for r in games.records] == [
        ("GAME_WIN", "GAME", 45_00),
        ("GAME_BET", "GAME", -30_00),
    ]
    assert {r.type for r in everything.records} == {"GAME", "DEPOSIT"}
    await ledger_is_clean(db)


async def test_debit_takes_the_whole_balance_but_never_more(db: Database) -> None:
    brand, member_id = await funded(db, 10_00)
    with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
        await debit(db, brand, member_id, 10_01, "t:too-much")
    assert await balance(db, member_id, MAIN) == 10_00
    assert await house_total(db, brand.id, VENDOR_CLEARING) == 0
    assert (await debit(db, brand, member_id, 10_00, "t:all-in")).balance == 0
    with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
        await debit(db, brand, member_id, 1, "t:one-more")
    with pytest.raises(AppError, match="VALIDATION_ERROR"):
        await debit(db, brand, member_id, 0, "t:nothing")
    assert await balance(db, member_id, MAIN) == 0
    await ledger_is_clean(db)


async def test_reverse_undoes_a_posting_once_and_refuses_what_is_spent(db: Database) -> None:
    brand, member_id = await funded(db, 100_00)
    bet = await debit(db, brand, member_id, 40_00, "t:bet-r")
    undone = await reverse(db, brand, member_id, bet.posted.transfer_id, "t:rollback-r")
    assert (undone.balance, undone.posted.replayed) == (100_00, False)
    replay = await reverse(db, brand, member_id, bet.posted.transfer_id, "t:rollback-r")
    assert (replay.posted.transfer_id, replay.posted.replayed) == (undone.posted.transfer_id, True)
    assert await balance(db, member_id, MAIN) == 100_00
    assert await house_total(db, brand.id, VENDOR_CLEARING) == 0

    # A win already played away cannot be taken back: the wallet would go below zero.
    win = await credit(db, brand, member_id, 50_00, "t:win-r")
    await debit(db, brand, member_id, 120_00, "t:spend-r")
    with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
        await reverse(db, brand, member_id, win.posted.transfer_id, "t:refund-r")
    assert await balance(db, member_id, MAIN) == 30_00
    await ledger_is_clean(db)


async def test_reverse_of_someone_elses_posting_is_not_found(db: Database) -> None:
    brand, member_id = await funded(db, 100_00)
    bet = await debit(db, brand, member_id, 40_00, "t:bet-x")
    _, other = await player(db, username="player2")
    with pytest.raises(AppError, match="NOT_FOUND"):
        await reverse(db, brand, other, bet.posted.transfer_id, "t:rollback-x")
    assert await balance(db, member_id, MAIN) == 60_00
    await ledger_is_clean(db)


async def test_a_transfer_wallet_merchant_plays_from_the_vendor_wallet(db: Database) -> None:
    brand, member_id = await funded(db, 100_00, merchant="demo2")
    with pytest.raises(AppError, match="INSUFFICIENT_FUNDS"):
        await debit(db, brand, member_id, 1_00, "t:empty-vendor")
    async with db.session() as session:
        await transfers.between_wallets(
            session, brand, member_id, from_vendor="", to_vendor="HOUSE", amount=60_00, request_id="r-1"
        )
    assert (await debit(db, brand, member_id, 25_00, "t:vendor-bet")).balance == 35_00
    assert await balance(db, member_id, VENDOR, "HOUSE") == 35_00
    assert await balance(db, member_id, MAIN) == 40_00
    await ledger_is_clean(db)


async def test_a_trial_account_plays_with_play_money_only(db: Database) -> None:
    brand, _ = await player(db)
    async with db.session() as session:
        trial = Member(merchant_id=brand.id, username="trial-1", password_hash="x", member_type=TRIAL_MEMBER)
        session.add(trial)
        await session.flush()
        await service.grant_trial_money(session, brand, trial)
        again = await service.grant_trial_money(session, brand, trial)
        assert again.replayed
        trial_id = trial.id
    assert await balance(db, trial_id, TRIAL) == service.TRIAL_GRANT
    bet = await debit(db, brand, trial_id, 5_00, "t:trial-bet")
    assert bet.balance == service.TRIAL_GRANT - 5_00
    assert await balance(db, trial_id, MAIN) == 0
    assert await house_total(db, brand.id, VENDOR_CLEARING) == 0
    assert await house_total(db, brand.id, TRIAL_ISSUE) == -service.TRIAL_GRANT + 5_00
    await ledger_is_clean(db)


async def grant_bonus(
    db: Database, brand: brands.Brand, member_id: int, amount: int, key: str, **kwargs: Any
) -> Any:
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        return await service.grant(
            session,
            brand,
            member,
            amount=amount,
            kind="BONUS",
            reference="welcome",
            idempotency_key=key,
            **kwargs,
        )


async def test_grant_pays_from_the_promotion_account_once_per_key(db: Database) -> None:
    brand, member_id = await player(db)
    first = await grant_bonus(db, brand, member_id, 25_00, "t:bonus-1")
    again = await grant_bonus(db, brand, member_id, 25_00, "t:bonus-1")
    assert (again.transfer_id, again.replayed, first.replayed) == (first.transfer_id, True, False)
    assert await balance(db, member_id, MAIN) == 25_00
    assert await house_total(db, brand.id, PROMOTION_EXPENSE) == -25_00
    with pytest.raises(AppError, match="VALIDATION_ERROR"):
        await grant_bonus(db, brand, member_id, 0, "t:bonus-0")
    # Play money never becomes real money, nor the other way round.
    with pytest.raises(ValueError, match="no grant"):
        await grant_bonus(db, brand, member_id, 1_00, "t:bonus-2", source_account_kind=TRIAL_ISSUE)
    with pytest.raises(ValueError, match="no grant"):
        await grant_bonus(db, brand, member_id, 1_00, "t:bonus-3", wallet=TRIAL)
    # Tenancy: a member of another merchant is not this merchant's to pay.
    other_brand, _ = await player(db, merchant="demo2")
    with pytest.raises(AppError, match="NOT_FOUND"):
        await grant_bonus(db, other_brand, member_id, 1_00, "t:bonus-4")
    assert await balance(db, member_id, MAIN) == 25_00
    await ledger_is_clean(db)


async def test_the_balance_is_announced_after_commit_and_never_for_a_rolled_back_move(
    db: Database, emitted: Sent
) -> None:
    brand, member_id = await funded(db, 100_00)
    await after_commit.drain()
    emitted.clear()
    room = events.user_room(member_id)

    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        await vendor.vendor_debit(
            session,
            brand,
            member,
            wallet_code="HOUSE",
            amount=30_00,
            idempotency_key="t:pushed",
            reference="game:HOUSE:r1",
        )
        assert emitted == []  # not before COMMIT
    await after_commit.drain()
    assert emitted == [(events.BALANCE, room, {"sumBalance": "70.00"})]

    emitted.clear()

    async def failing_round() -> None:
        async with db.session() as session:
            member = await session.get(Member, member_id)
            assert member is not None
            await vendor.vendor_credit(
                session,
                brand,
                member,
                wallet_code="HOUSE",
                amount=10_00,
                idempotency_key="t:rolled-back",
                reference="game:HOUSE:r9",
            )
            raise RuntimeError("the round failed after the credit")

    with pytest.raises(RuntimeError):
        await failing_round()
    await after_commit.drain()
    assert emitted == []
    assert await balance(db, member_id, MAIN) == 70_00

    # A replay moves nothing and announces nothing; a reversal and a grant announce like any posting.
    bet = await debit(db, brand, member_id, 30_00, "t:pushed")
    await after_commit.drain()
    assert (bet.posted.replayed, emitted) == (True, [])
    await reverse(db, brand, member_id, bet.posted.transfer_id, "t:pushed-back")
    await grant_bonus(db, brand, member_id, 5_00, "t:pushed-bonus")
    await after_commit.drain()
    assert emitted == [
        (events.BALANCE, room, {"sumBalance": "100.00"}),
        (events.BALANCE, room, {"sumBalance": "105.00"}),
    ]
    await ledger_is_clean(db)


async def test_a_posting_inside_a_savepoint_is_announced_only_at_commit(db: Database, emitted: Sent) -> None:
    brand, member_id = await funded(db, 100_00)
    await after_commit.drain()
    emitted.clear()
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        async with session.begin_nested():
            await vendor.vendor_debit(
                session,
                brand,
                member,
                wallet_code="HOUSE",
                amount=1_00,
                idempotency_key="t:in-savepoint",
                reference="game:HOUSE:r1",
            )
        await after_commit.drain()
        assert emitted == []  # the savepoint is released, the transaction is not committed yet
    await after_commit.drain()
    assert emitted == [(events.BALANCE, events.user_room(member_id), {"sumBalance": "99.00"})]
    await ledger_is_clean(db)
