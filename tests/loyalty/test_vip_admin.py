"""The console's VIP and cashback settings (issue 32): AUDITOR reads and cannot write, OPERATOR writes,
every change audited; bad input answers VALIDATION_ERROR with the fields, never a 500; only the highest level
above 0 can be removed."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from server.db.session import Database
from tests.loyalty.support import audits, demo_ladder
from tests.promotions.support import admin, staff_headers
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")

LEVEL: dict[str, Any] = {
    "names": {"EN": "Bronze", "CN": "青铜"},
    "emblem": "BRONZE",
    "depositRequired": "100.00",
    "turnoverRequired": "50.00",
    "upgradeBonus": "5.00",
    "monthlyBonus": "0.00",
    "birthdayBonus": "8.00",
    "wagerMultiple": 2,
    "cashbackRates": {"RNG": "0.50", "LIVE": "0.3"},
    "dailyWithdrawalCount": None,
    "dailyWithdrawalAmount": "10000.00",
    "vipChat": False,
}


async def auditor(db: Database) -> dict[str, str]:
    return staff_headers(await token_for(db, "demo", "auditor1", staff=True))


async def test_staff_build_a_ladder_and_only_the_operator_writes(
    client: httpx.AsyncClient, db: Database
) -> None:
    reader = await auditor(db)
    ok(await client.get("/wps/admin/loyalty/vip", headers=reader))
    ok(await client.get("/wps/admin/loyalty/cashback", headers=reader))
    failed(await client.put("/wps/admin/loyalty/vip/levels/1", json=LEVEL, headers=reader), 403, "FORBIDDEN")
    failed(await client.delete("/wps/admin/loyalty/vip/levels/1", headers=reader), 403, "FORBIDDEN")
    settings = {"windowDays": 60, "demote": True, "graceDays": 3}
    failed(
        await client.put("/wps/admin/loyalty/vip/settings", json=settings, headers=reader), 403, "FORBIDDEN"
    )
    cashback = {"mode": "DAILY", "minimum": "0.50"}
    failed(await client.put("/wps/admin/loyalty/cashback", json=cashback, headers=reader), 403, "FORBIDDEN")

    # The second brand has set nothing up: the defaults, then the operator's ladder.
    staff = await admin(db, "demo2")
    empty = ok(await client.get("/wps/admin/loyalty/vip", headers=staff))
    assert empty["settings"] == {"windowDays": 30, "demote": False, "graceDays": 7}
    assert [lv["level"] for lv in empty["levels"]] == [0]
    saved = ok(await client.put("/wps/admin/loyalty/vip/levels/1", json=LEVEL, headers=staff))
    bronze = saved["levels"][1]
    assert bronze["cashbackRates"] == {"LIVE": "0.30", "RNG": "0.50"}
    assert (bronze["dailyWithdrawalCount"], bronze["dailyWithdrawalAmount"]) == (None, "10000.00")
    assert bronze["names"] == {"EN": "Bronze", "CN": "青铜"}
    settings = {"windowDays": 60, "demote": True, "graceDays": 3}
    assert (
        ok(await client.put("/wps/admin/loyalty/vip/settings", json=settings, headers=staff))["settings"]
        == settings
    )
    read = ok(await client.get("/wps/admin/loyalty/vip", headers=staff))
    assert read["levels"][1] == bronze
    assert read["settings"] == settings
    visitor = ok(await client.get("/wps/vip/levels", headers={"Merchant": "demo2", "Language": "CN"}))
    assert (visitor["windowDays"], visitor["levels"][1]["name"]) == (60, "青铜")

    cashback = {"mode": "DAILY", "minimum": "0.50"}
    assert ok(await client.get("/wps/admin/loyalty/cashback", headers=staff)) == {
        "mode": "MANUAL",
        "minimum": "1.00",
    }
    assert ok(await client.put("/wps/admin/loyalty/cashback", json=cashback, headers=staff)) == cashback
    assert ok(await client.get("/wps/admin/loyalty/cashback", headers=staff)) == cashback

    [level_entry] = await audits(db, "loyalty.vip_level")
    assert level_entry.detail["level"] == 1
    assert level_entry.detail["after"]["cashbackRates"] == {
        "RNG": 50,
        "LIVE": 30,
    }
    [settings_entry] = await audits(db, "loyalty.vip_settings")
    assert settings_entry.detail["after"] == {"windowDays": 60, "demote": True, "graceDays": 3}
    [cashback_entry] = await audits(db, "loyalty.cashback")
    assert cashback_entry.detail == {
        "before": {"mode": "MANUAL", "minimum": 100},
        "after": {"mode": "DAILY", "minimum": 50},
    }
    assert level_entry.staff_id is not None


async def test_removing_levels(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    staff = await admin(db)
    failed(await client.delete("/wps/admin/loyalty/vip/levels/3", headers=staff), 409, "VIP_LEVEL_IN_USE")
    failed(await client.delete("/wps/admin/loyalty/vip/levels/0", headers=staff), 409, "VIP_LEVEL_IN_USE")
    failed(await client.delete("/wps/admin/loyalty/vip/levels/7", headers=staff), 404, "VIP_LEVEL_NOT_FOUND")
    left = ok(await client.delete("/wps/admin/loyalty/vip/levels/5", headers=staff))
    assert [lv["level"] for lv in left["levels"]] == [0, 1, 2, 3, 4]
    [entry] = await audits(db, "loyalty.vip_level_delete")
    assert entry.detail["level"] == 5


BAD_LEVELS: list[tuple[str, dict[str, Any], list[dict[str, str]]]] = [
    ("/1", {"depositRequired": "1,000"}, [{"field": "depositRequired", "type": "amount"}]),
    (
        "/1",
        {"upgradeBonus": "-5.00", "monthlyBonus": "1e3"},
        [
            {"field": "upgradeBonus", "type": "amount"},
            {"field": "monthlyBonus", "type": "amount"},
        ],
    ),
    (
        "/1",
        {"cashbackRates": {"RNG": "101.00", "CARDS": "1.00"}},
        [
            {"field": "cashbackRates.RNG", "type": "rate"},
            {"field": "cashbackRates.CARDS", "type": "category"},
        ],
    ),
    ("/1", {"names": {"EN": "  "}}, [{"field": "names", "type": "missing"}]),
    ("/3", {}, [{"field": "level", "type": "gap"}]),
    ("/0", {}, [{"field": "depositRequired", "type": "range"}]),
    ("/1", {"dailyWithdrawalAmount": "0"}, [{"field": "dailyWithdrawalAmount", "type": "range"}]),
]


@pytest.mark.refused_input
@pytest.mark.parametrize(("path", "change", "fields"), BAD_LEVELS)
async def test_bad_levels_name_their_fields(
    client: httpx.AsyncClient, db: Database, path: str, change: dict[str, Any], fields: list[dict[str, str]]
) -> None:
    staff = await admin(db, "demo2")  # a brand without levels yet
    answer = await client.put(f"/wps/admin/loyalty/vip/levels{path}", json={**LEVEL, **change}, headers=staff)
    assert failed(answer, 422, "VALIDATION_ERROR") == {"fields": fields}


@pytest.mark.refused_input
@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/vip/levels/11", LEVEL),
        ("/vip/levels/-1", LEVEL),
        ("/vip/levels/1", {**LEVEL, "emblem": "RUBY"}),
        ("/vip/levels/1", {**LEVEL, "wagerMultiple": 101}),
        ("/vip/levels/1", {**LEVEL, "names": {"XX": "Bronze"}}),
        ("/vip/levels/1", {**LEVEL, "dailyWithdrawalCount": 0}),
        ("/vip/settings", {"windowDays": 0, "demote": True, "graceDays": 1}),
        ("/vip/settings", {"windowDays": 30, "demote": "maybe", "graceDays": 1}),
        ("/cashback", {"mode": "WEEKLY", "minimum": "1.00"}),
        ("/cashback", {"mode": "DAILY", "minimum": "one"}),
    ],
)
async def test_bad_input_is_refused_with_fields(
    client: httpx.AsyncClient, db: Database, path: str, body: Any
) -> None:
    staff = await admin(db)
    answer = failed(
        await client.put(f"/wps/admin/loyalty{path}", json=body, headers=staff), 422, "VALIDATION_ERROR"
    )
    assert answer["fields"]
    assert all(field["field"] for field in answer["fields"])
