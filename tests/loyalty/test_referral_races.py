"""Invite friends racing on Postgres with real concurrent transactions: ten first reads of the page issue one
code; two job runs at once (two workers, or a run overlapping the next) pay the inviter once."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from server.db.session import Database
from server.loyalty.referral.job import pay_referral_rewards
from tests.loyalty.test_referral_support import deposit_and_play, messages_to, register, rewards_of
from tests.promotions.support import admin
from tests.support.accounts import member_id, token_for
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import ledger_is_clean

pytestmark = pytest.mark.slow


async def run_once(db: Database) -> dict[str, int]:
    async with db.session() as session:
        return await pay_referral_rewards(session)


async def test_first_reads_issue_one_code_and_parallel_runs_pay_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    # The inviter reads its page with a session that has no address nor browser (tests.support.accounts):
    # its friend, on the same test client, is then from no address or device of the inviter's.
    inviter = Portal(client)
    inviter.token = await token_for(db, "demo", "player3")
    pages = await asyncio.gather(
        *(client.get("/wps/member/referral", headers=inviter.headers()) for _ in range(10))
    )
    codes = {ok(page)["code"] for page in pages}
    assert len(codes) == 1, codes
    [code] = codes
    rules = {"enabled": True, "reward": "12.00", "deposit": "100.00", "turnover": "20.00", "days": 30}
    ok(
        await client.put(
            "/wps/admin/loyalty/referral", json={**rules, "wagerMultiple": 0}, headers=await admin(db)
        )
    )
    friend = await register(client, "racefriend", code)
    await deposit_and_play(client, db, friend, "racefriend", "100.00", spins=1)

    reports = await asyncio.gather(*(run_once(db) for _ in range(4)))
    assert sum(r["paid"] for r in reports) == 1, reports
    inviter_id, friend_id = await member_id(db, "player3"), await member_id(db, "racefriend")
    assert await rewards_of(db, inviter_id) == [(f"referral:{inviter_id}:{friend_id}", 12_00, 0)]
    assert await messages_to(db, inviter_id) == 1
    page = ok(await client.get("/wps/member/referral", headers=inviter.headers()))
    assert (page["earned"], [i["status"] for i in page["invitees"]]) == ("12.00", ["REWARDED"])
    await ledger_is_clean(db)
