"""A fresh Postgres database with the demo brand and a funded player, for tests that need real
concurrent transactions or the Postgres-only posting path."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import select

from server.accounts.models import Member
from server.accounts.passwords import hash_password
from server.brands import service as brands
from server.db.session import Database
from server.demo.seed import seed_demo
from server.wallet import transfers
from server.wallet.cashier_models import MemberBankAccount
from tests.support.databases import migrated_async
from tests.support.services import require_postgres


@pytest.fixture
async def pg() -> AsyncIterator[tuple[Database, brands.Brand, int]]:
    require_postgres()
    async with migrated_async("postgres") as url:
        db = Database.from_url(url)
        try:
            async with db.session() as session:
                await seed_demo(session)
                brand = await brands.load_brand(session, "demo")
                assert brand is not None
                player = await session.scalar(
                    select(Member).where(Member.merchant_id == brand.id, Member.username == "player1")
                )
                assert player is not None
                player.payment_password_hash = hash_password("654321")
                await transfers.deposit(session, brand, player.id, 1_000_00, "seed-1")
                session.add(
                    MemberBankAccount(
                        merchant_id=brand.id,
                        member_id=player.id,
                        bank_name="Demo Bank",
                        account_name="Player One",
                        account_number="123456789",
                    )
                )
            yield db, brand, player.id
        finally:
            await db.dispose()
