"""Every console call, read from the route table, against every kind of caller: no token, a member's, a
staff login of another merchant, and each staff role. A route under /wps/admin without a permission guard
fails here, so a new console call cannot ship without one."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute

from server.accounts.models import Staff
from server.admin import roles
from server.admin.roles import Permission
from server.brands import service as brands
from server.db.session import Database
from server.http.edge.auth import staff_principal
from tests.support.accounts import token_for

pytestmark = pytest.mark.usefixtures("demo")

OPEN = {"/wps/admin/session/login"}  # the one call before a staff login exists
SELF = "/wps/admin/session/"
STAFF = {
    roles.OPERATOR: "admin1",
    roles.FINANCE: "finance1",
    roles.SUPPORT: "support1",
    roles.AUDITOR: "auditor1",
}


def _calls(route: APIRoute) -> list[Any]:
    found = []
    pending = [route.dependant]
    while pending:
        dependant = pending.pop()
        found.append(dependant.call)
        pending.extend(dependant.dependencies)
    return found


def _permission(route: APIRoute) -> list[Permission]:
    return [call.permission for call in _calls(route) if getattr(call, "permission", None) is not None]


def _api_routes(routes: list[Any]) -> list[APIRoute]:
    """FastAPI 0.165 keeps an included router as one entry that holds the router (`original_router`)."""
    found = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif (included := getattr(route, "original_router", None)) is not None:
            found.extend(_api_routes(included.routes))
    return found


def console_routes(app: FastAPI) -> list[tuple[str, str, Permission | None]]:
    """(method, path, permission) of every console call; None for a staff member's own calls (its login,
    its account, its second factor), which any staff login of the merchant may make."""
    routes = []
    for route in _api_routes(app.routes):
        if not isinstance(route, APIRoute) or not route.path.startswith("/wps/admin") or route.path in OPEN:
            continue
        guards = _permission(route)
        if route.path.startswith(SELF):
            assert guards == [], f"{route.path} is a staff member's own call: no permission"
            assert staff_principal in _calls(route), f"{route.path} does not ask for a staff login"
            permission = None
        else:
            assert len(guards) == 1, f"{route.path} has {len(guards)} permission guards, not one"
            permission = guards[0]
        # A path parameter gets a value of the right shape that names nothing, so an allowed caller gets
        # a 404 or a 422, never a change.
        path = re.sub(r"\{[^}]+\}", "999999", route.path)
        for method in sorted(route.methods or ()):
            routes.append((method, path, permission))
    return routes


async def _call(client: httpx.AsyncClient, method: str, path: str, token: str | None, merchant: str) -> Any:
    headers = {"Merchant": merchant}
    if token:
        headers["Authorization"] = token
    kwargs: dict[str, Any] = {} if method == "GET" else {"json": {}}
    return await client.request(method, path, headers=headers, **kwargs)


async def test_every_console_call_checks_who_calls(
    app: FastAPI, client: httpx.AsyncClient, db: Database
) -> None:
    routes = console_routes(app)
    assert len(routes) >= 15  # the cashier, staff, audit, maintenance, outbox and own-account calls at least
    async with db.session() as session:
        demo = await brands.load_brand(session, "demo")
        assert demo is not None
        session.add(Staff(merchant_id=demo.id, username="pending1", password_hash="!", role=roles.OPERATOR))
    pending = await token_for(db, "demo", "pending1", staff=True, enrolled=False)
    tokens = {role: await token_for(db, "demo", name, staff=True) for role, name in STAFF.items()}
    member = await token_for(db, "demo", "player1")
    elsewhere = await token_for(db, "demo2", "admin1", staff=True)
    for method, path, permission in routes:
        where = f"{method} {path} ({permission})"
        refusals = [(None, 401, "UNAUTHORIZED"), (member, 401, "UNAUTHORIZED"), (elsewhere, 403, "FORBIDDEN")]
        if permission is not None:
            refusals.append((pending, 403, "OTP_ENROLMENT_REQUIRED"))
        for token, status, code in refusals:
            answer = await _call(client, method, path, token, "demo")
            assert (answer.status_code, answer.json()["errorCode"]) == (status, code), where
        for role, token in tokens.items():
            answer = await _call(client, method, path, token, "demo")
            if permission is None or roles.may(role, permission):
                assert answer.status_code not in (401, 403), f"{where} refused {role}: {answer.text}"
                assert answer.status_code < 500, f"{where} failed for {role}: {answer.text}"
            else:
                assert (answer.status_code, answer.json()["errorCode"]) == (403, "FORBIDDEN"), (
                    f"{where} let {role} in"
                )


def test_the_roles_grant_what_the_issue_says() -> None:
    assert roles.GRANTS[roles.OPERATOR] == frozenset(Permission)
    assert roles.may(roles.FINANCE, Permission.CASHIER_ACT)
    assert not roles.may(roles.FINANCE, Permission.BRAND_WRITE)
    assert not roles.may(roles.SUPPORT, Permission.CASHIER_READ)
    assert roles.may(roles.SUPPORT, Permission.MEMBERS_READ)
    # An auditor reads and never changes anything.
    writes = {Permission.CASHIER_ACT, Permission.BONUS_GRANT, Permission.BRAND_WRITE, Permission.STAFF_MANAGE}
    assert not roles.GRANTS[roles.AUDITOR] & writes
