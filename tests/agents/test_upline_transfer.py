"""A sub-agent pays its upline (SPEC §4: transfers from downline to upline) with the member centre's own
call, `/wps/member/transferUpline`: to its direct upline only, through the ledger, once per request id."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from server.db.session import Database
from server.wallet.reconcile import check_ledger
from tests.agents.test_agent_centre import fund_agent, headers, sum_balance, tree
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")
UPLINE = "/wps/member/transferUpline"


async def test_a_sub_agent_pays_its_direct_upline_once(client: httpx.AsyncClient, db: Database) -> None:
    await tree(client, db)
    await fund_agent(db, 50_000, "subagent1")
    sub = Portal(client)
    sub.token = (await headers(db, "subagent1"))["Authorization"]
    pay: dict[str, Any] = {"amount": "120.50", "paymentPassword": "246810", "requestId": "req-up-0001"}
    assert ok(await sub.call("POST", UPLINE, pay, encrypted=True))["sumBalance"] == "379.50"
    assert ok(await sub.call("POST", UPLINE, pay, encrypted=True))["sumBalance"] == "379.50"  # replayed
    assert await sum_balance(client, await headers(db, "agent1")) == "120.50"
    assert await sum_balance(client, await headers(db, "subagent1")) == "379.50"
    too_much = {**pay, "amount": "400.00", "requestId": "req-up-much"}
    failed(await sub.call("POST", UPLINE, too_much, encrypted=True), 422, "INSUFFICIENT_FUNDS")
    # agent1 is first level: the merchant above it is not a member to pay.
    await fund_agent(db, 10_000)
    top = Portal(client)
    top.token = (await headers(db, "agent1"))["Authorization"]
    failed(
        await top.call("POST", UPLINE, {**pay, "requestId": "req-up-top"}, encrypted=True), 409, "CONFLICT"
    )
    async with db.read_session() as session:
        findings = await check_ledger(session)
    assert findings.clean, findings
