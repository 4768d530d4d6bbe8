"""The console's protection calls: who may read and change (AUDITOR and SUPPORT read, FINANCE nothing), the
members under protection (limits, exclusion, KYC, open markers; by username), a member's detail with the
portal's own ProtectionOut and the history newest first, risk markers listed and reviewed once (history and
audit), the brand's settings validated and audited, the portal's organisations (visitors too), and another
brand's member or marker not found."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.db.base import utcnow
from server.db.session import Database
from server.protection.models import ProtectionEvent
from tests.protection.admin.support import (
    ADMIN,
    actions,
    add_marker,
    add_members,
    exclude,
    member_id,
    merchant_id,
    set_limit,
    staff,
    submit_kyc,
)
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

SETTINGS = {
    "realityCheckMinutes": 30,
    "kycRule": "ABOVE_AMOUNT",
    "kycAmount": "1000.00",
    "organisations": [
        {
            "name": "Gamblers Anonymous",
            "url": "https://www.gamblersanonymous.org/",
            "phone": "+1 626 960 3500",
        },
        {"name": "GamCare", "url": "https://www.gamcare.org.uk", "phone": None},
    ],
}


def settings_body(**extra: Any) -> dict[str, Any]:
    return {**SETTINGS, **extra}


@pytest.mark.parametrize(
    ("username", "reads", "changes"),
    [("admin1", 200, 200), ("auditor1", 200, 403), ("support1", 200, 403), ("finance1", 403, 403)],
)
async def test_who_may_read_and_change(
    client: httpx.AsyncClient, db: Database, username: str, reads: int, changes: int
) -> None:
    player = await member_id(db, "player1")
    marker = await add_marker(db, player)
    headers = await staff(db, username)
    for path in ("/members", f"/members/{player}", "/markers", "/settings"):
        answer = await client.get(f"{ADMIN}{path}", headers=headers)
        assert answer.status_code == reads, (path, answer.text)
    changed = [
        await client.put(f"{ADMIN}/settings", json=SETTINGS, headers=headers),
        await client.post(f"{ADMIN}/markers/{marker}/review", json={"note": "Called"}, headers=headers),
    ]
    assert [a.status_code for a in changed] == [changes, changes], [a.text for a in changed]
    if changes == 403:
        assert {a.json()["errorCode"] for a in changed} == {"FORBIDDEN"}
        assert await actions(db) == []
    assert (await client.get(f"{ADMIN}/members", headers={"Merchant": "demo"})).status_code == 401


async def test_members_under_protection(client: httpx.AsyncClient, db: Database) -> None:
    one, two, three = [await member_id(db, n) for n in ("player1", "player2", "player3")]
    await add_members(db, "demo", "quiet", 2)  # members with nothing to show are not listed
    await set_limit(db, one, "DEPOSIT", "DAY", 100_00)
    await set_limit(db, one, "LOSS", "WEEK", 50_00)
    await set_limit(db, one, "SESSION", "", 60)
    await exclude(db, two, "TIME_OUT", utcnow() + timedelta(days=3))
    await submit_kyc(db, three)
    await add_marker(db, three)
    await add_marker(db, three, "DEPOSITS_RISING", last7="1500.00", weeklyAverage="50.00")
    reviewed = await add_marker(db, two, "WITHDRAWAL_REVERSED")
    ok(await client.post(f"{ADMIN}/markers/{reviewed}/review", json={"note": "ok"}, headers=await staff(db)))

    headers = await staff(db, "support1")
    page = ok(await client.get(f"{ADMIN}/members", headers=headers))
    assert page["total"] == 3
    rows = {row["username"]: row for row in page["list"]}
    assert [row["username"] for row in page["list"]] == ["player1", "player2", "player3"]
    assert rows["player1"] == {
        "memberId": one,
        "username": "player1",
        "limits": 3,
        "exclusion": None,
        "kycStatus": "NONE",
        "openMarkers": 0,
    }
    exclusion = rows["player2"]["exclusion"]
    assert exclusion["kind"] == "TIME_OUT"
    assert isinstance(exclusion["from"], int)
    assert exclusion["until"] > exclusion["from"]
    assert rows["player2"]["openMarkers"] == 0
    assert rows["player3"]["kycStatus"] == "PENDING"
    assert rows["player3"]["openMarkers"] == 2
    assert rows["player3"]["limits"] == 0

    found = ok(await client.get(f"{ADMIN}/members", params={"username": " PLAYER3"}, headers=headers))
    assert [row["username"] for row in found["list"]] == ["player3"]
    assert found["total"] == 1
    nobody = ok(await client.get(f"{ADMIN}/members", params={"username": "play%"}, headers=headers))
    assert nobody == {"list": [], "total": 0}
    second = ok(await client.get(f"{ADMIN}/members", params={"page": 2, "size": 2}, headers=headers))
    assert [row["username"] for row in second["list"]] == ["player3"]
    assert second["total"] == 3
    # Another brand's staff see their own members only.
    assert ok(await client.get(f"{ADMIN}/members", headers=await staff(db, "admin1", "demo2")))["total"] == 0


async def test_member_detail_and_history(client: httpx.AsyncClient, db: Database) -> None:
    one = await member_id(db, "player1")
    await set_limit(db, one, "DEPOSIT", "DAY", 100_00)
    await set_limit(db, one, "DEPOSIT", "DAY", 200_00)  # higher: waits 24 hours
    await set_limit(db, one, "SESSION", "", 90)
    marker = await add_marker(db, one)
    ok(
        await client.post(
            f"{ADMIN}/markers/{marker}/review", json={"note": "Spoke to him"}, headers=await staff(db)
        )
    )

    detail = ok(await client.get(f"{ADMIN}/members/{one}", headers=await staff(db, "auditor1")))
    assert detail["memberId"] == one
    assert detail["username"] == "player1"
    assert detail["kycStatus"] == "NONE"
    protection = detail["protection"]
    assert len(protection["limits"]) == 9
    deposit_day = next(r for r in protection["limits"] if (r["kind"], r["period"]) == ("DEPOSIT", "DAY"))
    assert deposit_day["amount"] == "100.00"
    assert deposit_day["pending"]["amount"] == "200.00"
    assert protection["sessionMinutes"] == 90
    assert protection["exclusion"] is None
    history = detail["history"]
    assert [(h["actor"], h["event"]) for h in history] == [
        ("STAFF", "MARKER_REVIEWED"),
        ("MEMBER", "LIMIT_SET"),
        ("MEMBER", "LIMIT_PENDING"),
        ("MEMBER", "LIMIT_SET"),
    ]
    assert history[0]["detail"] == {
        "markerId": marker,
        "kind": "NIGHT_PLAY",
        "day": "2026-11-29",
        "note": "Spoke to him",
    }
    assert history[2]["detail"]["amount"] == "200.00"
    assert history[2]["detail"]["previous"] == "100.00"
    assert history[3]["detail"]["amount"] == "100.00"
    assert history[3]["detail"]["previous"] is None
    assert history[1]["detail"]["amount"] == 90  # the session limit's minutes stay a number
    assert all(isinstance(h["at"], int) for h in history)
    assert history == sorted(history, key=lambda h: -h["at"])

    failed(
        await client.get(f"{ADMIN}/members/{one}", headers=await staff(db, "admin1", "demo2")),
        404,
        "NOT_FOUND",
    )
    failed(await client.get(f"{ADMIN}/members/999999999", headers=await staff(db)), 404, "NOT_FOUND")


async def test_history_is_capped(client: httpx.AsyncClient, db: Database) -> None:
    one = await member_id(db, "player1")
    merchant = await merchant_id(db)
    async with db.session() as session:
        session.add_all(
            ProtectionEvent(
                merchant_id=merchant, member_id=one, actor="SYSTEM", event="LIMIT_APPLIED", detail={"n": n}
            )
            for n in range(205)
        )
    history = ok(await client.get(f"{ADMIN}/members/{one}", headers=await staff(db)))["history"]
    assert len(history) == 200
    assert history[0]["detail"] == {"n": 204}
    assert history[-1]["detail"] == {"n": 5}


async def test_markers_listed_and_reviewed_once(client: httpx.AsyncClient, db: Database) -> None:
    one, two = await member_id(db, "player1"), await member_id(db, "player2")
    first = await add_marker(db, one, "DEPOSITS_RISING", "2026-11-28", last7="1500.00", weeklyAverage="50.00")
    second = await add_marker(db, two)
    theirs = await add_marker(db, await member_id(db, "player1", "demo2"))
    admin = await staff(db)

    listed = ok(await client.get(f"{ADMIN}/markers", params={"status": "OPEN"}, headers=admin))
    assert listed["total"] == 2
    assert [m["id"] for m in listed["list"]] == [second, first]
    assert listed["list"][1] == {
        "id": first,
        "memberId": one,
        "username": "player1",
        "kind": "DEPOSITS_RISING",
        "day": "2026-11-28",
        "detail": {"last7": "1500.00", "weeklyAverage": "50.00"},
        "status": "OPEN",
        "reviewedBy": None,
        "reviewedAt": None,
        "note": None,
    }

    reviewed = ok(
        await client.post(
            f"{ADMIN}/markers/{first}/review", json={"note": "  Limits offered "}, headers=admin
        )
    )
    assert reviewed["status"] == "REVIEWED"
    assert reviewed["reviewedBy"] == "admin1"
    assert reviewed["note"] == "Limits offered"
    assert isinstance(reviewed["reviewedAt"], int)
    again = await client.post(f"{ADMIN}/markers/{first}/review", json={"note": "again"}, headers=admin)
    failed(again, 409, "CONFLICT")
    failed(
        await client.post(f"{ADMIN}/markers/{theirs}/review", json={"note": "x"}, headers=admin),
        404,
        "NOT_FOUND",
    )
    failed(
        await client.post(f"{ADMIN}/markers/999999999/review", json={"note": "x"}, headers=admin),
        404,
        "NOT_FOUND",
    )
    failed(
        await client.post(f"{ADMIN}/markers/{second}/review", json={"note": "   "}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.post(f"{ADMIN}/markers/{second}/review", json={"note": ""}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    failed(
        await client.post(f"{ADMIN}/markers/{second}/review", json={"note": "x" * 501}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )

    assert [
        m["id"]
        for m in ok(await client.get(f"{ADMIN}/markers", params={"status": "OPEN"}, headers=admin))["list"]
    ] == [second]
    done = ok(await client.get(f"{ADMIN}/markers", params={"status": "REVIEWED"}, headers=admin))
    assert [m["id"] for m in done["list"]] == [first]
    everything = ok(await client.get(f"{ADMIN}/markers", params={"size": 1, "page": 2}, headers=admin))
    assert everything["total"] == 2
    assert [m["id"] for m in everything["list"]] == [first]
    failed(
        await client.get(f"{ADMIN}/markers", params={"status": "DONE"}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )

    target = f"risk_marker:{first}"
    assert await actions(db) == [
        ("protection.marker_review", target, {"markerId": first, "note": "Limits offered"})
    ]
    async with db.read_session() as session:
        events = list(
            await session.execute(
                select(ProtectionEvent.actor, ProtectionEvent.event, ProtectionEvent.staff_id).where(
                    ProtectionEvent.member_id == one
                )
            )
        )
    assert [(a, e) for a, e, _ in events] == [("STAFF", "MARKER_REVIEWED")]
    assert events[0][2] is not None


async def test_settings_read_and_changed(client: httpx.AsyncClient, db: Database) -> None:
    admin = await staff(db)
    assert ok(await client.get(f"{ADMIN}/settings", headers=admin)) == {
        "realityCheckMinutes": 60,
        "kycRule": "NONE",
        "kycAmount": None,
        "organisations": [],
    }
    assert ok(await client.get("/wps/protection/organisations", headers={"Merchant": "demo"})) == {"list": []}
    saved = ok(await client.put(f"{ADMIN}/settings", json=settings_body(), headers=admin))
    assert saved == SETTINGS
    assert ok(await client.get(f"{ADMIN}/settings", headers=await staff(db, "auditor1"))) == SETTINGS
    # The portal's Responsible Gaming page: visitors too.
    assert ok(await client.get("/wps/protection/organisations", headers={"Merchant": "demo"})) == {
        "list": SETTINGS["organisations"]
    }
    assert ok(await client.get("/wps/protection/organisations", headers={"Merchant": "demo2"})) == {
        "list": []
    }

    changed = ok(
        await client.put(
            f"{ADMIN}/settings",
            json=settings_body(
                realityCheckMinutes=120,
                kycRule="FIRST_WITHDRAWAL",
                kycAmount="5.00",
                organisations=[{"name": "  Help   line ", "url": " https://help.example/ ", "phone": " "}],
            ),
            headers=admin,
        )
    )
    assert changed == {
        "realityCheckMinutes": 120,
        "kycRule": "FIRST_WITHDRAWAL",
        "kycAmount": None,
        "organisations": [{"name": "Help line", "url": "https://help.example/", "phone": None}],
    }
    assert await actions(db) == [
        (
            "protection.settings_update",
            None,
            {
                "realityCheckMinutes": 30,
                "kycRule": "ABOVE_AMOUNT",
                "kycAmount": "1000.00",
                "organisations": SETTINGS["organisations"],
            },
        ),
        (
            "protection.settings_update",
            None,
            {
                "realityCheckMinutes": 120,
                "kycRule": "FIRST_WITHDRAWAL",
                "kycAmount": None,
                "organisations": [{"name": "Help line", "url": "https://help.example/", "phone": None}],
            },
        ),
    ]
    # The other brand's settings are its own.
    assert (
        ok(await client.get(f"{ADMIN}/settings", headers=await staff(db, "admin1", "demo2")))["kycRule"]
        == "NONE"
    )


ORGANISATION = {"name": "GamCare", "url": "https://www.gamcare.org.uk", "phone": None}


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"realityCheckMinutes": 20}, "realityCheckMinutes"),
        ({"realityCheckMinutes": 10}, "realityCheckMinutes"),
        ({"realityCheckMinutes": 121}, "realityCheckMinutes"),
        ({"kycRule": "ALWAYS"}, "kycRule"),
        ({"kycAmount": None}, "kycAmount"),
        ({"kycAmount": "0"}, "kycAmount"),
        ({"kycAmount": "1e3"}, "kycAmount"),
        ({"kycAmount": "-5.00"}, "kycAmount"),
        ({"organisations": [ORGANISATION] * 11}, "organisations"),
        ({"organisations": [{**ORGANISATION, "name": ""}]}, "organisations.0.name"),
        ({"organisations": [{**ORGANISATION, "name": "   "}]}, "organisations.0.name"),
        ({"organisations": [{**ORGANISATION, "name": "x" * 101}]}, "organisations.0.name"),
        (
            {"organisations": [ORGANISATION, {**ORGANISATION, "url": "http://gamcare.org.uk"}]},
            "organisations.1.url",
        ),
        ({"organisations": [{**ORGANISATION, "url": "javascript:alert(1)"}]}, "organisations.0.url"),
        ({"organisations": [{**ORGANISATION, "url": "https://"}]}, "organisations.0.url"),
        ({"organisations": [{**ORGANISATION, "url": "https://a b.org"}]}, "organisations.0.url"),
        ({"organisations": [{**ORGANISATION, "url": "https://x.org/" + "a" * 290}]}, "organisations.0.url"),
        ({"organisations": [{**ORGANISATION, "phone": "1" * 41}]}, "organisations.0.phone"),
    ],
)
@pytest.mark.refused_input
async def test_settings_validation(
    client: httpx.AsyncClient, db: Database, extra: dict[str, Any], field: str
) -> None:
    refused = failed(
        await client.put(f"{ADMIN}/settings", json=settings_body(**extra), headers=await staff(db)),
        422,
        "VALIDATION_ERROR",
    )
    assert refused["fields"][0]["field"] == field
    assert await actions(db) == []
    assert ok(await client.get(f"{ADMIN}/settings", headers=await staff(db)))["kycRule"] == "NONE"
