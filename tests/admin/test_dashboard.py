"""The dashboard adds up what happened today through the product itself: a bank deposit confirmed, a house
round played, the members opened, a player signed in; other merchants' business never shows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest

from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.support.accounts import token_for
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import deposit_bank, player

pytestmark = pytest.mark.usefixtures("demo")


async def today(client: httpx.AsyncClient, headers: dict[str, str]) -> dict[str, Any]:
    answer = ok(await client.get("/wps/admin/dashboard", headers=headers))
    return {"active": answer["playersActive"], **answer["days"][-1]}


async def test_today_adds_up_deposits_rounds_and_members(client: httpx.AsyncClient, db: Database) -> None:
    finance = as_(await token_for(db, "demo", "finance1", staff=True))
    other = as_(await token_for(db, "demo2", "admin1", staff=True), "demo2")
    before, elsewhere = await today(client, finance), await today(client, other)
    assert before["day"] == datetime.now(UTC).date().isoformat()
    assert before["newMembers"] >= 4  # the demo's players and agent, opened today

    await deposit_bank(client, db, await player(client), "120.00", "dash-dep-0001")
    await fund(db, "demo", "player1", 50_00, "dash-fund")
    opened = await open_game(client, db, "highcard-1")
    played = ok(await client.post("/house/api/round", json={"stake": "1.00"}, headers=house_headers(opened)))

    after = await today(client, finance)
    assert Decimal(after["deposits"]) - Decimal(before["deposits"]) == Decimal("120.00")
    assert Decimal(after["stakes"]) - Decimal(before["stakes"]) == Decimal(played["bet"])
    assert Decimal(after["wins"]) - Decimal(before["wins"]) == Decimal(played["win"])
    assert Decimal(after["ggr"]) == Decimal(after["stakes"]) - Decimal(after["wins"])
    assert after["active"] >= 1  # player1 has just signed in
    assert await today(client, other) == elsewhere
    await ledger_is_clean(db)


async def test_the_window_is_whole_days_ending_today(client: httpx.AsyncClient, db: Database) -> None:
    auditor = as_(await token_for(db, "demo", "auditor1", staff=True))
    days = ok(await client.get("/wps/admin/dashboard", params={"days": 3}, headers=auditor))["days"]
    now = datetime.now(UTC).date()
    assert [d["day"] for d in days] == [(now - timedelta(days=n)).isoformat() for n in (2, 1, 0)]
    for bad in (0, 32, "week"):
        failed(
            await client.get("/wps/admin/dashboard", params={"days": bad}, headers=auditor),
            422,
            "VALIDATION_ERROR",
        )
    support = as_(await token_for(db, "demo", "support1", staff=True))
    failed(await client.get("/wps/admin/dashboard", headers=support), 403, "FORBIDDEN")
