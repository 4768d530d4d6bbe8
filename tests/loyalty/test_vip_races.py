"""A level's daily withdrawal count holds under parallel requests on Postgres: the wallet takes the member's
row lock before loyalty counts today's requests, so of five parallel requests only the allowed ones pass."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from server.db.session import Database
from tests.loyalty.support import balance_of, demo_ladder, ledger_is_clean, player
from tests.promotions.support import admin
from tests.support.portal import ok
from tests.wallet.test_cashier_api import prepare_withdrawals

pytestmark = pytest.mark.slow


async def test_parallel_withdrawals_respect_the_level_count(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    await demo_ladder(db)
    staff = await admin(db)
    silver = {
        k: v for k, v in ok(await client.get("/wps/admin/loyalty/vip", headers=staff))["levels"][2].items()
    }
    silver.pop("level")
    ok(
        await client.put(
            "/wps/admin/loyalty/vip/levels/2", json={**silver, "dailyWithdrawalCount": 2}, headers=staff
        )
    )
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)  # 3,000.00
    answers = await asyncio.gather(
        *(
            portal.call(
                "POST",
                "/wps/cashier/withdrawals",
                {
                    "bankAccountId": bank,
                    "amount": "100.00",
                    "paymentPassword": "246810",
                    "requestId": f"vip-race-{n:04d}",
                },
                encrypted=True,
            )
            for n in range(5)
        )
    )
    codes = sorted(a.json()["errorCode"] or "HELD" for a in answers)
    assert codes == ["HELD", "HELD", "WITHDRAWAL_LIMIT", "WITHDRAWAL_LIMIT", "WITHDRAWAL_LIMIT"], [
        a.text for a in answers
    ]
    assert await balance_of(client, portal) == 2_800_00
    await ledger_is_clean(db)
