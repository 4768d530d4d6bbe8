"""The /join application: visitors and members apply (three an hour from one address), nothing stored when
refused; the feedback desk lists them and moves them along, every change audited."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.applications.models import Application
from server.db.session import Database
from tests.content.feedback.support import member, staff
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

APPLY = "/wps/join/apply"
DESK = "/wps/admin/applications"
VISITOR = {"Merchant": "demo"}
Emitted = list[tuple[str, str | None, Any]]


def form(**fields: Any) -> dict[str, Any]:
    body = {
        "kind": "AFFILIATE",
        "name": "Maria  Santos",
        "contactType": "EMAIL",
        "contact": "maria@example.com",
        "message": "  I run a football blog.  ",
    }
    body.update(fields)
    return body


async def count(db: Database) -> int:
    async with db.read_session() as session:
        return int(await session.scalar(select(func.count()).select_from(Application)) or 0)


async def test_a_visitor_and_a_member_apply_and_the_desk_sees_both(
    client_at: Callable[[str], httpx.AsyncClient], db: Database, emitted: Emitted
) -> None:
    async with client_at("203.0.113.7") as visitor, client_at("203.0.113.8") as signed_in:
        first = ok(await visitor.post(APPLY, json=form(), headers=VISITOR))
        body = form(kind="AGENT", contactType="TELEGRAM", contact="@player_one", message="")
        second = ok(await signed_in.post(APPLY, json=body, headers=await member(db)))
        assert ("console:application", "console:demo:feedback", {"id": first["id"]}) in emitted

        support = await staff(db, "support1")
        page = ok(await visitor.get(DESK, headers=support))
    assert (page["pageNum"], page["totalPages"], page["total"]) == (1, 1, 2)
    newest, oldest = page["list"]
    assert (newest["id"], newest["kind"], newest["username"], newest["ip"]) == (
        second["id"],
        "AGENT",
        "player1",
        "203.0.113.8",
    )
    assert newest["memberId"] is not None
    assert (oldest["name"], oldest["message"], oldest["memberId"], oldest["username"]) == (
        "Maria Santos",
        "I run a football blog.",
        None,
        None,
    )
    assert (oldest["status"], oldest["handledBy"], oldest["handledAt"]) == ("NEW", None, None)
    assert isinstance(oldest["createdAt"], int)


BAD_FORMS: list[Any] = [
    pytest.param({"kind": "PARTNER"}, id="kind"),
    pytest.param({"name": ""}, id="no-name"),
    pytest.param({"name": "   "}, id="blank-name"),
    pytest.param({"name": "n" * 61}, id="long-name"),
    pytest.param({"contactType": "FAX"}, id="contact-type"),
    pytest.param({"contact": "c" * 121}, id="long-contact"),
    pytest.param({"contactType": "EMAIL", "contact": "not-an-address"}, id="email"),
    pytest.param({"contactType": "MOBILE", "contact": "call me"}, id="mobile"),
    pytest.param({"message": "m" * 1001}, id="long-message"),
]


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize("change", BAD_FORMS)
async def test_a_bad_form_is_refused_and_stores_nothing(
    client: httpx.AsyncClient, db: Database, change: dict[str, Any]
) -> None:
    failed(await client.post(APPLY, json=form(**change), headers=VISITOR), 422, "VALIDATION_ERROR")
    assert await count(db) == 0


async def test_three_an_hour_from_one_address(
    client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    async with client_at("198.51.100.1") as one, client_at("198.51.100.2") as other:
        for n in range(3):
            ok(await one.post(APPLY, json=form(name=f"Applicant {n}"), headers=VISITOR))
        failed(await one.post(APPLY, json=form(), headers=VISITOR), 429, "TOO_MANY_REQUEST")
        # Signing in does not lift an address's limit; another address has its own.
        failed(await one.post(APPLY, json=form(), headers=await member(db)), 429, "TOO_MANY_REQUEST")
        ok(await other.post(APPLY, json=form(), headers=VISITOR))
    assert await count(db) == 4


async def test_the_desk_moves_an_application_along_audited(
    client: httpx.AsyncClient, db: Database, emitted: Emitted
) -> None:
    applied = ok(await client.post(APPLY, json=form(), headers=VISITOR))
    url = f"{DESK}/{applied['id']}/status"
    support = await staff(db, "support1")
    failed(
        await client.post(url, json={"status": "CONTACTED"}, headers=await staff(db, "auditor1")),
        403,
        "FORBIDDEN",
    )
    failed(
        await client.post(url, json={"status": "CONTACTED"}, headers=await staff(db, "finance1")),
        403,
        "FORBIDDEN",
    )
    failed(await client.get(DESK, headers=await staff(db, "finance1")), 403, "FORBIDDEN")
    elsewhere = await staff(db, "admin1", "demo2")
    failed(
        await client.post(url, json={"status": "CONTACTED"}, headers=elsewhere), 404, "APPLICATION_NOT_FOUND"
    )
    assert ok(await client.get(DESK, headers=elsewhere))["list"] == []
    failed(await client.post(url, json={"status": "DONE"}, headers=support), 422, "VALIDATION_ERROR")

    contacted = ok(await client.post(url, json={"status": "CONTACTED"}, headers=support))
    assert (contacted["status"], contacted["handledBy"]) == ("CONTACTED", "support1")
    assert isinstance(contacted["handledAt"], int)
    # The same status again changes nothing and audits nothing.
    assert ok(await client.post(url, json={"status": "CONTACTED"}, headers=support))["status"] == "CONTACTED"
    closed = ok(await client.post(url, json={"status": "CLOSED"}, headers=await staff(db, "admin1")))
    assert (closed["status"], closed["handledBy"]) == ("CLOSED", "admin1")
    assert ok(await client.get(DESK, params={"status": "NEW"}, headers=support))["total"] == 0
    assert [
        a["id"] for a in ok(await client.get(DESK, params={"status": "CLOSED"}, headers=support))["list"]
    ] == [applied["id"]]
    failed(await client.post(f"{DESK}/999999/status", json={"status": "CLOSED"}, headers=support), 404,
           "APPLICATION_NOT_FOUND")  # fmt: skip
    async with db.read_session() as session:
        trail = list(
            await session.scalars(
                select(AuditEntry).where(AuditEntry.action == "application.status").order_by(AuditEntry.id)
            )
        )
    assert [(e.detail["from"], e.detail["to"]) for e in trail] == [
        ("NEW", "CONTACTED"),
        ("CONTACTED", "CLOSED"),
    ]
    assert {e.target for e in trail} == {f"application:{applied['id']}"}
    assert (
        "console:application",
        "console:demo:feedback",
        {"id": applied["id"], "status": "CLOSED"},
    ) in emitted
