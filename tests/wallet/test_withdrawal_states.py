"""The withdrawal state machine: every (status, action) pair, the money each allowed step moves."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from server.accounts.models import Member
from server.accounts.passwords import hash_password
from server.brands import service as brands
from server.db.base import utcnow
from server.db.session import Database
from server.http.core.errors import AppError
from server.wallet import transfers, withdrawals
from server.wallet.cashier_models import WITHDRAWAL_STATUSES, MemberBankAccount, Withdrawal
from server.wallet.models import CASH_OUT, HOLD, MAIN
from server.wallet.reconcile import check_ledger

ACTIONS = sorted(withdrawals.TRANSITIONS)


async def setup(db: Database) -> tuple[brands.Brand, int, int]:
    async with db.session() as session:
        brand = await brands.load_brand(session, "demo")
        assert brand is not None
        player = await session.scalar(
            select(Member).where(Member.merchant_id == brand.id, Member.username == "player1")
        )
        assert player is not None
        player.payment_password_hash = hash_password("654321")
        await transfers.deposit(session, brand, player.id, 5_000_00, "seed")
        bank = MemberBankAccount(
            merchant_id=brand.id,
            member_id=player.id,
            bank_name="B",
            account_name="Player One",
            account_number="1111",
        )
        session.add(bank)
        await session.flush()
        return brand, player.id, bank.id


async def balances(db: Database, brand: brands.Brand, member_id: int) -> dict[str, int]:
    async with db.read_session() as session:
        return {
            kind: (await transfers.account(session, brand, member_id, kind)).balance for kind in (MAIN, HOLD)
        } | {"CASH_OUT": (await transfers.house(session, brand, CASH_OUT, member_id)).balance}


@pytest.mark.parametrize("status", WITHDRAWAL_STATUSES)
@pytest.mark.parametrize("action", ACTIONS)
def test_transition_table(status: str, action: str) -> None:
    allowed = withdrawals.TRANSITIONS[action].get(status)
    if allowed is None:
        with pytest.raises(AppError, match="WITHDRAWAL_STATE"):
            withdrawals.next_status(status, action)
    else:
        assert withdrawals.next_status(status, action) == allowed
        assert allowed in WITHDRAWAL_STATUSES


async def run(db: Database, brand: brands.Brand, order_no: str, action: str, **kwargs: Any) -> Withdrawal:
    async with db.session() as session:
        locked = await withdrawals.locked(session, brand, order_no)
        return await withdrawals.act(session, brand, locked, action, **kwargs)


async def new_withdrawal(db: Database, brand: brands.Brand, member_id: int, bank_id: int, n: int) -> str:
    async with db.session() as session:
        member = await session.get(Member, member_id)
        assert member is not None
        ask = withdrawals.WithdrawalRequest(bank_id, 1_000_00, "654321", f"request-{n:05d}")
        return (await withdrawals.request(session, brand, member, ask, ip="127.0.0.1")).order_no


@pytest.mark.usefixtures("demo")
async def test_paid_out_and_received(db: Database) -> None:
    brand, member, bank = await setup(db)
    order = await new_withdrawal(db, brand, member, bank, 1)
    assert await balances(db, brand, member) == {"MAIN": 4_000_00, "HOLD": 1_000_00, "CASH_OUT": 0}
    await run(db, brand, order, "approve", staff_id=None)
    await run(db, brand, order, "disburse")
    assert await balances(db, brand, member) == {"MAIN": 4_000_00, "HOLD": 0, "CASH_OUT": 1_000_00}
    done = await run(db, brand, order, "received")
    assert done.status == "RECEIVED"
    assert done.confirmed_at is not None
    with pytest.raises(AppError, match="WITHDRAWAL_STATE"):
        await run(db, brand, order, "refund")
    async with db.read_session() as session:
        assert (await check_ledger(session)).clean


@pytest.mark.usefixtures("demo")
async def test_released_on_reject_and_on_cancel(db: Database) -> None:
    brand, member, bank = await setup(db)
    rejected = await new_withdrawal(db, brand, member, bank, 2)
    await run(db, brand, rejected, "approve")
    await run(db, brand, rejected, "reject", note="name mismatch at the bank")
    cancelled = await new_withdrawal(db, brand, member, bank, 3)
    await run(db, brand, cancelled, "cancel")
    assert await balances(db, brand, member) == {"MAIN": 5_000_00, "HOLD": 0, "CASH_OUT": 0}
    for order in (rejected, cancelled):
        for action in ("reject", "cancel", "disburse", "approve"):
            with pytest.raises(AppError, match="WITHDRAWAL_STATE"):
                await run(db, brand, order, action)
    assert await balances(db, brand, member) == {"MAIN": 5_000_00, "HOLD": 0, "CASH_OUT": 0}


@pytest.mark.usefixtures("demo")
async def test_partial_receipt_then_refund_of_the_rest(db: Database) -> None:
    brand, member, bank = await setup(db)
    order = await new_withdrawal(db, brand, member, bank, 4)
    await run(db, brand, order, "approve")
    await run(db, brand, order, "disburse")
    for received, remaining in ((600_00, 500_00), (0, 1_000_00), (None, 400_00)):
        with pytest.raises(AppError, match="VALIDATION_ERROR"):
            await run(db, brand, order, "partial", receipt=withdrawals.Receipt(received, remaining))
    partial = await run(
        db, brand, order, "partial", receipt=withdrawals.Receipt(600_00, 400_00, note="short")
    )
    assert (partial.status, partial.remaining_amount) == ("PARTIAL", 400_00)
    await run(db, brand, order, "refund", note="bank returned 400")
    assert await balances(db, brand, member) == {"MAIN": 4_400_00, "HOLD": 0, "CASH_OUT": 600_00}
    with pytest.raises(AppError, match="WITHDRAWAL_STATE"):
        await run(db, brand, order, "refund")


@pytest.mark.usefixtures("demo")
async def test_not_received_needs_proof(db: Database) -> None:
    brand, member, bank = await setup(db)
    order = await new_withdrawal(db, brand, member, bank, 5)
    await run(db, brand, order, "approve")
    await run(db, brand, order, "disburse")
    with pytest.raises(AppError, match="VALIDATION_ERROR"):
        await run(db, brand, order, "not_received")
    await run(db, brand, order, "not_received", receipt=withdrawals.Receipt(proof_png=b"\x89PNG..."))
    done = await run(db, brand, order, "all_received")
    assert done.status == "ALL_RECEIVED"
    assert await balances(db, brand, member) == {"MAIN": 4_000_00, "HOLD": 0, "CASH_OUT": 1_000_00}


@pytest.mark.usefixtures("demo")
async def test_unconfirmed_payouts_count_as_received_and_are_not_refunded(db: Database) -> None:
    brand, member, bank = await setup(db)
    order = await new_withdrawal(db, brand, member, bank, 6)
    await run(db, brand, order, "approve")
    await run(db, brand, order, "disburse")
    async with db.session() as session:
        assert await withdrawals.auto_receive(session) == []  # not yet due
        await session.execute(update(Withdrawal).values(disbursed_at=utcnow() - timedelta(minutes=61)))
    async with db.session() as session:
        assert await withdrawals.auto_receive(session) == [order]
    for action in ("refund", "not_received", "partial"):
        with pytest.raises(AppError, match="WITHDRAWAL_STATE"):
            await run(db, brand, order, action, receipt=withdrawals.Receipt(1, 1, b"x"))
    assert await balances(db, brand, member) == {"MAIN": 4_000_00, "HOLD": 0, "CASH_OUT": 1_000_00}
