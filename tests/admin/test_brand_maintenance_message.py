"""The maintenance page can carry the operator's own words: stored with the switch, shown in the console's
brand settings, sent with the portal's status only while the merchant is in maintenance, audited with what
it replaced, and refused when it is no plain text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.admin.models import AuditEntry
from server.brands.schemas import StatusOut
from server.db.session import Database
from server.http.core.envelope import Envelope
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

MAINTENANCE = "/wps/admin/merchant/maintenance"
# Markup stays text: the page renders it as the operator typed it.
WORDS = "Back at 10:00 UTC.\n<b>Thank you</b> for waiting & see you soon"


async def status(client: httpx.AsyncClient, merchant: str = "demo") -> dict[str, Any]:
    answer = await client.get("/wps/system/status", headers={"Merchant": merchant})
    Envelope[StatusOut].model_validate_json(answer.content, strict=False)
    return ok(answer)  # type: ignore[no-any-return]


async def test_the_message_goes_with_maintenance(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    assert (await status(client))["maintenanceMessage"] is None
    changed = ok(await client.put(MAINTENANCE, json={"on": True, "message": f"  {WORDS}\r\n"}, headers=admin))
    assert changed["message"] == WORDS  # trimmed, line breaks as \n
    assert ok(await client.get("/wps/admin/brand", headers=admin))["maintenanceMessage"] == WORDS
    portal = await status(client)
    assert (portal["status"], portal["maintenanceMessage"]) == (1, WORDS)
    assert (await status(client, "demo2"))["maintenanceMessage"] is None

    # Off without words: the maintenance and its message end together.
    ok(await client.put(MAINTENANCE, json={"on": False}, headers=admin))
    assert ok(await client.get("/wps/admin/brand", headers=admin))["maintenanceMessage"] is None
    assert (await status(client))["maintenanceMessage"] is None

    async with db.session() as session:
        entries = (
            await session.scalars(
                select(AuditEntry).where(AuditEntry.action == "merchant.maintenance").order_by(AuditEntry.id)
            )
        ).all()
    assert [(e.detail["on"], e.detail["message"]) for e in entries] == [(True, WORDS), (False, None)]
    assert entries[0].detail["before"] == {"on": False, "start": None, "end": None, "message": None}
    assert entries[1].detail["before"]["message"] == WORDS


async def test_a_scheduled_window_keeps_its_words_until_it_opens(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    start = datetime.now(UTC) + timedelta(hours=1)
    body = {
        "on": False,
        "start": start.isoformat(),
        "end": (start + timedelta(hours=2)).isoformat(),
        "message": "Upgrade tonight",
    }
    ok(await client.put(MAINTENANCE, json=body, headers=admin))
    settings = ok(await client.get("/wps/admin/brand", headers=admin))
    assert (settings["maintenance"], settings["maintenanceMessage"]) == (False, "Upgrade tonight")
    assert settings["maintenanceStart"] is not None
    portal = await status(client)
    assert (portal["status"], portal["maintenanceMessage"]) == (0, None)
    # A window that has opened shows them.
    opened = {**body, "start": (datetime.now(UTC) - timedelta(minutes=1)).isoformat()}
    ok(await client.put(MAINTENANCE, json=opened, headers=admin))
    portal = await status(client)
    assert (portal["status"], portal["maintenanceMessage"]) == (1, "Upgrade tonight")
    ok(await client.put(MAINTENANCE, json={"on": False, "message": "   "}, headers=admin))
    assert ok(await client.get("/wps/admin/brand", headers=admin))["maintenanceMessage"] is None


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ("x" * 501, "message"),
        ("ring \x07 the bell", "message"),
        ("escape \x1b[31m red", "message"),
        ("null \x00 byte", None),  # refused at the edge, before any route (input_guard)
        (123, "message"),
        (["a list"], "message"),
    ],
)
async def test_a_message_that_is_no_plain_text_is_refused(
    client: httpx.AsyncClient, db: Database, message: object, field: str | None
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    value = failed(
        await client.put(MAINTENANCE, json={"on": True, "message": message}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    assert [f["field"] for f in value["fields"]] == [field]
    settings = ok(await client.get("/wps/admin/brand", headers=admin))
    assert (settings["maintenance"], settings["maintenanceMessage"]) == (False, None)


async def test_the_longest_message_fits(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    words = "維" * 500  # characters, not bytes
    ok(await client.put(MAINTENANCE, json={"on": True, "message": words}, headers=admin))
    assert (await status(client))["maintenanceMessage"] == words
    ok(await client.put(MAINTENANCE, json={"on": False}, headers=admin))


@pytest.mark.parametrize("who", ["finance1", "auditor1", "support1"])
async def test_only_brand_writers_set_the_message(client: httpx.AsyncClient, db: Database, who: str) -> None:
    headers = as_(await token_for(db, "demo", who, staff=True))
    failed(
        await client.put(MAINTENANCE, json={"on": True, "message": "hi"}, headers=headers), 403, "FORBIDDEN"
    )
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    assert ok(await client.get("/wps/admin/brand", headers=admin))["maintenanceMessage"] is None
