"""An operator edits the site's resources (links, app downloads, QR codes) and its customer-service entries
from the console: the portal shows the change at once (the tests' brand cache holds nothing), each change is
audited with what it replaced, a link is an https address or a path on the site and nothing else, and one
merchant's staff never reach another's entries."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from server.admin.models import AuditEntry
from server.brands.models import MerchantResource
from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

RESOURCES = "/wps/admin/brand/resources"
SERVICE = "/wps/admin/brand/customer-service"
IOS = {"resourceType": "IOS", "url": "/down#ios-beta", "qrCodeUrl": "https://cdn.example.com/qr/ios.png"}


async def operator(db: Database, merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, "admin1", staff=True), merchant)


async def portal(client: httpx.AsyncClient, merchant: str = "demo") -> dict[str, Any]:
    info: dict[str, Any] = ok(await client.get("/wps/system/status", headers={"Merchant": merchant}))["info"]
    return info


async def trail(db: Database, prefix: str) -> list[AuditEntry]:
    async with db.session() as session:
        found = await session.scalars(
            select(AuditEntry).where(AuditEntry.action.startswith(prefix)).order_by(AuditEntry.id)
        )
        return list(found.all())


async def test_a_resource_is_added_changed_and_removed(client: httpx.AsyncClient, db: Database) -> None:
    admin = await operator(db)
    added = ok(await client.post(RESOURCES, json={**IOS, "label": "  iOS beta "}, headers=admin))
    assert added == {**IOS, "id": added["id"], "label": "iOS beta"}
    listed = ok(await client.get("/wps/admin/brand", headers=admin))["resources"]
    assert listed[-1] == added  # after the seeded ones
    shown = [r for r in (await portal(client))["resources"] if r["url"] == "/down#ios-beta"]
    assert shown == [{**IOS, "labelNameEn": "iOS beta", "labelNameCn": None, "demo": False}]
    routers = ok(await client.get("/wps/system/routers", headers={"Merchant": "demo"}))["resources"]
    assert "/down#ios-beta" in [r["url"] for r in routers]
    assert all(r["url"] != "/down#ios-beta" for r in (await portal(client, "demo2"))["resources"])

    # A change keeps the Chinese label, which the console does not edit.
    async with db.session() as session:
        await session.execute(
            update(MerchantResource).where(MerchantResource.id == added["id"]).values(label_name_cn="苹果")
        )
    change = {"resourceType": "MOBILECONFIG", "url": "https://apps.example.com/lite", "label": "Lite"}
    changed = ok(await client.put(f"{RESOURCES}/{added['id']}", json=change, headers=admin))
    assert changed == {**change, "id": added["id"], "qrCodeUrl": None}
    shown = [r for r in (await portal(client))["resources"] if r["url"] == change["url"]]
    assert shown == [
        {
            "resourceType": "MOBILECONFIG",
            "url": change["url"],
            "qrCodeUrl": None,
            "labelNameEn": "Lite",
            "labelNameCn": "苹果",
            "demo": True,  # example.com is a name reserved for examples: the portal marks it a demo link
        }
    ]

    ok(await client.delete(f"{RESOURCES}/{added['id']}", headers=admin))
    assert all(
        r["id"] != added["id"] for r in ok(await client.get("/wps/admin/brand", headers=admin))["resources"]
    )
    assert all(r["url"] != change["url"] for r in (await portal(client))["resources"])
    failed(await client.delete(f"{RESOURCES}/{added['id']}", headers=admin), 404, "NOT_FOUND")

    entries = await trail(db, "brand.resource.")
    assert [(e.action, e.target) for e in entries] == [
        ("brand.resource.add", "IOS"),
        ("brand.resource.change", "MOBILECONFIG"),
        ("brand.resource.remove", "MOBILECONFIG"),
    ]
    assert entries[0].detail == {**IOS, "id": added["id"], "label": "iOS beta"}
    assert entries[1].detail == {
        "before": {**IOS, "id": added["id"], "label": "iOS beta"},
        "after": {**change, "id": added["id"], "qrCodeUrl": None},
    }
    assert entries[2].detail == {**change, "id": added["id"], "qrCodeUrl": None}
    assert all(e.staff_id is not None and e.ip == "127.0.0.1" for e in entries)


async def test_the_email_resource_may_be_a_mail_address(client: httpx.AsyncClient, db: Database) -> None:
    admin = await operator(db)
    email = ok(await client.get("/wps/admin/brand", headers=admin))["resources"]
    seeded = next(r for r in email if r["resourceType"] == "EMAIL")
    body = {"resourceType": "EMAIL", "url": "mailto:help@demo.test", "label": "help@demo.test"}
    ok(await client.put(f"{RESOURCES}/{seeded['id']}", json=body, headers=admin))
    assert "mailto:help@demo.test" in [r["url"] for r in (await portal(client))["resources"]]
    # Only the EMAIL resource: a download is a page or a file, never a mail address.
    value = failed(
        await client.put(f"{RESOURCES}/{seeded['id']}", json={**body, "resourceType": "IOS"}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    assert [f["field"] for f in value["fields"]] == ["url"]


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"url": "javascript:alert(1)"}, "url"),
        ({"url": "JAVASCRIPT:alert(1)"}, "url"),
        ({"url": "data:text/html,<script>alert(1)</script>"}, "url"),
        ({"url": "http://example.com/app"}, "url"),  # https only
        ({"url": "//evil.example/app"}, "url"),  # another site, in a browser's reading
        ({"url": "/\\evil.example"}, "url"),
        ({"url": "https://"}, "url"),
        ({"url": "https://user@evil.example/"}, "url"),
        ({"url": "down/ios"}, "url"),
        ({"url": "/a path with spaces"}, "url"),
        ({"url": "/" + "a" * 500}, "url"),
        ({"url": ""}, "url"),
        ({"url": "mailto:someone@example.com"}, "url"),  # IOS is no mail address
        ({"qrCodeUrl": "data:image/png;base64,AAAA"}, "qrCodeUrl"),
        ({"qrCodeUrl": "javascript:void(0)"}, "qrCodeUrl"),
        ({"label": "x" * 65}, "label"),
        ({"label": "two\nlines"}, "label"),
        ({"resourceType": "TIKTOK"}, "resourceType"),
        ({"resourceType": None}, "resourceType"),
        ({"url": 42}, "url"),
    ],
)
async def test_a_bad_resource_is_refused(
    client: httpx.AsyncClient, db: Database, change: dict[str, Any], field: str
) -> None:
    admin = await operator(db)
    before = ok(await client.get("/wps/admin/brand", headers=admin))["resources"]
    value = failed(
        await client.post(RESOURCES, json={**IOS, **change}, headers=admin), 422, "VALIDATION_ERROR"
    )
    assert field in [f["field"] for f in value["fields"]]
    value = failed(
        await client.put(f"{RESOURCES}/{before[0]['id']}", json={**IOS, **change}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    assert field in [f["field"] for f in value["fields"]]
    assert ok(await client.get("/wps/admin/brand", headers=admin))["resources"] == before
    assert await trail(db, "brand.") == []


async def test_the_customer_service_entries(client: httpx.AsyncClient, db: Database) -> None:
    admin = await operator(db)
    entries = {
        e["csType"]: e for e in ok(await client.get("/wps/admin/brand", headers=admin))["customerService"]
    }
    assert set(entries) == {"VIP", "LIVECHAT"}
    vip = entries["VIP"]

    # One of each type: the portal would never open a second one.
    failed(await client.post(SERVICE, json={"csType": "VIP", "path": "/vip"}, headers=admin), 409, "CONFLICT")
    failed(
        await client.put(
            f"{SERVICE}/{entries['LIVECHAT']['id']}", json={"csType": "VIP", "path": "/vip"}, headers=admin
        ),
        409,
        "CONFLICT",
    )
    change = {"csType": "VIP", "path": "https://chat.example.com/vip?room=1"}
    assert ok(await client.put(f"{SERVICE}/{vip['id']}", json=change, headers=admin)) == {
        **change,
        "id": vip["id"],
    }
    shown = (await portal(client))["customerService"]
    assert {"csType": "VIP", "path": change["path"]} in shown
    assert all(e["path"] != change["path"] for e in (await portal(client, "demo2"))["customerService"])

    ok(await client.delete(f"{SERVICE}/{vip['id']}", headers=admin))
    assert [e["csType"] for e in (await portal(client))["customerService"]] == ["LIVECHAT"]
    again = ok(await client.post(SERVICE, json={"csType": "VIP", "path": "/service"}, headers=admin))
    assert (again["csType"], again["id"] != vip["id"]) == ("VIP", True)

    entries_audited = await trail(db, "brand.service.")
    assert [(e.action, e.target) for e in entries_audited] == [
        ("brand.service.change", "VIP"),
        ("brand.service.remove", "VIP"),
        ("brand.service.add", "VIP"),
    ]
    assert entries_audited[0].detail == {
        "id": vip["id"],
        "before": {"csType": "VIP", "path": vip["path"]},
        "after": change,
    }
    assert entries_audited[1].detail == {"id": vip["id"], **change}


@pytest.mark.refused_input  # the backend rule: tests/conftest.py
@pytest.mark.parametrize(
    "body",
    [
        {"csType": "EMAIL", "path": "/service"},
        {"csType": "vip", "path": "/service"},
        {"csType": "LIVECHAT", "path": "javascript:alert(1)"},
        {"csType": "LIVECHAT", "path": "//evil.example/chat"},
        {"csType": "LIVECHAT", "path": "http://chat.example.com"},
        {"csType": "LIVECHAT", "path": "mailto:help@demo.test"},
        {"csType": "LIVECHAT"},
        {"path": "/service"},
    ],
)
async def test_a_bad_service_entry_is_refused(
    client: httpx.AsyncClient, db: Database, body: dict[str, Any]
) -> None:
    admin = await operator(db)
    live = next(
        e
        for e in ok(await client.get("/wps/admin/brand", headers=admin))["customerService"]
        if e["csType"] == "LIVECHAT"
    )
    failed(await client.put(f"{SERVICE}/{live['id']}", json=body, headers=admin), 422, "VALIDATION_ERROR")
    failed(await client.post(SERVICE, json=body, headers=admin), 422, "VALIDATION_ERROR")
    assert await trail(db, "brand.") == []


async def test_another_merchants_staff_cannot_see_or_change_them(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = await operator(db)
    settings = ok(await client.get("/wps/admin/brand", headers=admin))
    resource, entry = settings["resources"][0], settings["customerService"][0]
    other = await operator(db, "demo2")
    theirs = ok(await client.get("/wps/admin/brand", headers=other))
    assert resource["id"] not in [r["id"] for r in theirs["resources"]]
    assert entry["id"] not in [e["id"] for e in theirs["customerService"]]
    failed(await client.put(f"{RESOURCES}/{resource['id']}", json=IOS, headers=other), 404, "NOT_FOUND")
    failed(await client.delete(f"{RESOURCES}/{resource['id']}", headers=other), 404, "NOT_FOUND")
    body = {"csType": entry["csType"], "path": "/elsewhere"}
    failed(await client.put(f"{SERVICE}/{entry['id']}", json=body, headers=other), 404, "NOT_FOUND")
    failed(await client.delete(f"{SERVICE}/{entry['id']}", headers=other), 404, "NOT_FOUND")
    # demo's login, sent as demo2's: refused before anything is looked up.
    mixed = {**admin, "Merchant": "demo2"}
    failed(await client.get("/wps/admin/brand", headers=mixed), 403, "FORBIDDEN")
    failed(await client.post(RESOURCES, json=IOS, headers=mixed), 403, "FORBIDDEN")
    assert ok(await client.get("/wps/admin/brand", headers=admin)) == settings
    assert await trail(db, "brand.") == []


@pytest.mark.parametrize("who", ["finance1", "auditor1", "support1"])
async def test_only_brand_writers_change_them(client: httpx.AsyncClient, db: Database, who: str) -> None:
    admin = await operator(db)
    settings = ok(await client.get("/wps/admin/brand", headers=admin))
    headers = as_(await token_for(db, "demo", who, staff=True))
    resource, entry = settings["resources"][0]["id"], settings["customerService"][0]["id"]
    for method, path, body in (
        ("POST", RESOURCES, IOS),
        ("PUT", f"{RESOURCES}/{resource}", IOS),
        ("DELETE", f"{RESOURCES}/{resource}", None),
        ("POST", SERVICE, {"csType": "VIP", "path": "/service"}),
        ("PUT", f"{SERVICE}/{entry}", {"csType": "VIP", "path": "/service"}),
        ("DELETE", f"{SERVICE}/{entry}", None),
    ):
        answer = await client.request(method, path, json=body, headers=headers)
        failed(answer, 403, "FORBIDDEN")
    assert ok(await client.get("/wps/admin/brand", headers=admin)) == settings
