"""The status call answered ahead of FastAPI (HotRoutes, as the served app runs) answers exactly as its route
does through FastAPI, with the same edge: request id, security headers, input guard, error envelope."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from server.app import create_app, create_asgi, edge_middleware
from server.brands.router import HOT_ROUTES
from server.brands.schemas import StatusOut
from server.db.session import Database
from server.http.core.envelope import Envelope
from server.http.edge.raw_route import HotRoutes
from server.settings import Settings
from tests.conftest import TEST_CLIENT_ADDRESS

pytestmark = pytest.mark.usefixtures("demo")


@pytest.fixture
async def served(settings: Settings, db: Database) -> AsyncIterator[httpx.AsyncClient]:
    """The whole served app: Socket.IO in front, the hot routes, then the API."""
    app = create_asgi(settings, db=db)
    api = create_app(settings, db=db)  # only for its lifespan's start-up work (GeoIP and the like)
    async with api.router.lifespan_context(api):
        transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            yield client


async def both(
    client: httpx.AsyncClient, served: httpx.AsyncClient, *args: str, **kwargs: object
) -> tuple[httpx.Response, httpx.Response]:
    return await client.get(*args, **kwargs), await served.get(*args, **kwargs)  # type: ignore[arg-type]


async def test_status_answers_alike_ahead_of_fastapi_and_through_it(
    app: FastAPI, client: httpx.AsyncClient, served: httpx.AsyncClient
) -> None:
    for headers in ({"Merchant": "demo"}, {"Merchant": "demo2", "Language": "VI"}):
        through, ahead = await both(client, served, "/wps/system/status", headers=headers)
        assert ahead.status_code == through.status_code == 200
        assert ahead.json() == through.json()
        Envelope[StatusOut].model_validate(ahead.json())
        for response in (through, ahead):
            assert response.headers["x-content-type-options"] == "nosniff"
            assert response.headers["x-frame-options"] == "SAMEORIGIN"
            assert response.headers["content-type"] == "application/json"
            assert len(response.headers["x-request-id"]) >= 8
    # The page's address picks the merchant when no header does.
    through, ahead = await both(
        client, served, "/wps/system/status", params={"url": "http://demo2.localhost/"}
    )
    assert ahead.json() == through.json()
    assert ahead.json()["value"]["info"]["brand"]["merchantCode"] == "demo2"


async def test_failures_ahead_of_fastapi_leave_as_the_same_envelopes(
    client: httpx.AsyncClient, served: httpx.AsyncClient
) -> None:
    through, ahead = await both(client, served, "/wps/system/status", headers={"Merchant": "nobody"})
    assert ahead.status_code == through.status_code == 404
    assert ahead.json() == through.json()
    assert ahead.json()["errorCode"] == "MERCHANT_NOT_FOUND"
    assert ahead.headers["x-request-id"]
    # The input guard stands in front of the hot routes too.
    through, ahead = await both(client, served, "/wps/system/status", params={"url": "a\x00b"})
    assert ahead.status_code == through.status_code == 422
    assert ahead.json() == through.json()
    # Other methods are FastAPI's to answer.
    refused = await served.post("/wps/system/status", headers={"Merchant": "demo"})
    assert refused.status_code == 405
    assert refused.json()["errorCode"] == "METHOD_NOT_ALLOWED"


async def test_the_served_app_answers_status_without_reaching_fastapi(
    settings: Settings, db: Database
) -> None:
    api = create_app(settings, db=db)

    class Unreachable:
        """The API's state, but no calls: a status call must be answered before it."""

        state = api.state

        async def __call__(self, *_: object) -> None:
            raise AssertionError("the status call went through FastAPI")

    hot = HotRoutes(Unreachable(), HOT_ROUTES, edge=edge_middleware(settings))
    transport = httpx.ASGITransport(app=hot, client=TEST_CLIENT_ADDRESS)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        answer = await client.get("/wps/system/status", headers={"Merchant": "demo"})
        assert answer.status_code == 200
        assert answer.json()["value"]["status"] == 0
        with pytest.raises(AssertionError, match="through FastAPI"):
            await client.get("/wps/system/whitelabel", headers={"Merchant": "demo"})
