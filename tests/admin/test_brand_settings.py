"""An operator changes the brand from the console: a switch, a region rule, a registration field. The
portal follows at once (the tests' brand cache holds nothing), each change is audited with what it replaced,
and bad input is refused before anything changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


def effective(
    nodes: list[dict[str, Any]], key: str = "effective", children: str = "children"
) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for node in nodes:
        found[node["modId"]] = node[key]
        found.update(effective(node[children], key, children))
    return found


async def test_a_switch_goes_off_with_everything_under_it(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    before = ok(await client.get("/wps/admin/brand", headers=admin))
    assert effective(before["switches"])["RNG3"] is True
    ok(await client.put("/wps/admin/brand/switches/GAME3", json={"enabled": False}, headers=admin))
    after = effective(ok(await client.get("/wps/admin/brand", headers=admin))["switches"])
    assert (after["GAME3"], after["RNG3"]) == (False, False)
    portal = ok(await client.get("/wps/system/whitelabel", headers={"Merchant": "demo"}))
    assert effective(portal, "enabled", "childrenNodes")["GAME3"] == "0"  # the wire says "0" and "1"
    other = ok(await client.get("/wps/system/whitelabel", headers={"Merchant": "demo2"}))
    assert effective(other, "enabled", "childrenNodes")["GAME3"] == "1"
    auditor = as_(await token_for(db, "demo", "auditor1", staff=True))
    trail = ok(await client.get("/wps/admin/audit", params={"action": "brand."}, headers=auditor))
    assert [(e["action"], e["target"], e["detail"]) for e in trail] == [
        ("brand.switch", "GAME3", {"enabled": False, "effectiveBefore": True})
    ]
    failed(
        await client.put("/wps/admin/brand/switches/NOPE3", json={"enabled": True}, headers=admin),
        404,
        "NOT_FOUND",
    )


async def test_a_region_rule_blocks_then_lets_through(
    client: httpx.AsyncClient, client_at: Callable[[str], httpx.AsyncClient], db: Database
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    ok(
        await client.post(
            "/wps/admin/brand/regions", json={"action": "BLOCK", "network": "198.51.100.0/24"}, headers=admin
        )
    )
    async with client_at("198.51.100.7") as blocked:
        failed(
            await blocked.get("/wps/system/routers", headers={"Merchant": "demo"}), 403, "REGION_RESTRICTED"
        )
        rules = ok(await client.get("/wps/admin/brand", headers=admin))["regionRules"]
        assert [(r["action"], r["network"]) for r in rules] == [("BLOCK", "198.51.100.0/24")]
        ok(await client.delete(f"/wps/admin/brand/regions/{rules[0]['id']}", headers=admin))
        ok(await blocked.get("/wps/system/routers", headers={"Merchant": "demo"}))


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"action": "BLOCK", "country": "USA"}, 422, "VALIDATION_ERROR"),
        ({"action": "DENY", "country": "US"}, 422, "VALIDATION_ERROR"),
        ({"action": "BLOCK", "country": "US", "network": "10.0.0.0/8"}, 400, "BAD_REQUEST"),
        ({"action": "BLOCK"}, 400, "BAD_REQUEST"),
        ({"action": "BLOCK", "network": "not-a-network"}, 400, "BAD_REQUEST"),
    ],
)
async def test_a_bad_region_rule_is_refused(
    client: httpx.AsyncClient, db: Database, body: dict[str, str], status: int, code: str
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    failed(await client.post("/wps/admin/brand/regions", json=body, headers=admin), status, code)
    assert ok(await client.get("/wps/admin/brand", headers=admin))["regionRules"] == []


async def test_a_registration_field_rule(client: httpx.AsyncClient, db: Database) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    fields = {
        f["field"]: f for f in ok(await client.get("/wps/admin/brand", headers=admin))["registerFields"]
    }
    name, rule = next(iter(fields.items()))
    changed = {
        **{k: rule[k] for k in ("minLength", "maxLength", "patternId")},
        "enabled": True,
        "required": True,
    }
    ok(await client.put(f"/wps/admin/brand/register-fields/{name}", json=changed, headers=admin))
    after = {f["field"]: f for f in ok(await client.get("/wps/admin/brand", headers=admin))["registerFields"]}
    assert (after[name]["enabled"], after[name]["required"]) == (True, True)
    for bad, status in (
        ({**changed, "minLength": 10, "maxLength": 5}, 400),
        ({**changed, "enabled": False, "required": True}, 400),
        ({**changed, "patternId": 99}, 400),
        ({**changed, "maxLength": "long"}, 422),
    ):
        answer = await client.put(f"/wps/admin/brand/register-fields/{name}", json=bad, headers=admin)
        assert answer.status_code == status, answer.text
    failed(
        await client.put("/wps/admin/brand/register-fields/nofield", json=changed, headers=admin),
        404,
        "NOT_FOUND",
    )
    finance = as_(await token_for(db, "demo", "finance1", staff=True))
    failed(
        await client.put(f"/wps/admin/brand/register-fields/{name}", json=changed, headers=finance),
        403,
        "FORBIDDEN",
    )
