"""Ten parallel claims of one member's cashback on Postgres (real concurrent transactions): one pays, the
others answer NOTHING_TO_CLAIM, and the ledger stays clean."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import func, select

from server.db.session import Database
from server.loyalty.models import LoyaltyReward
from server.wallet.models import LedgerTransfer
from tests.loyalty.support import age_bets, balance_of, demo_ladder, fund, ledger_is_clean, player, spin

pytestmark = pytest.mark.slow


async def test_ten_parallel_claims_pay_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    await demo_ladder(db)
    who = await fund(db, "demo", "player1", 1_000_00, "race-cashback-fund")
    await spin(client, db, "player1", 10)  # 200.00 at Silver's 0.50 %: 1.00
    await age_bets(db, who, timedelta(minutes=1))
    tabs = [await player(client) for _ in range(2)]
    before = await balance_of(client, tabs[0])
    answers = await asyncio.gather(
        *(tabs[n % 2].call("POST", "/wps/member/cashback/claim", {}) for n in range(10))
    )
    codes = sorted(a.json()["errorCode"] or "PAID" for a in answers)
    assert codes == ["NOTHING_TO_CLAIM"] * 9 + ["PAID"], [a.text for a in answers]
    assert await balance_of(client, tabs[0]) == before + 1_00
    async with db.read_session() as session:
        assert await session.scalar(select(func.count()).where(LedgerTransfer.kind == "CASHBACK")) == 1
        assert await session.scalar(select(func.count()).select_from(LoyaltyReward)) == 1
    await ledger_is_clean(db)
