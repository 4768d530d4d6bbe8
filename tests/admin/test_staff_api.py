"""An operator runs the merchant's staff accounts: opens them, changes roles, disables and enables them;
each change takes effect on the next call, is audited, and never leaves the merchant without an operator."""

from __future__ import annotations

import httpx
import pytest

from server.db.session import Database
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


def as_(token: str, merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": token}


async def staff_login(client: httpx.AsyncClient, username: str, password: str) -> httpx.Response:
    return await client.post(
        "/wps/admin/session/login",
        json={"username": username, "password": password},
        headers={"Merchant": "demo"},
    )


async def test_an_operator_opens_re_roles_disables_and_enables_an_account(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    body = {"username": "Cashier7", "password": "correct horse 7", "role": "AUDITOR", "nickname": "Seven"}
    opened = ok(await client.post("/wps/admin/staff", json=body, headers=admin))
    assert (opened["username"], opened["role"], opened["disabled"]) == ("cashier7", "AUDITOR", False)
    failed(await client.post("/wps/admin/staff", json=body, headers=admin), 409, "USERNAME_TAKEN")

    seven = as_(ok(await staff_login(client, "cashier7", "correct horse 7"))["token"])
    ok(await client.get("/wps/admin/withdrawals", headers=seven))
    failed(await client.post("/wps/admin/staff", json=body, headers=seven), 403, "FORBIDDEN")

    ok(await client.put(f"/wps/admin/staff/{opened['id']}/role", json={"role": "SUPPORT"}, headers=admin))
    failed(await client.get("/wps/admin/withdrawals", headers=seven), 403, "FORBIDDEN")

    ok(await client.put(f"/wps/admin/staff/{opened['id']}/status", json={"disabled": True}, headers=admin))
    failed(await client.get("/wps/admin/withdrawals", headers=seven), 401, "UNAUTHORIZED")
    failed(await staff_login(client, "cashier7", "correct horse 7"), 403, "ACCOUNT_DISABLED")
    ok(await client.put(f"/wps/admin/staff/{opened['id']}/status", json={"disabled": False}, headers=admin))
    ok(await staff_login(client, "cashier7", "correct horse 7"))

    auditor = as_(await token_for(db, "demo", "auditor1", staff=True))
    listed = ok(await client.get("/wps/admin/staff", headers=auditor))
    assert {s["username"] for s in listed} >= {"admin1", "finance1", "support1", "auditor1", "cashier7"}
    trail = ok(await client.get("/wps/admin/audit", params={"action": "staff."}, headers=auditor))
    assert [(e["action"], e["target"], e["staff"]) for e in trail] == [
        ("staff.enable", "cashier7", "admin1"),
        ("staff.disable", "cashier7", "admin1"),
        ("staff.role", "cashier7", "admin1"),
        ("staff.create", "cashier7", "admin1"),
    ]
    assert trail[2]["detail"] == {"from": "AUDITOR", "to": "SUPPORT"}
    older = ok(
        await client.get(
            "/wps/admin/audit",
            params={"action": "staff.", "beforeId": trail[1]["id"], "limit": 1},
            headers=auditor,
        )
    )
    assert [e["action"] for e in older] == ["staff.role"]
    # A period with or without a zone (no zone is UTC); a date that is no date is refused, never a 500.
    for since in ("2020-01-01T00:00:00", "2020-01-01T00:00:00+08:00"):
        window = {"action": "staff.", "from": since, "to": "2099-01-01T00:00:00Z"}
        assert len(ok(await client.get("/wps/admin/audit", params=window, headers=auditor))) == 4
    failed(
        await client.get("/wps/admin/audit", params={"from": "yesterday"}, headers=auditor),
        422,
        "VALIDATION_ERROR",
    )
    # The other brand's operator sees none of it, and cannot touch this brand's accounts.
    other = as_(await token_for(db, "demo2", "admin1", staff=True), "demo2")
    assert ok(await client.get("/wps/admin/audit", params={"action": "staff."}, headers=other)) == []
    assert "cashier7" not in {s["username"] for s in ok(await client.get("/wps/admin/staff", headers=other))}
    failed(
        await client.put(f"/wps/admin/staff/{opened['id']}/status", json={"disabled": True}, headers=other),
        404,
        "NOT_FOUND",
    )


@pytest.mark.parametrize(
    "body",
    [
        {"username": "ab", "password": "long enough 1", "role": "SUPPORT"},
        {"username": "new_one", "password": "short", "role": "SUPPORT"},
        {"username": "new_one", "password": "long enough 1", "role": "ROOT"},
        {"username": "new one", "password": "long enough 1", "role": "SUPPORT"},
        {"username": "new_one", "password": "long enough 1"},
    ],
)
async def test_a_bad_account_is_refused_field_by_field(
    client: httpx.AsyncClient, db: Database, body: dict[str, str]
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    failed(await client.post("/wps/admin/staff", json=body, headers=admin), 422, "VALIDATION_ERROR")


async def test_the_last_operator_cannot_demote_or_disable_itself(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    me = next(s for s in ok(await client.get("/wps/admin/staff", headers=admin)) if s["username"] == "admin1")
    failed(
        await client.put(f"/wps/admin/staff/{me['id']}/role", json={"role": "AUDITOR"}, headers=admin),
        409,
        "LAST_OPERATOR",
    )
    failed(
        await client.put(f"/wps/admin/staff/{me['id']}/status", json={"disabled": True}, headers=admin),
        409,
        "LAST_OPERATOR",
    )
    ok(await client.get("/wps/admin/staff", headers=admin))  # still an operator, still logged in
