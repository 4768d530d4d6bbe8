"""A test client that talks to the API the way the web client does: the Merchant header, encrypted
bodies for the E calls, a solved human-verification challenge, the captcha cookie it was given."""

from __future__ import annotations

from typing import Any

import httpx

from server.security.challenge import leading_zero_bits, work_hash
from tests.support.crypto import encrypt_with_served_key

DEMO_PASSWORD = "Demo1234"


def solve(salt: str, difficulty: int) -> int:
    nonce = 0
    while leading_zero_bits(work_hash(salt, nonce)) < difficulty:
        nonce += 1
    return nonce


class Portal:
    def __init__(self, client: httpx.AsyncClient, merchant: str = "demo") -> None:
        self.client = client
        self.merchant = merchant
        self.token: str | None = None

    def headers(self, **extra: str) -> dict[str, str]:
        headers = {"Merchant": self.merchant, **extra}
        if self.token:
            headers["Authorization"] = self.token
        return headers

    async def challenge(self) -> dict[str, Any]:
        answer = await self.client.get("/wps/verification/challenge", headers=self.headers())
        value = answer.json()["value"]
        return {"challengeId": value["challengeId"], "nonce": solve(value["salt"], value["difficulty"])}

    async def call(
        self, method: str, path: str, body: Any = None, *, encrypted: bool = False
    ) -> httpx.Response:
        if encrypted and body is not None:
            body = await encrypt_with_served_key(self.client, body, merchant=self.merchant)
        return await self.client.request(method, path, json=body, headers=self.headers())

    async def login(
        self, username: str, password: str = DEMO_PASSWORD, *, captcha: str | None = None, **extra: Any
    ) -> httpx.Response:
        body = {
            "type": "username",
            "username": username,
            "password": password,
            "challenge": await self.challenge(),
        }
        if captcha is not None:
            body["captcha"] = captcha
        body.update(extra)
        answer = await self.call("POST", "/wps/session/login", body, encrypted=True)
        if answer.status_code == 200:
            self.token = answer.json()["value"]["token"]
        return answer

    async def captcha(self) -> None:
        """Fetch a captcha image: its cookie stays in the client's jar."""
        answer = await self.client.get("/wps/captcha", headers=self.headers())
        assert answer.status_code == 200, answer.text


def ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["success"] is True
    return body["value"]


def failed(answer: httpx.Response, status: int, code: str) -> Any:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["success"] is False
    assert body["errorCode"] == code, body
    return body.get("value")
