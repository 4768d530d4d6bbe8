"""The Postgres posting path goes to asyncpg directly (server/db/driver.py). These pin what that must keep:
the posting stays inside the unit of work, errors come back as SQLAlchemy's, and the path is really taken."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.exc import IntegrityError

from server.brands import service as brands
from server.db.session import Database
from server.http.core import errors
from server.http.core.errors import AppError
from server.wallet import ledger, transfers
from server.wallet.ledger import Leg
from server.wallet.models import MAIN, VENDOR_CLEARING, LedgerAccount, LedgerTransfer
from server.wallet.reconcile import check_ledger

pytestmark = pytest.mark.slow


class Boom(Exception):
    pass


async def _accounts(db: Database, brand: brands.Brand, player: int) -> tuple[int, int]:
    async with db.session() as session:
        main = await transfers.account(session, brand, player, MAIN)
        clearing = await transfers.house(session, brand, VENDOR_CLEARING, player)
        return main.id, clearing.id


async def _state(db: Database, main: int) -> tuple[int, int]:
    async with db.read_session() as session:
        findings = await check_ledger(session)
        assert findings.clean, findings
        transfers_count = await session.scalar(select(func.count()).select_from(LedgerTransfer))
        balance = await session.scalar(select(LedgerAccount.balance).where(LedgerAccount.id == main))
        assert transfers_count is not None
        assert balance is not None
        return transfers_count, balance


async def _post(session: Any, brand: brands.Brand, key: str, legs: list[Leg]) -> ledger.Posted:
    return await ledger.post(
        session, merchant_id=brand.id, kind="BET", reference="r", idempotency_key=key, legs=legs
    )


async def test_a_posting_first_in_its_unit_of_work_rolls_back_with_it(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    main, clearing = await _accounts(db, brand, player)
    before = await _state(db, main)

    # The posting is the first statement the session sends: without the transaction opened first, it
    # would commit on its own and survive the failure that follows.
    async def post_then_fail() -> None:
        async with db.session() as session:
            posted = await _post(session, brand, "first-then-fail", [Leg(main, -10_00), Leg(clearing, 10_00)])
            assert posted.balances[main] == before[1] - 10_00
            raise Boom

    with pytest.raises(Boom):
        await post_then_fail()
    assert await _state(db, main) == before

    async with db.session() as session:
        await _post(session, brand, "first-then-commit", [Leg(main, -10_00), Leg(clearing, 10_00)])
    assert await _state(db, main) == (before[0] + 1, before[1] - 10_00)


async def test_the_posting_skips_sqlalchemy_execution(pg: tuple[Database, brands.Brand, int]) -> None:
    db, brand, player = pg
    main, clearing = await _accounts(db, brand, player)
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(db.engine.sync_engine, "before_cursor_execute", seen)
    try:
        async with db.session() as session:
            await session.connection()
            await _post(session, brand, "direct", [Leg(main, -1_00), Leg(clearing, 1_00)])
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", seen)
    assert statements == []
    assert (await _state(db, main))[1] == 1_000_00 - 1_00


async def test_errors_come_back_as_the_ledger_and_sqlalchemy_name_them(
    pg: tuple[Database, brands.Brand, int],
) -> None:
    db, brand, player = pg
    main, clearing = await _accounts(db, brand, player)
    before = await _state(db, main)
    with pytest.raises(AppError) as short:
        async with db.session() as session:
            await _post(session, brand, "too-much", [Leg(main, -before[1] - 1), Leg(clearing, before[1] + 1)])
    assert short.value.code == errors.INSUFFICIENT_FUNDS.code
    assert short.value.value == {"accountId": main, "balance": before[1]}

    async with db.session() as session:
        first = await _post(session, brand, "to-reverse", [Leg(main, -5_00), Leg(clearing, 5_00)])
        await ledger.reverse(
            session, merchant_id=brand.id, transfer_id=first.transfer_id, idempotency_key="undo-1", reason="t"
        )
    # A transfer is reversed once: a second reversal under another key breaks the unique reverses_id.
    with pytest.raises(IntegrityError):
        async with db.session() as session:
            await ledger.reverse(
                session,
                merchant_id=brand.id,
                transfer_id=first.transfer_id,
                idempotency_key="undo-2",
                reason="t",
            )
    assert await _state(db, main) == (before[0] + 2, before[1])
