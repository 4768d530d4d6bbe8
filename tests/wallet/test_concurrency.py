"""Money under contention, on Postgres with real concurrent transactions (each on its own connection)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from sqlalchemy import func, select, update

from server.accounts.models import Member
from server.brands import service as brands
from server.db.session import Database
from server.http.core.errors import AppError
from server.wallet import ledger, transfers, withdrawals
from server.wallet.cashier_models import MemberBankAccount, Withdrawal
from server.wallet.ledger import Leg
from server.wallet.models import MAIN, VENDOR_CLEARING, LedgerPosting
from server.wallet.reconcile import check_ledger

pytestmark = pytest.mark.slow


async def balance(db: Database, brand: brands.Brand, member_id: int) -> int:
    async with db.read_session() as session:
        return (await transfers.account(session, brand, member_id, MAIN)).balance


async def clean(db: Database) -> None:
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings


async def test_fifty_withdrawals_of_the_whole_balance_one_wins(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    async with db.read_session() as session:
        bank = await session.scalar(select(MemberBankAccount.id).where(MemberBankAccount.member_id == player))
        member = await session.get(Member, player)
    assert bank is not None
    assert member is not None

    async def attempt(n: int) -> str:
        ask = withdrawals.WithdrawalRequest(bank, 1_000_00, "654321", f"request-{n:04d}")
        try:
            async with db.session() as session:
                row = await session.get(Member, player)
                assert row is not None
                await withdrawals.request(session, brand, row, ask, ip=f"10.0.0.{n}")
            return "ok"
        except AppError as exc:
            return exc.code

    outcomes = await asyncio.gather(*(attempt(n) for n in range(50)))
    assert outcomes.count("ok") == 1
    assert set(outcomes) - {"ok"} <= {"INSUFFICIENT_FUNDS", "WITHDRAW_DAILY_LIMIT"}
    assert outcomes.count("INSUFFICIENT_FUNDS") >= 40
    assert await balance(db, brand, player) == 0
    async with db.read_session() as session:
        assert await session.scalar(select(func.count()).select_from(Withdrawal)) == 1
    await clean(db)


async def _withdraw_at_once(
    db: Database, brand: brands.Brand, player: int, count: int, amount: int, password: str
) -> list[str]:
    async with db.read_session() as session:
        bank = await session.scalar(select(MemberBankAccount.id).where(MemberBankAccount.member_id == player))
    assert bank is not None

    async def attempt(n: int) -> str:
        ask = withdrawals.WithdrawalRequest(bank, amount, password, f"parallel-{n:04d}")
        try:
            async with db.session() as session:
                row = await session.get(Member, player)
                assert row is not None
                await withdrawals.request(session, brand, row, ask, ip="10.0.9.9")
            return "ok"
        except AppError as exc:
            return exc.code

    return list(await asyncio.gather(*(attempt(n) for n in range(count))))


async def test_twenty_parallel_withdrawals_meet_the_daily_count_exactly(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    assert brand.withdraw_daily_count < 20
    outcomes = await _withdraw_at_once(db, brand, player, 20, brand.withdraw_min, "654321")
    assert outcomes.count("ok") == brand.withdraw_daily_count, outcomes
    assert set(outcomes) == {"ok", "WITHDRAW_DAILY_LIMIT"}
    assert await balance(db, brand, player) == 1_000_00 - brand.withdraw_daily_count * brand.withdraw_min
    await clean(db)


async def test_parallel_password_guesses_meet_the_attempt_limit_exactly(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    limit = withdrawals.PAYMENT_PASSWORD_ATTEMPTS.lock_name_after
    outcomes = await _withdraw_at_once(db, brand, player, 10, brand.withdraw_min, "000000")
    # Each guess is checked only while the limit allows: exactly `limit` of them, the rest locked out.
    assert outcomes.count("PAYMENT_PASSWORD_WRONG") == limit, outcomes
    assert set(outcomes) == {"PAYMENT_PASSWORD_WRONG", "LOGIN_LOCKED"}
    assert await balance(db, brand, player) == 1_000_00
    await clean(db)


async def test_two_hundred_mixed_debits_and_credits_stay_consistent(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    rng = random.Random(7)
    ops = [(n, rng.choice((-1, 1)), rng.randint(1, 30_00)) for n in range(200)]
    async with db.session() as session:
        main = (await transfers.account(session, brand, player, MAIN)).id
        clearing = (await transfers.house(session, brand, VENDOR_CLEARING, player)).id

    async def one(n: int, sign: int, amount: int) -> int:
        try:
            async with db.session() as session:
                await ledger.post(
                    session,
                    merchant_id=brand.id,
                    kind="BET" if sign < 0 else "WIN",
                    reference=f"round-{n}",
                    idempotency_key=f"op-{n}",
                    legs=[Leg(main, sign * amount), Leg(clearing, -sign * amount)],
                )
            return sign * amount
        except AppError as exc:
            if exc.code != "INSUFFICIENT_FUNDS":
                raise
            return 0

    applied = await asyncio.gather(*(one(*op) for op in ops))
    assert await balance(db, brand, player) == 1_000_00 + sum(applied)
    async with db.read_session() as session:
        posted = await session.scalar(
            select(func.sum(LedgerPosting.amount)).where(LedgerPosting.account_id == main)
        )
    assert posted == 1_000_00 + sum(applied)
    await clean(db)


async def test_one_key_twenty_times_at_once(pg: tuple[Database, brands.Brand, int]) -> None:
    db, brand, player = pg
    async with db.session() as session:
        main = (await transfers.account(session, brand, player, MAIN)).id
        clearing = (await transfers.house(session, brand, VENDOR_CLEARING, player)).id
    legs = [Leg(main, -250_00), Leg(clearing, 250_00)]

    async def send(amount_legs: list[Leg]) -> Any:
        async with db.session() as session:
            posted = await ledger.post(
                session,
                merchant_id=brand.id,
                kind="BET",
                reference="round-x",
                idempotency_key="same-key",
                legs=amount_legs,
            )
            return posted.transfer_id, dict(posted.balances)

    answers = await asyncio.gather(*(send(legs) for _ in range(20)))
    assert len({a[0] for a in answers}) == 1
    assert all(a[1] == answers[0][1] for a in answers)
    async with db.read_session() as session:
        postings = await session.scalar(
            select(func.count()).select_from(LedgerPosting).where(LedgerPosting.transfer_id == answers[0][0])
        )
    assert postings == 2
    assert await balance(db, brand, player) == 750_00
    # The same key asking for another amount is refused.
    with pytest.raises(AppError, match="IDEMPOTENCY_CONFLICT"):
        await send([Leg(main, -100_00), Leg(clearing, 100_00)])
    await clean(db)


async def test_a_hold_is_released_exactly_once(pg: tuple[Database, brands.Brand, int]) -> None:
    db, brand, player = pg
    async with db.session() as session:
        row = await session.get(Member, player)
        assert row is not None
        bank = await session.scalar(select(MemberBankAccount.id).where(MemberBankAccount.member_id == player))
        assert bank is not None
        withdrawal = await withdrawals.request(
            session,
            brand,
            row,
            withdrawals.WithdrawalRequest(bank, 400_00, "654321", "request-once"),
            ip="10.1.1.1",
        )
        order_no = withdrawal.order_no
    assert await balance(db, brand, player) == 600_00

    async def reject() -> str:
        try:
            async with db.session() as session:
                locked = await withdrawals.locked(session, brand, order_no)
                await withdrawals.act(session, brand, locked, "reject")
            return "ok"
        except AppError as exc:
            return exc.code

    outcomes = await asyncio.gather(*(reject() for _ in range(10)))
    assert sorted(outcomes) == ["WITHDRAWAL_STATE"] * 9 + ["ok"]
    assert await balance(db, brand, player) == 1_000_00
    async with db.session() as session:
        await session.execute(
            update(Withdrawal).values(status="PENDING")
        )  # even if the row were forced back,
    async with db.session() as session:  # the release's own key refuses to pay twice
        locked = await withdrawals.locked(session, brand, order_no)
        await withdrawals.act(session, brand, locked, "reject")
    assert await balance(db, brand, player) == 1_000_00
    await clean(db)
