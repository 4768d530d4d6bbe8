"""The house's side of the seamless-wallet API: signed JSON calls, over HTTP to the portal's address, or, when
the house runs inside the portal's process, handed to the portal's seamless handlers in that process
(server.games.seamless_direct): the same signed bytes and the same answer, without the HTTP stack."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

import httpx

from server.house.config import PROVIDER, merchant_secret
from server.seamless import protocol
from server.seamless.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, Signed, sign

# The code of an answer that is not the wallet's envelope (a proxy's error page): what it did is unknown.
NO_ENVELOPE = "WALLET_UNAVAILABLE"


class WalletError(Exception):
    """The wallet refused (insufficient funds, an expired session…): its code and answer, for the player."""

    def __init__(self, status: int, code: str, message: str, value: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.value = value


class InProcess(Protocol):
    """The portal's seamless API in this process: a signed call's (status, envelope)."""

    async def post(self, signed: Signed) -> tuple[int, dict[str, Any]]: ...


class WalletClient:
    """Over HTTP to base_url, or to `in_process`, the portal's own handlers."""

    def __init__(
        self,
        house_secret: str,
        *,
        base_url: str = "",
        in_process: Callable[[], InProcess] | None = None,
    ) -> None:
        self._secret = house_secret
        self._base_url = base_url.rstrip("/") or "http://portal.internal"
        self._in_process = in_process
        self._client: httpx.AsyncClient | None = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(base_url=self._base_url, timeout=10.0)
        return self._client

    async def call(self, merchant: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
        path = protocol.action_path(merchant, PROVIDER, action)
        raw = json.dumps(body, separators=(",", ":")).encode()
        now = int(time.time())
        signature = sign(merchant_secret(self._secret, merchant), now, "POST", path, raw)
        if self._in_process is not None:
            status, envelope = await self._in_process().post(Signed("POST", path, raw, str(now), signature))
        else:
            status, envelope = await self._post(path, raw, now, signature)
        if not envelope.get("success"):
            raise WalletError(
                status,
                envelope.get("errorCode", "WALLET_ERROR"),
                envelope.get("message", ""),
                envelope.get("value"),
            )
        value: dict[str, Any] = envelope.get("value") or {}
        return value

    async def _post(self, path: str, raw: bytes, now: int, signature: str) -> tuple[int, dict[str, Any]]:
        response = await self._http().post(
            path,
            content=raw,
            headers={
                "Content-Type": "application/json",
                TIMESTAMP_HEADER: str(now),
                SIGNATURE_HEADER: signature,
            },
        )
        try:
            envelope = response.json()
        except ValueError:
            raise WalletError(response.status_code, NO_ENVELOPE, response.text[:200], None) from None
        if not isinstance(envelope, dict):
            raise WalletError(response.status_code, NO_ENVELOPE, response.text[:200], None)
        return response.status_code, envelope

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
