"""/wps/system over HTTP, on SQLite and Postgres: tenancy, status, switches and the envelope."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands import service as brands
from server.brands.schemas import StatusOut
from server.db.session import Database
from server.http.core.envelope import Envelope

pytestmark = pytest.mark.usefixtures("demo")


def value(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["success"] is True
    assert body["errorCode"] is None
    return body["value"]


def failure(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["success"] is False
    assert body["errorCode"] == code
    assert body["message"]
    return body


async def change(db: Database, work: Any) -> None:
    async with db.session() as session:
        await work(session)


async def test_status_of_a_normal_merchant(client: httpx.AsyncClient) -> None:
    answer = await client.get("/wps/system/status", headers={"Merchant": "demo"})
    # The call answers in pre-serialised form; it must still be exactly the documented shape.
    Envelope[StatusOut].model_validate_json(answer.content, strict=False)
    status = value(answer)
    assert status["status"] == 0
    assert status["maintenance"] is False
    assert status["regionRestriction"] is False
    assert status["location"] == {"ip": "127.0.0.1", "country": ""}
    info = status["info"]
    assert info["brand"]["merchantCode"] == "demo"
    assert info["brand"]["lotteryType"] == "SEA"
    assert info["brand"]["device"] == "WEB"
    assert info["brand"]["defaultLanguage"] == "EN"
    assert {"imageCDNs", "launchGameCDNs", "analytics", "customerService", "resources"} <= set(info)
    assert info["analytics"] == {"gtagId": None}
    assert {r["resourceType"] for r in info["resources"]} >= {"FACEBOOK", "EMAIL", "IOS", "Android"}
    usernames = [r for r in info["registerRules"] if r["field"] == "username"]
    assert usernames == [
        {
            "field": "username",
            "enabled": True,
            "required": True,
            "minLength": 6,
            "maxLength": 16,
            "patternId": 1,
            "acceptedPattern": "^[A-Za-z][A-Za-z0-9]*$",
            "messageKey": "reg_pattern_1",
        }
    ]


async def test_every_switch_spec_names_is_in_the_tree(client: httpx.AsyncClient) -> None:
    tree = value(await client.get("/wps/system/whitelabel", headers={"Merchant": "demo2"}))

    def walk(nodes: list[dict[str, Any]]) -> dict[str, str]:
        found: dict[str, str] = {}
        for node in nodes:
            assert set(node) == {"modId", "enabled", "childrenNodes"}
            found[node["modId"]] = node["enabled"]
            found.update(walk(node["childrenNodes"]))
        return found

    switches = walk(tree)
    named = {
        "MOBILENUMREG3", "REGMOBVERF3", "MOBILENUMPASSREG3", "USERNAMEREG3", "FREEPLAY3",
        "PWDEXPFORCECHANGE3", "MOBILEVERCODELOGIN3", "DIRECTREG3", "MANPLAYREB3", "AGENTPOLICY3",
        "CHNGPASSVERIF3",
    }  # fmt: skip
    assert named <= set(switches)
    assert set(switches.values()) <= {"0", "1"}
    # demo2 keeps the defaults: free play off, direct registration on.
    assert switches["FREEPLAY3"] == "0"
    assert switches["DIRECTREG3"] == "1"


async def test_merchants_are_kept_apart(client: httpx.AsyncClient) -> None:
    one = value(await client.get("/wps/system/status", headers={"Merchant": "demo"}))
    two = value(await client.get("/wps/system/status", headers={"Merchant": "demo2"}))
    assert one["info"]["brand"]["merchantId"] != two["info"]["brand"]["merchantId"]
    assert two["info"]["brand"]["chatHeaderColor"] == "#7a2fb5"
    assert two["info"]["brand"]["supportedLanguages"] == ["EN", "TY"]
    routers_one = value(await client.get("/wps/system/routers", headers={"Merchant": "demo"}))
    routers_two = value(await client.get("/wps/system/routers", headers={"Merchant": "demo2"}))
    assert {d["domain"] for d in routers_one["domainList"]} == {"127.0.0.1", "localhost", "demo.localhost"}
    assert routers_two["domainList"] == [{"domain": "demo2.localhost", "speed": 0}]
    # demo2 lists its own contact address, none of demo's links.
    assert [(r["resourceType"], r["url"]) for r in routers_two["resources"]] == [
        ("EMAIL", "mailto:help@demo2.test")
    ]


async def test_merchant_from_domain(client: httpx.AsyncClient) -> None:
    brand = value(await client.get("/wps/system/domainRoute", params={"domain": "Demo2.LocalHost:8000"}))
    assert brand["merchantCode"] == "demo2"
    # Without a Merchant header the page address (url) or the Host picks the merchant.
    status = value(await client.get("/wps/system/status", params={"url": "http://demo2.localhost:8000/vip"}))
    assert status["info"]["brand"]["merchantCode"] == "demo2"
    by_host = value(await client.get("/wps/system/whitelabel", headers={"Host": "localhost:8000"}))
    assert by_host[0]["modId"] == "REGISTER3"


async def test_unknown_merchant_and_domain(client: httpx.AsyncClient) -> None:
    failure(await client.get("/wps/system/status", headers={"Merchant": "nope"}), 404, "MERCHANT_NOT_FOUND")
    failure(
        await client.get("/wps/system/domainRoute", params={"domain": "evil.example"}),
        404,
        "DOMAIN_NOT_FOUND",
    )
    failure(await client.get("/wps/system/status", headers={"Host": "evil.example"}), 404, "DOMAIN_NOT_FOUND")


async def test_maintenance_status_and_gate(client: httpx.AsyncClient, db: Database) -> None:
    await change(db, lambda s: brands.set_maintenance(s, "demo", on=True))
    status = value(await client.get("/wps/system/status", headers={"Merchant": "demo"}))
    assert status["status"] == 1
    assert status["maintenance"] is True
    # The API refuses what the maintenance page hides; system calls keep answering.
    failure(await client.get("/wps/system/routers", headers={"Merchant": "demo"}), 503, "SYSTEM_MAINTENANCE")
    value(await client.get("/wps/system/whitelabel", headers={"Merchant": "demo"}))
    # Only that merchant.
    assert value(await client.get("/wps/system/status", headers={"Merchant": "demo2"}))["status"] == 0


async def test_region_restriction_through_a_trusted_proxy(client: httpx.AsyncClient, db: Database) -> None:
    await change(db, lambda s: brands.add_region_rule(s, "demo", action="BLOCK", country="US"))
    headers = {"Merchant": "demo", "X-Forwarded-For": "8.8.8.8"}
    status = value(await client.get("/wps/system/status", headers=headers))
    assert status["status"] == 2
    assert status["regionRestriction"] is True
    assert status["location"] == {"ip": "8.8.8.8", "country": "US"}
    failure(await client.get("/wps/system/routers", headers=headers), 403, "REGION_RESTRICTED")
    # Another country passes.
    other = value(await client.get("/wps/system/status", headers={**headers, "X-Forwarded-For": "1.1.1.1"}))
    assert other["status"] == 0
    assert other["location"]["country"] == "AU"


async def test_forwarded_for_from_an_untrusted_peer_is_ignored(app: Any, db: Database, settings: Any) -> None:
    await change(db, lambda s: brands.add_region_rule(s, "demo", action="BLOCK", country="US"))
    transport = httpx.ASGITransport(app=app, client=("198.51.100.20", 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as outsider:
        status = value(
            await outsider.get(
                "/wps/system/status", headers={"Merchant": "demo", "X-Forwarded-For": "8.8.8.8"}
            )
        )
    assert status["status"] == 0
    assert status["location"]["ip"] == "198.51.100.20"


async def test_module_gating(client: httpx.AsyncClient, db: Database) -> None:
    headers = {"Merchant": "demo2"}
    # On by default, and an id the tree does not know is not gated.
    value(await client.get("/wps/system/routers", headers={**headers, "ModuleId": "PROMO3"}))
    value(await client.get("/wps/system/routers", headers={**headers, "ModuleId": "SOMETHING_ELSE"}))
    # A switched-off module answers 403 MODULE_DISABLED, naming the module.
    body = failure(
        await client.get("/wps/system/routers", headers={**headers, "ModuleId": "FREEPLAY3"}),
        403,
        "MODULE_DISABLED",
    )
    assert body["value"] == {"modId": "FREEPLAY3"}
    # Switching a parent off switches its children off.
    await change(db, lambda s: brands.set_switch(s, "demo2", "GAME3", enabled=False))
    failure(
        await client.get("/wps/system/routers", headers={**headers, "ModuleId": "LIVE3"}),
        403,
        "MODULE_DISABLED",
    )
    # The same module on another merchant is untouched.
    value(await client.get("/wps/system/routers", headers={"Merchant": "demo", "ModuleId": "LIVE3"}))


async def test_errors_keep_the_envelope(client: httpx.AsyncClient) -> None:
    body = failure(await client.get("/wps/system/domainRoute"), 422, "VALIDATION_ERROR")
    assert body["value"]["fields"][0]["field"] == "domain"
    failure(await client.get("/wps/system/nothing-here"), 404, "NOT_FOUND")
    failure(await client.post("/wps/system/status", headers={"Merchant": "demo"}), 405, "METHOD_NOT_ALLOWED")


async def test_register_settings_call(client: httpx.AsyncClient, session: AsyncSession) -> None:
    rules = value(await client.get("/wps/system/setting/register", headers={"Merchant": "demo"}))
    fields = [r["field"] for r in rules]
    assert fields[:2] == ["username", "password"]
    assert all(r["acceptedPattern"] for r in rules)
    assert all(r["minLength"] <= r["maxLength"] for r in rules)


async def test_health(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json() == {"status": "ok"}
    ready = await client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["database"] == "ok"
