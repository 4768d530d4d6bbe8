"""An operator switches maintenance over HTTP: status changes, open pages are told, the act is audited."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.db import after_commit
from server.db.session import Database
from tests.support.accounts import token_for

pytestmark = pytest.mark.usefixtures("demo")

Sent = list[tuple[str, str | None, Any]]


async def test_operator_switches_maintenance(client: httpx.AsyncClient, db: Database, emitted: Sent) -> None:
    token = await token_for(db, "demo", "admin1", staff=True)
    headers = {"Merchant": "demo", "Authorization": token}
    answer = await client.put("/wps/admin/merchant/maintenance", json={"on": True}, headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.json()["value"]["announced"] is True
    await after_commit.drain()
    assert emitted == [("system:status", "merchant:demo", {"status": 1})]

    status = await client.get("/wps/system/status", headers={"Merchant": "demo"})
    assert status.json()["value"]["status"] == 1
    # The operator can still end it: back-office calls are not behind the maintenance gate.
    answer = await client.put("/wps/admin/merchant/maintenance", json={"on": False}, headers=headers)
    assert answer.status_code == 200
    await after_commit.drain()
    assert emitted[-1] == ("system:status", "merchant:demo", {"status": 0})

    async with db.session() as session:
        actions = (await session.scalars(select(AuditEntry).order_by(AuditEntry.id))).all()
    assert [(a.action, a.target, a.detail["on"]) for a in actions] == [
        ("merchant.maintenance", "demo", True),
        ("merchant.maintenance", "demo", False),
    ]
    assert actions[0].staff_id is not None
    assert actions[0].ip == "127.0.0.1"


async def test_a_scheduled_window_is_not_announced_before_it_opens(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    token = await token_for(db, "demo", "admin1", staff=True)
    start = datetime.now(UTC) + timedelta(hours=1)
    body = {"on": False, "start": start.isoformat(), "end": (start + timedelta(hours=2)).isoformat()}
    answer = await client.put(
        "/wps/admin/merchant/maintenance", json=body, headers={"Merchant": "demo", "Authorization": token}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["value"]["announced"] is False
    await after_commit.drain()
    assert emitted == []


@pytest.mark.parametrize(
    ("who", "staff", "status", "code"),
    [
        (None, False, 401, "UNAUTHORIZED"),
        ("player1", False, 401, "UNAUTHORIZED"),  # a member's login is no staff login
        ("support1", True, 403, "FORBIDDEN"),
        ("finance1", True, 403, "FORBIDDEN"),
        ("auditor1", True, 403, "FORBIDDEN"),
    ],
)
async def test_only_operators(
    client: httpx.AsyncClient, db: Database, who: str | None, staff: bool, status: int, code: str
) -> None:
    headers = {"Merchant": "demo"}
    if who:
        headers["Authorization"] = await token_for(db, "demo", who, staff=staff)
    answer = await client.put("/wps/admin/merchant/maintenance", json={"on": True}, headers=headers)
    assert answer.status_code == status
    assert answer.json()["errorCode"] == code


async def test_a_token_of_another_merchant_is_refused(client: httpx.AsyncClient, db: Database) -> None:
    token = await token_for(db, "demo", "admin1", staff=True)
    answer = await client.put(
        "/wps/admin/merchant/maintenance",
        json={"on": True},
        headers={"Merchant": "demo2", "Authorization": token},
    )
    assert answer.status_code == 403
    assert answer.json()["errorCode"] == "FORBIDDEN"


@pytest.mark.parametrize(
    "body",
    [
        {"on": True, "start": "2026-01-01T10:00:00"},  # no time zone
        {"on": False, "start": "2026-01-01T10:00:00Z", "end": "2026-01-01T09:00:00Z"},
        {"on": False, "end": "2026-01-01T09:00:00Z"},
        {"on": "maybe"},
        {},
    ],
)
async def test_bad_input_is_a_validation_error(
    client: httpx.AsyncClient, db: Database, body: dict[str, Any]
) -> None:
    token = await token_for(db, "demo", "admin1", staff=True)
    answer = await client.put(
        "/wps/admin/merchant/maintenance", json=body, headers={"Merchant": "demo", "Authorization": token}
    )
    assert answer.status_code == 422
    assert answer.json()["errorCode"] == "VALIDATION_ERROR"
