"""What the promotions tests share: staff creating a promotion over the console's API, and a member's view."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from server.db.session import Database
from tests.support.accounts import token_for
from tests.support.portal import ok

TEXTS = {
    "EN": {"title": "Welcome bonus", "content": "<p>Double your first deposit</p><script>alert(1)</script>"},
    "CN": {"title": "首存红利", "content": "<p>首存翻倍</p>"},
}


def staff_headers(token: str, merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": token}


async def admin(db: Database, merchant: str = "demo") -> dict[str, str]:
    return staff_headers(await token_for(db, merchant, "admin1", staff=True), merchant)


def body(kind: str, params: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    starts = datetime.now(UTC) - timedelta(days=1)
    category = {"SIGNUP": "NEW_MEMBER", "CHECKIN": "DAILY"}.get(kind, "DEPOSIT")
    return {
        "kind": kind,
        "category": category,
        "startsAt": starts.isoformat(),
        "endsAt": None,
        "texts": TEXTS,
        "params": params,
        **extra,
    }


FIRST_DEPOSIT = {
    "percent": 100,
    "cap": "500.00",
    "minDeposit": "100.00",
    "claimMode": "AFTER",
    "wagerMultiple": 1,
    "expiryDays": 30,
}


async def create(
    client: httpx.AsyncClient, headers: dict[str, str], kind: str, params: dict[str, Any]
) -> int:
    return int(ok(await client.post("/wps/admin/promotions", json=body(kind, params), headers=headers))["id"])
