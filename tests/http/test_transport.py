"""Behind a TLS-terminating proxy we trust, the portal knows the request was https: HSTS, Secure cookies.
Anyone else claiming https with X-Forwarded-Proto is not believed."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI

from server.app import create_app
from server.db.session import Database
from tests.conftest import TEST_CLIENT_ADDRESS, make_settings

pytestmark = pytest.mark.usefixtures("demo")

HTTPS = {"Merchant": "demo", "X-Forwarded-Proto": "https"}


async def test_https_at_a_trusted_proxy_gets_hsts_and_secure_cookies(client: httpx.AsyncClient) -> None:
    answer = await client.get("/wps/captcha", headers=HTTPS)
    assert answer.status_code == 200
    assert answer.headers["strict-transport-security"] == "max-age=31536000; includeSubDomains"
    cookie = answer.headers["set-cookie"].lower()
    assert "; secure" in cookie
    assert "httponly" in cookie
    plain = await client.get("/wps/captcha", headers={"Merchant": "demo"})
    assert "strict-transport-security" not in plain.headers
    assert "; secure" not in plain.headers["set-cookie"].lower()


async def test_an_untrusted_peer_cannot_claim_https(database_url: str, db: Database) -> None:
    app: FastAPI = create_app(make_settings(database_url, trusted_proxies=""), db=db)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=TEST_CLIENT_ADDRESS)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            answer = await client.get("/wps/captcha", headers=HTTPS)
    assert answer.status_code == 200
    assert "strict-transport-security" not in answer.headers
    assert "; secure" not in answer.headers["set-cookie"].lower()
