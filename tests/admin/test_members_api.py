"""The back office's members: search, the member page, the statement with its running balance, sessions
and a forced log-out, lock and unlock, and staff notes; all of one merchant, each change audited."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import update

from server.accounts.models import Member
from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.games.support import fund, ledger_is_clean
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def staff(db: Database, username: str, merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username, staff=True), merchant)


async def find(client: httpx.AsyncClient, headers: dict[str, str], q: str) -> list[str]:
    return [
        m["username"] for m in ok(await client.get("/wps/admin/members", params={"q": q}, headers=headers))
    ]


async def test_search_by_name_id_affiliate_code_and_mobile(client: httpx.AsyncClient, db: Database) -> None:
    support = await staff(db, "support1")
    assert await find(client, support, "PLAYER") == ["player1", "player2", "player3"]
    player1 = ok(await client.get("/wps/admin/members", params={"q": "player1"}, headers=support))[0]
    assert await find(client, support, str(player1["id"])) == ["player1"]
    assert await find(client, support, "AGENT1") == ["agent1"]
    async with db.session() as session:
        await session.execute(
            update(Member)
            .where(Member.id == player1["id"])
            .values(country_dialing_code="+63", mobile_num="9171234567")
        )
    assert await find(client, support, "917 123") == ["player1"]
    assert await find(client, support, "nobody%") == []
    # The other brand's player1 is another member, and this brand's is not the other's to see.
    other = await staff(db, "admin1", "demo2")
    theirs = ok(await client.get("/wps/admin/members", params={"q": "player1"}, headers=other))
    assert [m["username"] for m in theirs] == ["player1"]
    assert theirs[0]["id"] != player1["id"]
    failed(await client.get(f"/wps/admin/members/{player1['id']}", headers=other), 404, "NOT_FOUND")
    failed(await client.get("/wps/admin/members", params={"q": ""}, headers=support), 422, "VALIDATION_ERROR")


async def test_the_member_page_and_its_statement(client: httpx.AsyncClient, db: Database) -> None:
    member_id = await fund(db, "demo", "player1", 250_00, "dep-page-1")
    await fund(db, "demo", "player1", 30_50, "dep-page-2")
    auditor = await staff(db, "auditor1")
    page = ok(await client.get(f"/wps/admin/members/{member_id}", headers=auditor))
    assert page["username"] == "player1"
    assert [a["username"] for a in page["upline"]] == ["agent1"]
    assert {w["wallet"]: w["balance"] for w in page["wallets"]}["MAIN"] == "280.50"

    lines = ok(await client.get(f"/wps/admin/members/{member_id}/statement", headers=auditor))
    assert [(line["kind"], line["amount"], line["balance"]) for line in lines] == [
        ("DEPOSIT", "30.50", "280.50"),
        ("DEPOSIT", "250.00", "250.00"),
    ]
    older = ok(
        await client.get(
            f"/wps/admin/members/{member_id}/statement", params={"beforeId": lines[0]["id"]}, headers=auditor
        )
    )
    assert [line["amount"] for line in older] == ["250.00"]
    await ledger_is_clean(db)


async def test_a_forced_log_out_and_a_lock_end_the_members_sessions(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = Portal(client)
    ok(await portal.login("player2"))
    ok(await client.get("/wps/member/info", headers=portal.headers()))
    admin = await staff(db, "admin1")
    member_id = ok(await client.get("/wps/admin/members", params={"q": "player2"}, headers=admin))[0]["id"]
    live = ok(await client.get(f"/wps/admin/members/{member_id}/sessions", headers=admin))
    assert len(live) == 1
    ok(await client.delete(f"/wps/admin/members/{member_id}/sessions/{live[0]['id']}", headers=admin))
    failed(await client.get("/wps/member/info", headers=portal.headers()), 401, "UNAUTHORIZED")
    assert ok(await client.get(f"/wps/admin/members/{member_id}/sessions", headers=admin)) == []

    ok(await portal.login("player2"))
    locked = ok(
        await client.put(f"/wps/admin/members/{member_id}/status", json={"locked": True}, headers=admin)
    )
    assert locked["status"] == "LOCKED"
    ok(await client.put(f"/wps/admin/members/{member_id}/status", json={"locked": True}, headers=admin))
    failed(await client.get("/wps/member/info", headers=portal.headers()), 401, "UNAUTHORIZED")
    failed(await portal.login("player2"), 403, "ACCOUNT_DISABLED")
    unlocked = ok(
        await client.put(f"/wps/admin/members/{member_id}/status", json={"locked": False}, headers=admin)
    )
    assert unlocked["status"] == "ACTIVE"
    auditor = await staff(db, "auditor1")
    trail = ok(await client.get("/wps/admin/audit", params={"target": "player2"}, headers=auditor))
    assert [e["action"] for e in trail] == ["member.unlock", "member.lock", "member.logout"]
    # Customer service reads members but neither locks them nor ends their sessions.
    support = await staff(db, "support1")
    body = {"locked": True}
    failed(
        await client.put(f"/wps/admin/members/{member_id}/status", json=body, headers=support),
        403,
        "FORBIDDEN",
    )


async def test_staff_notes(client: httpx.AsyncClient, db: Database) -> None:
    support = await staff(db, "support1")
    member_id = ok(await client.get("/wps/admin/members", params={"q": "player3"}, headers=support))[0]["id"]
    written = ok(
        await client.post(
            f"/wps/admin/members/{member_id}/notes", json={"text": " Called about a bonus "}, headers=support
        )
    )
    assert (written["staff"], written["text"]) == ("support1", "Called about a bonus")
    for bad in ({"text": ""}, {"text": "x" * 2001}, {}):
        failed(
            await client.post(f"/wps/admin/members/{member_id}/notes", json=bad, headers=support),
            422,
            "VALIDATION_ERROR",
        )
    auditor = await staff(db, "auditor1")
    assert [
        n["text"] for n in ok(await client.get(f"/wps/admin/members/{member_id}/notes", headers=auditor))
    ] == ["Called about a bonus"]
    note = {"text": "auditors only read"}
    failed(
        await client.post(f"/wps/admin/members/{member_id}/notes", json=note, headers=auditor),
        403,
        "FORBIDDEN",
    )
