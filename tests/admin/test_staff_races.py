"""Two operators disabling each other at once, on Postgres with real concurrent transactions: one wins,
and the merchant keeps exactly one active operator."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from sqlalchemy import select

from server.accounts import passwords
from server.accounts.models import Member, Staff
from server.db.session import Database
from tests.admin.test_staff_api import as_, staff_login
from tests.support.accounts import current_code, token_for
from tests.support.portal import ok

pytestmark = pytest.mark.slow


async def test_two_operators_disabling_each_other_at_once_leave_one(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    body = {"username": "admin2", "password": "correct horse 2", "role": "OPERATOR"}
    second = ok(await client.post("/wps/admin/staff", json=body, headers=admin))
    first = next(
        s for s in ok(await client.get("/wps/admin/staff", headers=admin)) if s["username"] == "admin1"
    )
    other = as_(ok(await staff_login(client, "admin2", "correct horse 2"))["token"])
    for _ in range(5):
        answers = await asyncio.gather(
            client.put(f"/wps/admin/staff/{second['id']}/status", json={"disabled": True}, headers=admin),
            client.put(f"/wps/admin/staff/{first['id']}/status", json={"disabled": True}, headers=other),
        )
        # The loser was disabled before it was let in (401) or while it waited for the lock (403).
        assert sorted(a.status_code for a in answers) in ([200, 401], [200, 403]), [a.text for a in answers]
        async with db.read_session() as session:
            active = list(
                await session.scalars(
                    select(Staff.username).where(
                        Staff.id.in_([first["id"], second["id"]]),
                        Staff.role == "OPERATOR",
                        Staff.disabled_at.is_(None),
                    )
                )
            )
        assert len(active) == 1, active
        # Both back for the next round, through the one left.
        if active == ["admin1"]:
            ok(
                await client.put(
                    f"/wps/admin/staff/{second['id']}/status", json={"disabled": False}, headers=admin
                )
            )
            other = as_(ok(await staff_login(client, "admin2", "correct horse 2"))["token"])
        else:
            ok(
                await client.put(
                    f"/wps/admin/staff/{first['id']}/status", json={"disabled": False}, headers=other
                )
            )
            admin = as_(ok(await staff_login(client, "admin1", "Demo1234"))["token"])


async def test_one_code_opens_one_login_however_many_race_with_it(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    await token_for(db, "demo", "admin1", staff=True)  # enrolled with TEST_OTP_SECRET
    body = {"username": "admin1", "password": "Demo1234", "otp": current_code()}
    answers = await asyncio.gather(
        *(client.post("/wps/admin/session/login", json=body, headers={"Merchant": "demo"}) for _ in range(6))
    )
    # One login; the others fail on the spent code, or, once a failure counts, on the captcha it calls for.
    assert [a.status_code for a in answers].count(200) == 1, [a.text for a in answers]
    refused = {a.json()["errorCode"] for a in answers if a.status_code != 200}
    assert refused <= {"INVALID_CREDENTIALS", "CAPTCHA_REQUIRED"}
    assert "INVALID_CREDENTIALS" in refused


async def test_a_member_locked_by_many_at_once_is_locked_and_audited_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    found = ok(await client.get("/wps/admin/members", params={"q": "player3"}, headers=admin))
    member_id = found[0]["id"]
    # A login each: requests of one session would wait for each other on its row, and never race.
    logins = [as_(await token_for(db, "demo", "admin1", staff=True)) for _ in range(8)]
    answers = await asyncio.gather(
        *(
            client.put(f"/wps/admin/members/{member_id}/status", json={"locked": True}, headers=login)
            for login in logins
        )
    )
    assert {a.json()["value"]["status"] for a in answers} == {"LOCKED"}, [a.text for a in answers]
    trail = ok(await client.get("/wps/admin/audit", params={"target": "player3"}, headers=admin))
    assert [e["action"] for e in trail] == ["member.lock"]


async def test_resets_at_once_leave_one_password_and_audit_each(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    member_id = ok(await client.get("/wps/admin/members", params={"q": "player2"}, headers=admin))[0]["id"]
    url = f"/wps/admin/members/{member_id}/password/reset"
    logins = [as_(await token_for(db, "demo", "admin1", staff=True)) for _ in range(4)]
    given = [
        ok(a)["temporaryPassword"]
        for a in await asyncio.gather(*(client.post(url, headers=login) for login in logins))
    ]
    async with db.read_session() as session:
        stored = await session.scalar(select(Member.password_hash).where(Member.id == member_id))
    assert stored is not None
    assert [await passwords.verify_password_async(stored, p) for p in given].count(True) == 1
    trail = ok(await client.get("/wps/admin/audit", params={"target": "player2"}, headers=admin))
    assert [e["action"] for e in trail] == ["member.password_reset"] * 4


async def test_one_customer_service_entry_of_a_type_however_many_add_at_once(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    service = "/wps/admin/brand/customer-service"
    entries = ok(await client.get("/wps/admin/brand", headers=admin))["customerService"]
    vip = next(e for e in entries if e["csType"] == "VIP")
    ok(await client.delete(f"{service}/{vip['id']}", headers=admin))
    # A login each: requests of one session would wait for each other on its row, and never race.
    logins = [as_(await token_for(db, "demo", "admin1", staff=True)) for _ in range(6)]
    answers = await asyncio.gather(
        *(
            client.post(service, json={"csType": "VIP", "path": f"/vip-{n}"}, headers=login)
            for n, login in enumerate(logins)
        )
    )
    assert sorted(a.status_code for a in answers) == [200] + [409] * 5, [a.text for a in answers]
    shown = ok(await client.get("/wps/admin/brand", headers=admin))["customerService"]
    assert [e["csType"] for e in shown].count("VIP") == 1
