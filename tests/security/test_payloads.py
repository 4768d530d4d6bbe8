"""Encrypted request bodies over HTTP, on SQLite and Postgres: the published key, opening a body, every
way a body can be unreadable (always DECRYPTION_FAILED, never a 500), plain bodies and the document."""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable
from typing import Annotated, Any

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import load_der_public_key
from fastapi import APIRouter, Depends, FastAPI
from pydantic import Field
from sqlalchemy import update

from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.http.core import errors
from server.http.core.envelope import Envelope, WireModel, ok
from server.http.edge.context import PortalContext
from server.http.edge.encrypted import encrypted_body, encrypted_openapi
from server.security import payloads
from server.security.models import PayloadKey
from server.web import CATCH_ALL
from tests.support.crypto import b64, encrypt_for, encrypt_with_served_key, seal

pytestmark = pytest.mark.usefixtures("demo")

PROBE = "/wps/test/probe"
DEMO = {"Merchant": "demo"}
GOOD = {"userName": "alice", "age": 30}


class ProbeIn(WireModel):
    user_name: str = Field(min_length=3)
    age: int = Field(ge=18)


probe_router = APIRouter()


@probe_router.post(
    PROBE, operation_id="probeEncrypted", summary="Test only", openapi_extra=encrypted_openapi(ProbeIn)
)
async def probe(
    context: PortalContext, body: Annotated[ProbeIn, Depends(encrypted_body(ProbeIn))]
) -> Envelope[ProbeIn]:
    return ok(body)


@pytest.fixture(autouse=True)
def _probe_route(app: FastAPI) -> None:
    app.include_router(probe_router)
    # Ahead of the web client's catch-all, which takes every method of every path it is reached for.
    routes = app.router.routes
    catch_all = next(r for r in routes if getattr(r, "path", None) == CATCH_ALL)
    routes.remove(catch_all)
    routes.append(catch_all)


def value(response: httpx.Response) -> Any:
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["success"] is True
    return body["value"]


def failure(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["success"] is False
    assert body["errorCode"] == code
    return body


def unreadable(response: httpx.Response) -> None:
    """Whatever was wrong, the answer is the same: nothing tells a prober which check failed."""
    body = failure(response, 400, "DECRYPTION_FAILED")
    assert body == {
        "success": False,
        "value": None,
        "message": errors.DECRYPTION_FAILED.message,
        "errorCode": "DECRYPTION_FAILED",
    }


async def served_key(client: httpx.AsyncClient) -> dict[str, Any]:
    key: dict[str, Any] = value(await client.get("/wps/system/publicKey", headers=DEMO))
    return key


async def allow_plain(db: Database, merchant: str, allowed: bool) -> None:
    async with db.session() as session:
        await session.execute(
            update(Merchant).where(Merchant.code == merchant).values(allow_plain_payloads=allowed)
        )


async def test_public_key_is_published_and_stable(client: httpx.AsyncClient) -> None:
    first = await served_key(client)
    assert set(first) == {"kid", "publicKey", "algorithm"}
    assert first["algorithm"] == "RSA-OAEP-256+A256GCM"
    public_key = load_der_public_key(base64.b64decode(first["publicKey"]))
    assert isinstance(public_key, rsa.RSAPublicKey)
    assert public_key.key_size == 2048
    assert public_key.public_numbers().e == 65537
    assert await served_key(client) == first
    # Keys are not per merchant, and the call needs a known one like every /wps call.
    assert value(await client.get("/wps/system/publicKey", headers={"Merchant": "demo2"})) == first
    failure(
        await client.get("/wps/system/publicKey", headers={"Merchant": "nope"}), 404, "MERCHANT_NOT_FOUND"
    )


async def test_encrypted_body_round_trip(client: httpx.AsyncClient) -> None:
    sealed = await encrypt_with_served_key(client, GOOD)
    assert value(await client.post(PROBE, json=sealed, headers=DEMO)) == GOOD
    # Each encryption uses a fresh AES key and nonce.
    again = await encrypt_with_served_key(client, GOOD)
    assert {again["key"], again["iv"], again["data"]}.isdisjoint(
        {sealed["key"], sealed["iv"], sealed["data"]}
    )


def flip(text: str, index: int) -> str:
    raw = bytearray(base64.b64decode(text))
    raw[index] ^= 0x01
    return b64(bytes(raw))


def without(name: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda p: {k: v for k, v in p.items() if k != name}


TAMPERED: list[Any] = [
    pytest.param(lambda p: {**p, "data": flip(p["data"], 0)}, id="ciphertext flipped"),
    pytest.param(lambda p: {**p, "data": flip(p["data"], -1)}, id="tag flipped"),
    pytest.param(lambda p: {**p, "iv": flip(p["iv"], 0)}, id="iv flipped"),
    pytest.param(lambda p: {**p, "key": flip(p["key"], 5)}, id="wrapped key flipped"),
    pytest.param(lambda p: {**p, "iv": b64(bytes(8))}, id="short iv"),
    pytest.param(lambda p: {**p, "key": b64(base64.b64decode(p["key"])[:-1])}, id="short wrapped key"),
    pytest.param(lambda p: {**p, "data": b64(b"too short")}, id="data shorter than a tag"),
    pytest.param(lambda p: {**p, "data": b64(bytes(payloads.MAX_DATA_BYTES + 17))}, id="data too long"),
    pytest.param(lambda p: {**p, "data": "@@not base64@@"}, id="bad base64"),
    pytest.param(lambda p: {**p, "iv": "AAAAAAAAAAAAAAAA\u00e9"}, id="non-ascii base64"),
    pytest.param(lambda p: {**p, "key": 12}, id="key not a string"),
    pytest.param(without("iv"), id="iv missing"),
    pytest.param(without("kid"), id="kid missing"),
    pytest.param(lambda p: {**p, "kid": "nosuchkid"}, id="unknown kid"),
    pytest.param(lambda p: {**p, "kid": "k" * 200}, id="kid too long"),
    pytest.param(lambda p: {**p, "kid": ["x"]}, id="kid not a string"),
    pytest.param(lambda p: {**p, "enc": "v2"}, id="other version"),
    pytest.param(lambda p: {**p, "enc": None}, id="enc null"),
]


@pytest.mark.parametrize("tamper", TAMPERED)
async def test_tampered_payloads_are_unreadable(
    client: httpx.AsyncClient, tamper: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    sealed = await encrypt_with_served_key(client, GOOD)
    unreadable(await client.post(PROBE, json=tamper(sealed), headers=DEMO))


async def test_a_nul_in_the_envelope_is_refused_at_the_edge_like_any_body(client: httpx.AsyncClient) -> None:
    # Every JSON body with a NUL meets the same refusal before routing: it tells nothing of decryption.
    sealed = await encrypt_with_served_key(client, GOOD)
    answer = await client.post(PROBE, json={**sealed, "kid": "a\x00b"}, headers=DEMO)
    assert answer.status_code == 422
    assert answer.json()["value"]["fields"][0]["type"] == "nul"


def now_ms() -> int:
    return int(time.time() * 1000)


PLAINTEXTS: list[Any] = [
    pytest.param(b"not json", id="not json"),
    pytest.param(b"\xff\xfe{}", id="not utf-8"),
    pytest.param(b'[{"ts": 1}]', id="not an object"),
    pytest.param(b'{"body": {}}', id="no ts"),
    pytest.param(b'{"ts": "%d", "body": {}}', id="ts a string"),
    pytest.param(b'{"ts": true, "body": {}}', id="ts a boolean"),
    pytest.param(b'{"ts": %d}', id="no body"),
]


@pytest.mark.parametrize("plaintext", PLAINTEXTS)
async def test_plaintexts_of_the_wrong_shape_are_unreadable(
    client: httpx.AsyncClient, plaintext: bytes
) -> None:
    key = await served_key(client)
    filled = plaintext.replace(b"%d", str(now_ms()).encode())
    unreadable(await client.post(PROBE, json=seal(key["publicKey"], key["kid"], filled), headers=DEMO))


async def test_timestamps_more_than_five_minutes_off_are_refused(client: httpx.AsyncClient) -> None:
    key = await served_key(client)

    def at(offset_ms: int) -> dict[str, Any]:
        return encrypt_for(key["publicKey"], key["kid"], GOOD, ts_ms=now_ms() + offset_ms)

    minute = 60_000
    unreadable(await client.post(PROBE, json=at(-6 * minute), headers=DEMO))
    unreadable(await client.post(PROBE, json=at(6 * minute), headers=DEMO))
    assert value(await client.post(PROBE, json=at(-4 * minute), headers=DEMO)) == GOOD
    assert value(await client.post(PROBE, json=at(4 * minute), headers=DEMO)) == GOOD


async def test_a_retired_key_stops_opening_bodies(client: httpx.AsyncClient, db: Database) -> None:
    old = await served_key(client)
    sealed = encrypt_for(old["publicKey"], old["kid"], GOOD)
    assert value(await client.post(PROBE, json=sealed, headers=DEMO)) == GOOD  # now cached in the process
    async with db.session() as session:
        await payloads.retire(session, old["kid"])
    unreadable(await client.post(PROBE, json=encrypt_for(old["publicKey"], old["kid"], GOOD), headers=DEMO))
    # A fresh key is published, and it works.
    new = await served_key(client)
    assert new["kid"] != old["kid"]
    assert value(await client.post(PROBE, json=encrypt_for(new["publicKey"], new["kid"], GOOD), headers=DEMO))


async def test_a_retirement_by_another_process_applies_within_the_cache_window(
    client: httpx.AsyncClient, db: Database
) -> None:
    key = await served_key(client)
    assert value(await client.post(PROBE, json=encrypt_for(key["publicKey"], key["kid"], GOOD), headers=DEMO))
    async with db.session() as session:  # what another process's retire() leaves behind
        await session.execute(
            update(PayloadKey).where(PayloadKey.kid == key["kid"]).values(retired_at=utcnow())
        )
    # This process may keep its belief for RETIRED_STATE_SECONDS, no longer.
    payloads._loaded[key["kid"]].checked_at -= payloads.RETIRED_STATE_SECONDS + 1
    unreadable(await client.post(PROBE, json=encrypt_for(key["publicKey"], key["kid"], GOOD), headers=DEMO))


async def test_keys_created_side_by_side_both_work(client: httpx.AsyncClient, db: Database) -> None:
    async with db.session() as session:
        one = await payloads.create_key(session)
        two = await payloads.create_key(session)
        published = await payloads.active_key(session)
        assert published.kid in {one.kid, two.kid}
        assert (await payloads.active_key(session)).kid == published.kid
    for key in (one, two):
        sealed = encrypt_for(key.public_spki_b64, key.kid, GOOD)
        assert value(await client.post(PROBE, json=sealed, headers=DEMO)) == GOOD


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        pytest.param(b"{not json", "application/json", id="broken json"),
        pytest.param(b"not json at all", "text/plain", id="text"),
        pytest.param(b"", "application/json", id="empty"),
        pytest.param(b'["enc", "v1"]', "application/json", id="a list"),
        pytest.param(b'"v1"', "application/json", id="a string"),
        pytest.param(b"null", "application/json", id="null"),
    ],
)
async def test_bodies_that_are_not_a_json_object_are_validation_errors(
    client: httpx.AsyncClient, content: bytes, content_type: str
) -> None:
    response = await client.post(PROBE, content=content, headers={**DEMO, "Content-Type": content_type})
    body = failure(response, 422, "VALIDATION_ERROR")
    assert body["value"]["fields"][0]["location"] == "body"


async def test_plain_bodies_only_where_the_merchant_allows_them(
    client: httpx.AsyncClient, db: Database
) -> None:
    failure(await client.post(PROBE, json=GOOD, headers=DEMO), 400, "ENCRYPTION_REQUIRED")
    await allow_plain(db, "demo", True)
    assert value(await client.post(PROBE, json=GOOD, headers=DEMO)) == GOOD
    # An encrypted body still works there, and other merchants still refuse plain ones.
    assert value(await client.post(PROBE, json=await encrypt_with_served_key(client, GOOD), headers=DEMO))
    failure(await client.post(PROBE, json=GOOD, headers={"Merchant": "demo2"}), 400, "ENCRYPTION_REQUIRED")
    await allow_plain(db, "demo", False)
    failure(await client.post(PROBE, json=GOOD, headers=DEMO), 400, "ENCRYPTION_REQUIRED")


def field_names(body: dict[str, Any]) -> set[str]:
    fields = body["value"]["fields"]
    assert {f["location"] for f in fields} == {"body"}
    return {f["field"] for f in fields}


async def test_an_invalid_body_names_its_fields(client: httpx.AsyncClient, db: Database) -> None:
    bad = {"userName": "zq", "age": "old"}
    sealed = await encrypt_with_served_key(client, bad)
    body = failure(await client.post(PROBE, json=sealed, headers=DEMO), 422, "VALIDATION_ERROR")
    assert field_names(body) == {"userName", "age"}
    assert "zq" not in json.dumps(body)  # the decrypted input is not echoed
    missing = await encrypt_with_served_key(client, {"age": 20})
    body = failure(await client.post(PROBE, json=missing, headers=DEMO), 422, "VALIDATION_ERROR")
    assert field_names(body) == {"userName"}
    not_an_object = await encrypt_with_served_key(client, ["alice", 30])
    body = failure(await client.post(PROBE, json=not_an_object, headers=DEMO), 422, "VALIDATION_ERROR")
    assert body["value"]["fields"][0]["location"] == "body"
    # A plain body, where allowed, is checked the same way.
    await allow_plain(db, "demo", True)
    body = failure(await client.post(PROBE, json=bad, headers=DEMO), 422, "VALIDATION_ERROR")
    assert field_names(body) == {"userName", "age"}


async def test_the_document_shows_both_shapes(app: FastAPI) -> None:
    document = app.openapi()
    operation = document["paths"][PROBE]["post"]
    request_body = operation["requestBody"]
    assert request_body["required"] is True
    assert "ENCRYPTION_REQUIRED" in request_body["description"]
    schema = request_body["content"]["application/json"]["schema"]
    assert schema["oneOf"] == [
        {"$ref": "#/components/schemas/EncryptedPayload"},
        {"$ref": "#/components/schemas/ProbeIn"},
    ]
    assert "anyOf" not in schema
    schemas = document["components"]["schemas"]
    assert set(schemas["EncryptedPayload"]["required"]) == {"enc", "kid", "key", "iv", "data"}
    assert set(schemas["ProbeIn"]["properties"]) == {"userName", "age"}
    assert operation["x-encrypted-body"]["publicKey"] == "/wps/system/publicKey"
    headers = [p["name"] for p in operation["parameters"] if p["in"] == "header"]
    assert sorted(headers) == ["Language", "Merchant", "ModuleId"]  # once each, though two dependencies ask
    get_key = document["paths"]["/wps/system/publicKey"]["get"]
    assert get_key["operationId"] == "getPublicKey"
    ok_schema = get_key["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    envelope = schemas[ok_schema.split("/")[-1]]
    assert envelope["properties"]["value"]["anyOf"][0] == {"$ref": "#/components/schemas/PublicKeyOut"}
    assert set(schemas["PublicKeyOut"]["properties"]) == {"kid", "publicKey", "algorithm"}
    # Every reference in the document resolves.
    for ref in _refs(document):
        assert ref.removeprefix("#/components/schemas/") in schemas, ref


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []
