"""The console's rains: create and change (validation errors name the field; each write audited), the daily
sessions drawn again after a change, a one-off session now, the history with a closed session's seed, and a
session's grabs with usernames unmasked; read-only staff may read, not write; another merchant's rain 404."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.db.base import utcnow
from server.db.session import Database
from server.minigames.rain.models import RainSession
from tests.minigames.rain_support import end_session, ledger_is_clean, member, staff
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")
ADMIN = "/wps/admin/minigames"


def body(**extra: Any) -> dict[str, Any]:
    return {
        "name": {"EN": "Lunch rain", "CN": "午间红包雨"},
        "enabled": True,
        "dailyAt": "12:30",
        "durationSeconds": 30,
        "budget": "50.00",
        "envelopes": 100,
        "minAmount": "0.05",
        "wagerMultiple": 2,
        "limitMode": "VIP",
        "flatLimit": 1,
        "vipLimits": {"0": 2, "3": 4},
        **extra,
    }


async def actions(db: Database) -> list[tuple[str, str | None]]:
    async with db.read_session() as session:
        rows = await session.execute(
            select(AuditEntry.action, AuditEntry.target)
            .where(AuditEntry.action.like("minigames.rain%"))
            .order_by(AuditEntry.id)
        )
        return [(str(a), t) for a, t in rows]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"name": {"CN": "只有中文"}}, "name.EN"),
        ({"budget": "4.99"}, "budget"),
        ({"budget": "1e3"}, "budget"),
        ({"minAmount": "0"}, "minAmount"),
        ({"vipLimits": {}}, "vipLimits"),
        ({"vipLimits": {"x": 1}}, "vipLimits.x"),
        ({"vipLimits": {"11": 1}}, "vipLimits.11"),
    ],
)
@pytest.mark.refused_input
async def test_validation(client: httpx.AsyncClient, db: Database, extra: dict[str, Any], field: str) -> None:
    refused = failed(
        await client.post(f"{ADMIN}/rains", json=body(**extra), headers=await staff(db)),
        422,
        "VALIDATION_ERROR",
    )
    assert refused["fields"][0]["field"] == field
    assert await actions(db) == []


@pytest.mark.parametrize(
    "extra", [{"dailyAt": "24:00"}, {"durationSeconds": 5}, {"envelopes": 10_001}, {"wagerMultiple": 51}]
)
@pytest.mark.refused_input
async def test_validation_by_the_schema(
    client: httpx.AsyncClient, db: Database, extra: dict[str, Any]
) -> None:
    failed(
        await client.post(f"{ADMIN}/rains", json=body(**extra), headers=await staff(db)),
        422,
        "VALIDATION_ERROR",
    )


async def test_create_change_and_audit(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    made = ok(await client.post(f"{ADMIN}/rains", json=body(), headers=admin))
    assert {k: v for k, v in made.items() if k != "id"} == {
        **body(),
        "name": {"EN": "Lunch rain", "CN": "午间红包雨"},
    }
    listed = ok(await client.get(f"{ADMIN}/rains", headers=admin))["list"]
    assert [r["name"]["EN"] for r in listed] == ["Red-envelope rain", "Lunch rain"]
    first = ok(await client.get(f"{ADMIN}/rains/{made['id']}/sessions", headers=admin))
    assert first["total"] == 1
    assert first["list"][0]["state"] == "SCHEDULED"
    assert first["list"][0]["seed"] is None
    assert first["list"][0]["budget"] == "50.00"
    assert first["list"][0]["left"] == 100

    changed = ok(await client.put(f"{ADMIN}/rains/{made['id']}", json=body(budget="80.00"), headers=admin))
    assert changed["budget"] == "80.00"
    again = ok(await client.get(f"{ADMIN}/rains/{made['id']}/sessions", headers=admin))
    assert again["total"] == 1
    assert again["list"][0]["budget"] == "80.00"
    assert again["list"][0]["seedHash"] != first["list"][0]["seedHash"]
    ok(await client.put(f"{ADMIN}/rains/{made['id']}", json=body(enabled=False), headers=admin))
    assert ok(await client.get(f"{ADMIN}/rains/{made['id']}/sessions", headers=admin))["total"] == 0
    rain = f"rain:{made['id']}"
    assert await actions(db) == [
        ("minigames.rain_create", rain),
        ("minigames.rain_update", rain),
        ("minigames.rain_update", rain),
    ]
    failed(
        await client.put(
            f"{ADMIN}/rains/{made['id']}", json=body(), headers=await staff(db, "admin1", "demo2")
        ),
        404,
        "NOT_FOUND",
    )


async def test_one_off_session_history_and_grabs(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    made = ok(await client.post(f"{ADMIN}/rains", json=body(enabled=False, wagerMultiple=0), headers=admin))
    now_ms = int(utcnow().timestamp() * 1000)
    failed(
        await client.post(
            f"{ADMIN}/rains/{made['id']}/sessions", json={"startsAt": now_ms - 3_600_000}, headers=admin
        ),
        422,
        "VALIDATION_ERROR",
    )
    one = ok(
        await client.post(
            f"{ADMIN}/rains/{made['id']}/sessions", json={"startsAt": now_ms - 1000}, headers=admin
        )
    )
    assert one["state"] == "OPEN"
    assert one["envelopes"] == 100
    assert one["paid"] == "0.00"
    got = ok(
        await client.post(
            f"/wps/minigames/rains/{one['id']}/grab", json={}, headers=await member(db, "player1")
        )
    )
    live = ok(await client.get(f"{ADMIN}/sessions/{one['id']}", headers=admin))
    assert (live["grabbed"], live["left"], live["paid"]) == (1, 99, got["amount"])
    assert live["grabs"][0]["account"] == "player1"
    assert live["seed"] is None
    await end_session(db, one["id"])
    history = ok(await client.get(f"{ADMIN}/rains/{made['id']}/sessions?page=1&pageSize=5", headers=admin))
    assert history["list"][0]["state"] == "CLOSED"
    assert history["list"][0]["seed"] is not None
    async with db.read_session() as session:
        row = await session.get(RainSession, one["id"])
    assert row is not None
    assert history["list"][0]["seed"] == row.seed
    assert (await actions(db))[-1] == ("minigames.rain_session_create", f"rain_session:{one['id']}")
    failed(
        await client.get(f"{ADMIN}/sessions/{one['id']}", headers=await staff(db, "admin1", "demo2")),
        404,
        "NOT_FOUND",
    )
    await ledger_is_clean(db)


async def test_auditors_read_and_cannot_write(client: httpx.AsyncClient, db: Database) -> None:
    auditor = await staff(db, "auditor1")
    assert ok(await client.get(f"{ADMIN}/rains", headers=auditor))["list"][0]["dailyAt"] == "20:00"
    failed(await client.post(f"{ADMIN}/rains", json=body(), headers=auditor), 403, "FORBIDDEN")
    failed(await client.get(f"{ADMIN}/rains", headers=await member(db, "player1")), 401, "UNAUTHORIZED")
