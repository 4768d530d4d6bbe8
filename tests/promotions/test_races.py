"""Claims racing on Postgres with real concurrent transactions (issue 31): twenty parallel claims of one
reward, two tabs claiming a sign-up bonus, and twenty parallel check-ins each pay exactly once."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import func, select

from server.db.session import Database
from server.wallet.models import BonusLock, LedgerTransfer
from tests.promotions.support import FIRST_DEPOSIT, admin, create
from tests.support.portal import ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.slow


async def bonuses(db: Database) -> tuple[int, int]:
    async with db.read_session() as session:
        transfers = await session.scalar(select(func.count()).where(LedgerTransfer.kind == "BONUS"))
        locks = await session.scalar(select(func.count()).select_from(BonusLock))
    return int(transfers or 0), int(locks or 0)


async def test_twenty_parallel_claims_pay_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    staff = await admin(db)
    promotion_id = await create(client, staff, "FIRST_DEPOSIT", FIRST_DEPOSIT)
    portal = await player(client)
    await deposit_bank(client, db, portal, "150.00", "race-dep-0001")
    listed = ok(await client.get("/wps/member/rewards", headers=portal.headers()))["list"]
    [reward] = [r for r in listed if r["promotionId"] == promotion_id]
    answers = await asyncio.gather(
        *(
            portal.call("POST", f"/wps/member/rewards/{reward['id']}/claim", {})
            if n % 2
            else portal.call("POST", f"/wps/promotions/{promotion_id}/claim", {})
            for n in range(20)
        )
    )
    codes = sorted(a.json()["errorCode"] or "PAID" for a in answers)
    assert codes == ["PAID"] + ["PROMOTION_NOT_CLAIMABLE"] * 19, [a.text for a in answers]
    assert await sum_balance(client, portal) == "300.00"
    assert await bonuses(db) == (1, 1)
    await ledger_is_clean(db)


async def test_two_tabs_and_twenty_check_ins_pay_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    staff = await admin(db)
    signup = await create(client, staff, "SIGNUP", {"amount": "5.00"})
    checkin = await create(client, staff, "CHECKIN", {"rewards": ["1.00", "2.00"]})
    tab1, tab2 = await player(client), await player(client)
    both = await asyncio.gather(
        tab1.call("POST", f"/wps/promotions/{signup}/claim", {}),
        tab2.call("POST", f"/wps/promotions/{signup}/claim", {}),
    )
    assert sorted(a.json()["errorCode"] or "PAID" for a in both) == ["PAID", "PROMOTION_ALREADY"]
    many = await asyncio.gather(
        *(tab1.call("POST", f"/wps/promotions/{checkin}/checkin", {}) for _ in range(20))
    )
    assert sorted(a.json()["errorCode"] or "PAID" for a in many) == ["PAID"] + ["PROMOTION_ALREADY"] * 19
    assert await sum_balance(client, tab1) == "6.00"
    assert await bonuses(db) == (2, 2)
    await ledger_is_clean(db)
