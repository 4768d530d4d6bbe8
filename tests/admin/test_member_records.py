"""What support reads when a member calls (the betting record and the account records, as the member's own
pages show them) and the temporary password an operator hands out: all of one merchant, the reset audited."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from server.accounts import passwords
from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.db.session import Database
from tests.admin.test_members_api import staff
from tests.games.support import fund, ledger_is_clean, vendor_call
from tests.games.test_seamless_api import bet, launched
from tests.support.accounts import token_for
from tests.support.portal import DEMO_PASSWORD, Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def matches(db: Database, member_id: int, password: str) -> bool:
    async with db.read_session() as session:
        stored = await session.scalar(select(Member.password_hash).where(Member.id == member_id))
    assert stored is not None
    return await passwords.verify_password_async(stored, password)


async def test_betting_and_account_records_as_the_member_sees_them(
    client: httpx.AsyncClient, db: Database
) -> None:
    member_id = await fund(db, "demo", "player1", 100_00, "dep-records-1")
    player = await launched(client, db)
    ok(await bet(client, player, "rec-tx-1", "10.00", rnd="rec-r1"))
    win = {"sessionToken": player["sessionToken"], "txId": "rec-tx-1w", "roundId": "rec-r1", "amount": "4.00"}
    ok(await vendor_call(client, "win", win))
    ok(await bet(client, player, "rec-tx-2", "2.50", rnd="rec-r2"))

    support = await staff(db, "support1")
    record = ok(await client.get(f"/wps/admin/members/{member_id}/bets", headers=support))
    # The member's own record says the same.
    mine = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    assert ok(await client.get("/wps/relay/personalHistoryCopy", headers=mine)) == record
    assert [(r["roundId"], r["betAmount"], r["winAmount"]) for r in record["list"]] == [
        ("rec-r2", "2.50", "0.00"),
        ("rec-r1", "10.00", "4.00"),
    ]
    assert record["totals"] == {"betAmount": "12.50", "winAmount": "4.00", "profit": "-8.50", "count": 2}
    paged = ok(
        await client.get(
            f"/wps/admin/members/{member_id}/bets", params={"pageNo": 2, "pageSize": 1}, headers=support
        )
    )
    assert [r["roundId"] for r in paged["list"]] == ["rec-r1"]
    assert paged["totalPages"] == 2

    accounts = ok(await client.get(f"/wps/admin/members/{member_id}/transactions", headers=support))
    assert accounts["total"] >= 1
    assert ok(await client.get("/wps/member/transactions", headers=mine))["list"] == accounts["list"]
    deposits = ok(
        await client.get(
            f"/wps/admin/members/{member_id}/transactions", params={"type": "DEPOSIT"}, headers=support
        )
    )
    assert [(r["type"], r["amount"]) for r in deposits["list"]] == [("DEPOSIT", "100.00")]

    # Bad input is a validation error; another merchant's staff does not find the member.
    bad = {"startDate": "2026-01-10", "endDate": "2026-01-01"}
    failed(
        await client.get(f"/wps/admin/members/{member_id}/bets", params=bad, headers=support),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.get(f"/wps/admin/members/{member_id}/bets", params={"category": "X"}, headers=support),
        422,
        "VALIDATION_ERROR",
    )
    other = await staff(db, "admin1", "demo2")
    failed(await client.get(f"/wps/admin/members/{member_id}/bets", headers=other), 404, "NOT_FOUND")
    failed(await client.get(f"/wps/admin/members/{member_id}/transactions", headers=other), 404, "NOT_FOUND")
    await ledger_is_clean(db)


async def test_a_password_reset_ends_sessions_and_asks_for_a_new_password(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = Portal(client)
    ok(await portal.login("player2"))
    member_id = ok(await client.get("/wps/member/info", headers=portal.headers()))["id"]
    operator = await staff(db, "admin1")

    # Support may read the member but not reset the password; another merchant does not find the member.
    failed(
        await client.post(
            f"/wps/admin/members/{member_id}/password/reset", headers=await staff(db, "support1")
        ),
        403,
        "FORBIDDEN",
    )
    other = await staff(db, "admin1", "demo2")
    failed(
        await client.post(f"/wps/admin/members/{member_id}/password/reset", headers=other), 404, "NOT_FOUND"
    )

    temporary = ok(await client.post(f"/wps/admin/members/{member_id}/password/reset", headers=operator))
    password = temporary["temporaryPassword"]
    assert len(password) == 11
    assert password[-1].isdigit()
    failed(await client.get("/wps/member/info", headers=portal.headers()), 401, "UNAUTHORIZED")
    # The old password no longer opens the account; the temporary one does, and asks for a new one first.
    assert not await matches(db, member_id, DEMO_PASSWORD)
    again = Portal(client)
    assert ok(await again.login("player2", password))["passwordChangeRequired"] is True
    pick = await client.put("/wps/member/avatar", json={"avatar": "3"}, headers=again.headers())
    failed(pick, 403, "PASSWORD_CHANGE_REQUIRED")

    async with db.read_session() as session:
        audited = (
            await session.scalars(select(AuditEntry).where(AuditEntry.action == "member.password_reset"))
        ).all()
    assert [row.target for row in audited] == ["player2"]
    assert password not in str(audited[0].detail)
