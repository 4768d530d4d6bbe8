"""Every integer a request carries is bounded before it reaches a query: ids by the one wire type for them
(server.http.core.wire_types.WireId), counts and pages by their own limits. The input guard refuses a JSON
number or a path or query text outside 64 bits; a JSON string is text to it, and pydantic reads
"9223372036854775808" as a number, which the database driver then refused as a 500 on Postgres.

The OpenAPI documents (the portal's and the house's) are walked, so that a new field or parameter is checked
without being listed here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from server.app import create_app
from server.db.session import Database
from server.http.core.wire_types import ID_MAX
from tests.conftest import TEST_CLIENT_ADDRESS, make_settings
from tests.games.test_house_api import house_headers, open_game
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok

HUGE = 2**63  # one past the largest 64-bit integer
INT64 = (-HUGE, HUGE - 1)
# As JSON strings: pydantic reads a numeric string as the number.
OUT_OF_RANGE = (str(HUGE), str(-HUGE - 1))
HOUSE_PREFIX = "/house"


@dataclass(frozen=True)
class Place:
    """One integer a request carries: a parameter (`where` is path, query or header) or a body field
    (`where` is body and `name` the dotted path to it, `[]` for an item of a list)."""

    method: str
    path: str
    where: str
    name: str
    schema: dict[str, Any]
    encrypted: bool


def _resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _integers(
    document: dict[str, Any], schema: dict[str, Any], name: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    schema = _resolve(document, schema)
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            yield from _integers(document, option, name)
    if schema.get("type") == "integer":
        yield name, schema
    if schema.get("type") == "array" and "items" in schema:
        yield from _integers(document, schema["items"], name + "[]")
    for field, inner in schema.get("properties", {}).items():
        yield from _integers(document, inner, f"{name}.{field}" if name else field)


def places(document: dict[str, Any], prefix: str = "") -> list[Place]:
    found: dict[tuple[str, str, str, str], Place] = {}
    for path, operations in document["paths"].items():
        for method, op in operations.items():
            encrypted = "x-encrypted-body" in op
            for parameter in op.get("parameters", []):
                for name, schema in _integers(document, parameter.get("schema", {}), parameter["name"]):
                    place = Place(method, prefix + path, parameter["in"], name, schema, encrypted)
                    found[(method, place.path, place.where, name)] = place
            for media in op.get("requestBody", {}).get("content", {}).values():
                for name, schema in _integers(document, media.get("schema", {}), ""):
                    found[(method, prefix + path, "body", name)] = Place(
                        method, prefix + path, "body", name, schema, encrypted
                    )
    return list(found.values())


@pytest.fixture(scope="module")
def documents() -> list[Place]:
    app = create_app(make_settings("sqlite+aiosqlite:///:memory:"))
    house = next(getattr(r, "app", None) for r in app.routes if getattr(r, "path", None) == HOUSE_PREFIX)
    assert isinstance(house, FastAPI)
    return places(app.openapi()) + places(house.openapi(), HOUSE_PREFIX)


def test_every_integer_a_request_carries_is_bounded(documents: list[Place]) -> None:
    assert len(documents) > 100  # the walk found the API, not an empty document
    unbounded = []
    for place in documents:
        low, high = place.schema.get("minimum"), place.schema.get("maximum")
        is_id = bool(re.search(r"(^|[._])id$|[a-z]Id$|_id$", place.name.removesuffix("[]")))
        where = f"{place.method.upper()} {place.path} {place.where} {place.name}"
        if low is None or high is None or not INT64[0] <= low <= high <= INT64[1]:
            unbounded.append(f"{where}: {low}..{high}")
        elif is_id and (low < 0 or high > ID_MAX):
            unbounded.append(f"{where}: an id, {low}..{high}")
    assert unbounded == []


def _body(name: str, value: str) -> Any:
    """{"a": {"b": [value]}} for "a.b[]"."""
    head, _, rest = name.partition(".")
    listed = head.endswith("[]")
    key = head.removesuffix("[]")
    inner: Any = _body(rest, value) if rest else value
    if listed:
        inner = [inner]
    return {key: inner} if key else inner


def _error_name(name: str) -> str:
    """How a validation error names a body field: "tiers.0.rateBps" for "tiers[].rateBps"."""
    return name.replace("[]", ".0").removesuffix(".0") if name.endswith("[]") else name.replace("[]", ".0")


def _refused_here(answer: httpx.Response, place: Place) -> bool:
    if answer.status_code != 422:
        return False
    fields = answer.json()["value"]["fields"]
    for field in fields:
        location = field.get("location", "body")  # a service's own refusal names a body field
        if place.where == "body" and location == "body":
            sent = _error_name(place.name)
            if field["field"] == sent or (field["field"] or "").startswith(sent + "."):
                return True
        elif location == place.where and field["field"] in (place.name, None):
            return True  # the parameter's own check, or the input guard's (which names no field)
    return False


class Callers:
    """Who may make each call: the call's own checks (of the body, the path) come after the login's."""

    def __init__(self, client: httpx.AsyncClient, db: Database) -> None:
        self.client = client
        self.db = db
        self.headers: dict[str, dict[str, str]] = {}

    async def for_path(self, path: str) -> dict[str, str]:
        kind = (
            "house"
            if path.startswith(HOUSE_PREFIX)
            else "staff"
            if path.startswith("/wps/admin/")
            else "agent"
            if path.startswith("/wps/agent/")
            else "member"
        )
        if kind not in self.headers:
            if kind == "house":
                self.headers[kind] = house_headers(await open_game(self.client, self.db, "baccarat-a"))
            else:
                username = {"staff": "admin1", "agent": "agent1", "member": "player1"}[kind]
                token = await token_for(self.db, "demo", username, staff=kind == "staff")
                self.headers[kind] = {"Merchant": "demo", "Authorization": token}
        return self.headers[kind]


def _url(place: Place, value: str) -> str:
    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if place.where == "path" and name == place.name:
            return value
        return "1"

    return re.sub(r"\{([^}]+)\}", fill, place.path)


async def _send(client: httpx.AsyncClient, callers: Callers, place: Place, value: str) -> httpx.Response:
    headers = await callers.for_path(place.path)
    params = {place.name: value} if place.where == "query" else None
    if place.where != "body":
        return await client.request(place.method.upper(), _url(place, value), params=params, headers=headers)
    body = _body(place.name, value)
    if place.encrypted:
        portal = Portal(client)
        portal.token = headers.get("Authorization")
        return await portal.call(place.method.upper(), _url(place, value), body, encrypted=True)
    return await client.request(place.method.upper(), _url(place, value), json=body, headers=headers)


@pytest.mark.usefixtures("demo")
async def test_integers_outside_64_bits_as_text_are_refused_everywhere(
    app: FastAPI, db: Database, documents: list[Place]
) -> None:
    # A failure deep inside answers 500 here rather than raising, so that one run lists every place.
    transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        await _refused_everywhere(client, db, documents)


async def _refused_everywhere(client: httpx.AsyncClient, db: Database, documents: list[Place]) -> None:
    callers = Callers(client, db)
    missed = []
    for place in documents:
        for value in OUT_OF_RANGE:
            answer = await _send(client, callers, place, value)
            if not _refused_here(answer, place):
                where = f"{place.method.upper()} {place.path} {place.where} {place.name}={value}"
                missed.append(f"{where}: {answer.status_code} {answer.text[:300]}")
    assert missed == []


@pytest.mark.usefixtures("demo")
async def test_the_reported_ids_as_text(client: httpx.AsyncClient, db: Database) -> None:
    portal = Portal(client)
    ok(await portal.login("player1"))
    for value in OUT_OF_RANGE:
        favourite = {"gameId": value, "favourite": True}
        failed(await portal.call("POST", "/wps/relay/GCS_favourite", favourite), 422, "VALIDATION_ERROR")
        failed(await portal.call("POST", "/wps/game/launchGame", {"gameId": value}), 422, "VALIDATION_ERROR")
        body = {
            "bankAccountId": value,
            "amount": "1.00",
            "paymentPassword": "135790",
            "requestId": "r-huge-22",
        }
        answer = await portal.call("POST", "/wps/cashier/withdrawals", body, encrypted=True)
        fields = failed(answer, 422, "VALIDATION_ERROR")["fields"]
        assert [f["field"] for f in fields] == ["bankAccountId"], fields
    # Ids inside the range still work as numbers and as numeric text.
    from tests.games.support import game_id

    real = await game_id(db, "demo", "slot-golden-dragon")
    ok(await portal.call("POST", "/wps/relay/GCS_favourite", {"gameId": str(real), "favourite": True}))
    ok(await portal.call("POST", "/wps/game/launchGame", {"gameId": real}))
