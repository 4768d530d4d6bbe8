"""The house's side of the seamless-wallet API: signed JSON calls, over HTTP to the portal's address, or into
the same ASGI app when the house runs inside the portal's process (still the whole HTTP stack)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from starlette.types import ASGIApp

from server.house.config import PROVIDER, SEAMLESS_PREFIX, merchant_secret
from server.http.core import errors
from server.seamless.signing import SIGNATURE_HEADER, TIMESTAMP_HEADER, sign

BET_ROLLED_BACK = errors.BET_ROLLED_BACK.code


class WalletError(Exception):
    """The wallet refused (insufficient funds, an expired session…): its code and answer, for the player."""

    def __init__(self, status: int, code: str, message: str, value: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.value = value


class WalletClient:
    def __init__(
        self, house_secret: str, *, base_url: str = "", app: Callable[[], ASGIApp] | None = None
    ) -> None:
        self._secret = house_secret
        self._base_url = base_url.rstrip("/") or "http://portal.internal"
        self._app = app
        self._client: httpx.AsyncClient | None = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            transport = httpx.ASGITransport(app=self._app()) if self._app is not None else None
            self._client = httpx.AsyncClient(base_url=self._base_url, transport=transport, timeout=10.0)
        return self._client

    async def call(self, merchant: str, action: str, body: dict[str, Any]) -> dict[str, Any]:
        path = f"{SEAMLESS_PREFIX}/{merchant}/{PROVIDER}/{action}"
        raw = json.dumps(body, separators=(",", ":")).encode()
        now = int(time.time())
        signature = sign(merchant_secret(self._secret, merchant), now, "POST", path, raw)
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
            raise WalletError(response.status_code, "WALLET_UNAVAILABLE", response.text[:200], None) from None
        if not envelope.get("success"):
            raise WalletError(
                response.status_code,
                envelope.get("errorCode", "WALLET_ERROR"),
                envelope.get("message", ""),
                envelope.get("value"),
            )
        value: dict[str, Any] = envelope.get("value") or {}
        return value

    async def rollback_bet(self, merchant: str, player_id: str, bet_tx_id: str, round_id: str) -> None:
        """Refunds a bet whose fate is unknown (it may or may not have reached the wallet), which also refuses
        it for good should it arrive later. Already rolled back counts as done."""
        try:
            await self.call(
                merchant,
                "rollback",
                {
                    "playerId": player_id,
                    "txId": f"{bet_tx_id}:rollback",
                    "betTxId": bet_tx_id,
                    "roundId": round_id,
                },
            )
        except WalletError as exc:
            if exc.code != BET_ROLLED_BACK:
                raise

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
