"""The status call's replayed answers (server/http/edge/status_cache.py): byte for byte what the ordinary path
answers, never reaching it while the brand snapshot holds, and gone as soon as the brand changes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import httpx
import pytest

from server.app import create_app, create_asgi
from server.brands import service as brands_service
from server.brands.cache import BrandCache
from server.db import after_commit
from server.db.base import utcnow
from server.db.session import Database
from server.http.edge.status_cache import StatusCache
from server.settings import Settings
from tests.conftest import TEST_CLIENT_ADDRESS, make_settings
from tests.support.accounts import token_for

pytestmark = pytest.mark.usefixtures("demo")
STATUS = "/wps/system/status"


@pytest.fixture
def cached_settings(database_url: str) -> Settings:
    """As deployed: brand snapshots are kept a while (the test settings keep none, so nothing is replayed)."""
    return make_settings(database_url, trusted_proxies="127.0.0.1/32", brand_cache_seconds=300)


@pytest.fixture
async def served(
    cached_settings: Settings, db: Database
) -> AsyncIterator[tuple[StatusCache, httpx.AsyncClient]]:
    app = create_asgi(cached_settings, db=db)
    assert isinstance(app, StatusCache)
    api = create_app(cached_settings, db=db)  # only for its lifespan's start-up work (GeoIP and the like)
    async with api.router.lifespan_context(api):
        transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            yield app, client


def without_request_id(response: httpx.Response) -> list[tuple[bytes, bytes]]:
    return [(name, value) for name, value in response.headers.raw if name.lower() != b"x-request-id"]


class Unreachable:
    """Stands in for everything behind the cache: a replay must not reach it."""

    async def __call__(self, *_: Any) -> None:
        raise AssertionError("the status call went past the cache")


async def test_a_replayed_answer_is_byte_identical_to_the_ordinary_one(
    served: tuple[StatusCache, httpx.AsyncClient],
) -> None:
    cache, client = served
    for request in (
        {"headers": {"Merchant": "demo"}},
        {"headers": {"Merchant": "demo2", "X-Forwarded-For": "8.8.8.8"}},
        {"params": {"url": "http://demo2.localhost/"}},
    ):
        made = await client.get(STATUS, **request)  # type: ignore[arg-type]
        assert made.status_code == 200
        behind, cache.app = cache.app, Unreachable()
        try:
            replayed = await client.get(STATUS, **request)  # type: ignore[arg-type]
        finally:
            cache.app = behind
        assert replayed.status_code == 200
        assert replayed.content == made.content
        assert without_request_id(replayed) == without_request_id(made)
        assert replayed.headers["x-request-id"] != made.headers["x-request-id"]
    assert len(cache._entries) == 3  # one per brand pick, whatever the address


async def test_the_key_holds_everything_the_answer_depends_on(
    served: tuple[StatusCache, httpx.AsyncClient],
) -> None:
    _, client = served
    one = (await client.get(STATUS, headers={"Merchant": "demo", "X-Forwarded-For": "8.8.8.8"})).json()
    other = (await client.get(STATUS, headers={"Merchant": "demo", "X-Forwarded-For": "1.1.1.1"})).json()
    assert one["value"]["location"]["ip"] == "8.8.8.8"
    assert other["value"]["location"]["ip"] == "1.1.1.1"
    brand = (await client.get(STATUS, headers={"Merchant": "demo2"})).json()["value"]["info"]["brand"]
    assert brand["merchantCode"] == "demo2"
    # The caller's own request id is answered back, on a replay as on the ordinary path.
    for _ in range(2):
        answer = await client.get(STATUS, headers={"Merchant": "demo2", "X-Request-Id": "trace-1"})
        assert answer.headers["x-request-id"] == "trace-1"


async def test_a_brand_change_ends_the_replay(
    served: tuple[StatusCache, httpx.AsyncClient], db: Database, emitted: list[Any]
) -> None:
    cache, client = served
    demo = {"Merchant": "demo"}
    assert (await client.get(STATUS, headers=demo)).json()["value"]["status"] == 0
    assert (await client.get(STATUS, headers=demo)).json()["value"]["status"] == 0  # replayed
    token = await token_for(db, "demo", "admin1", staff=True)
    switched = await client.put(
        "/wps/admin/merchant/maintenance", json={"on": True}, headers={**demo, "Authorization": token}
    )
    assert switched.status_code == 200, switched.text
    await after_commit.drain()
    assert (await client.get(STATUS, headers=demo)).json()["value"]["status"] == 1
    # The brand cache forgetting its snapshot (its time is up, or another change) is enough on its own.
    brands: BrandCache = cache.brands
    before = await client.get(STATUS, headers={"Merchant": "demo2"})
    brands.invalidate()
    behind, cache.app = cache.app, Unreachable()
    try:
        with pytest.raises(AssertionError, match="past the cache"):
            await client.get(STATUS, headers={"Merchant": "demo2"})
    finally:
        cache.app = behind
    assert (await client.get(STATUS, headers={"Merchant": "demo2"})).content == before.content


async def test_failures_are_not_kept(served: tuple[StatusCache, httpx.AsyncClient]) -> None:
    cache, client = served
    for _ in range(2):
        answer = await client.get(STATUS, headers={"Merchant": "nobody"})
        assert answer.status_code == 404
        assert answer.json()["errorCode"] == "MERCHANT_NOT_FOUND"
    assert cache._entries == {}


def peer(cache: StatusCache, address: str) -> httpx.AsyncClient:
    """A client reaching the server from that address (the socket's peer)."""
    transport = httpx.ASGITransport(app=cache, client=(address, 5000))
    return httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1")


async def replayed_and_ordinary(
    cache: StatusCache, client: httpx.AsyncClient, headers: dict[str, str]
) -> tuple[httpx.Response, httpx.Response]:
    """The replay this client gets of an answer recorded for another, and then the ordinary path's answer."""
    behind, cache.app = cache.app, Unreachable()
    try:
        replayed = await client.get(STATUS, headers=headers)
    finally:
        cache.app = behind
    cache._entries.clear()
    ordinary = await client.get(STATUS, headers=headers)
    return replayed, ordinary


async def test_every_client_gets_its_own_address_country_and_status_from_a_replay(
    served: tuple[StatusCache, httpx.AsyncClient], db: Database
) -> None:
    cache, proxy = served  # the test client's address is a trusted proxy
    async with db.session() as session:
        await brands_service.add_region_rule(session, "demo", action="BLOCK", country="US")
        await brands_service.add_region_rule(session, "demo", action="ALLOW", network="8.8.4.0/24")
    outsider, american = peer(cache, "198.51.100.20"), peer(cache, "8.8.8.8")
    cases = [
        # (who asks, X-Forwarded-For, the address it is answered as, its country, the status)
        (proxy, "8.8.8.8", "8.8.8.8", "US", 2),  # through the trusted proxy: a blocked country
        (proxy, "8.8.4.4", "8.8.4.4", "US", 0),  # the same country, but an ALLOW network wins
        (proxy, "1.1.1.1", "1.1.1.1", "AU", 0),
        (outsider, "8.8.8.8", "198.51.100.20", "", 0),  # an untrusted peer's X-Forwarded-For is ignored
        (american, None, "8.8.8.8", "US", 2),  # a direct peer in the blocked country
        (american, "1.1.1.1", "8.8.8.8", "US", 2),  # which cannot talk its way out
    ]
    async with outsider, american:
        for client, forwarded, ip, country, status in cases:
            recorded = await proxy.get(STATUS, headers={"Merchant": "demo"})  # another client's answer
            assert recorded.json()["value"]["location"] == {"ip": "127.0.0.1", "country": ""}
            headers = {"Merchant": "demo", **({"X-Forwarded-For": forwarded} if forwarded else {})}
            replayed, ordinary = await replayed_and_ordinary(cache, client, headers)
            assert replayed.content == ordinary.content, (forwarded, ip)
            assert without_request_id(replayed) == without_request_id(ordinary)
            value = replayed.json()["value"]
            assert value["location"] == {"ip": ip, "country": country}
            assert (value["status"], value["regionRestriction"]) == (status, status == 2)


async def test_maintenance_reaches_every_client_and_its_window_opens_on_time(
    served: tuple[StatusCache, httpx.AsyncClient], db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, proxy = served
    opens = utcnow() + timedelta(minutes=5)
    async with db.session() as session:
        await brands_service.add_region_rule(session, "demo", action="ALLOW", network="8.8.4.0/24")
        await brands_service.set_maintenance(
            session, "demo", on=False, start=opens, end=opens + timedelta(hours=1), message="Back soon"
        )
    headers = {"Merchant": "demo", "X-Forwarded-For": "8.8.4.4"}
    before = await proxy.get(STATUS, headers=headers)
    assert before.json()["value"]["status"] == 0
    assert before.json()["value"]["maintenanceMessage"] is None  # not told before the window opens
    # The window opens: nothing about the brand changed, yet the next (replayed) answer says so, to the
    # ALLOW network as to everyone (maintenance wins over region rules).
    monkeypatch.setattr(brands_service, "utcnow", lambda: opens + timedelta(seconds=1))
    async with peer(cache, "198.51.100.20") as outsider:
        for client in (proxy, outsider):
            replayed, ordinary = await replayed_and_ordinary(cache, client, headers)
            assert replayed.content == ordinary.content
            value = replayed.json()["value"]
            assert (value["status"], value["maintenance"]) == (1, True)
            assert value["maintenanceMessage"] == "Back soon"
            await client.get(STATUS, headers=headers)  # recorded again for the next client
