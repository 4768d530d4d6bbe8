"""What the notice tests share: a staff login, a notice body, and a way to publish one through the console."""

from __future__ import annotations

from typing import Any

import httpx

from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import ok

NOTICES = "/wps/admin/content/notices"


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username, staff=True), merchant)


async def member(db: Database, username: str, merchant: str = "demo") -> dict[str, str]:
    return as_(await token_for(db, merchant, username), merchant)


def visitor(merchant: str = "demo", language: str | None = None) -> dict[str, str]:
    return {"Merchant": merchant, **({"Language": language} if language else {})}


def body(kind: str = "POPUP", title: str = "Hello", **fields: Any) -> dict[str, Any]:
    notice: dict[str, Any] = {
        "kind": kind,
        "published": True,
        "texts": {"EN": {"title": title, "content": f"<p>{title}</p>"}},
    }
    if kind in ("BANNER", "PROMOTION"):
        notice["imageUrl"] = "/banner-slots.svg"
    notice.update(fields)
    return notice


async def publish(client: httpx.AsyncClient, admin: dict[str, str], **fields: Any) -> dict[str, Any]:
    created: dict[str, Any] = ok(await client.post(NOTICES, json=body(**fields), headers=admin))
    return created
