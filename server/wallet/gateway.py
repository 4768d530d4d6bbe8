"""Payment gateways. A real gateway is outside the product; it sits behind `PaymentGateway`. The sandbox
gateway plays one for development and tests: a payer page, and signed, replay-safe server-to-server
callbacks, in the usual shape (HMAC-SHA256 over timestamp, nonce and body)."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlencode

from server.http.core import errors
from server.http.core.errors import AppError

CALLBACK_WINDOW_SECONDS = 300


@dataclass(frozen=True)
class PaymentNotice:
    order_no: str
    amount: str  # decimal string, as gateways send it
    status: str  # PAID | FAILED
    nonce: str
    gateway_reference: str


class PaymentGateway(Protocol):
    code: str

    def payment_url(self, *, order_no: str, amount: str, merchant: str) -> str: ...

    def verify(self, headers: dict[str, str], body: bytes) -> PaymentNotice: ...


def _sign(secret: str, message: str) -> str:
    return hmac.new(secret.encode(), message.encode(), hashlib.sha256).hexdigest()


class SandboxGateway:
    code = "sandbox"

    def __init__(self, secret: str) -> None:
        self._secret = secret

    def payment_url(self, *, order_no: str, amount: str, merchant: str) -> str:
        query = {"amount": amount, "merchant": merchant}
        signature = _sign(self._secret, f"pay.{order_no}.{amount}.{merchant}")
        return f"/sandbox-gateway/pay/{order_no}?{urlencode({**query, 'sig': signature})}"

    def payment_link_valid(self, *, order_no: str, amount: str, merchant: str, signature: str) -> bool:
        expected = _sign(self._secret, f"pay.{order_no}.{amount}.{merchant}")
        return hmac.compare_digest(expected, signature)

    def signed_callback(
        self, notice: PaymentNotice, *, timestamp: int | None = None
    ) -> tuple[dict[str, str], bytes]:
        """What the gateway sends us: the body and the headers that sign it."""
        body = json.dumps(
            {
                "orderNo": notice.order_no,
                "amount": notice.amount,
                "status": notice.status,
                "reference": notice.gateway_reference,
            },
            separators=(",", ":"),
        ).encode()
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        signature = _sign(self._secret, f"{stamp}.{notice.nonce}.{body.decode()}")
        headers = {
            "X-Sandbox-Timestamp": stamp,
            "X-Sandbox-Nonce": notice.nonce,
            "X-Sandbox-Signature": signature,
        }
        return headers, body

    def verify(self, headers: dict[str, str], body: bytes) -> PaymentNotice:
        """The notice, when it is ours and fresh; GATEWAY_SIGNATURE otherwise. Replays are caught by the
        caller, which records every nonce it accepts."""
        lower = {k.lower(): v for k, v in headers.items()}
        stamp, nonce, signature = (
            lower.get(f"x-sandbox-{n}", "") for n in ("timestamp", "nonce", "signature")
        )
        if not (stamp.isdigit() and 8 <= len(nonce) <= 64 and signature):
            raise AppError(errors.GATEWAY_SIGNATURE)
        if abs(time.time() - int(stamp)) > CALLBACK_WINDOW_SECONDS:
            raise AppError(errors.GATEWAY_SIGNATURE)
        try:
            text = body.decode()
        except UnicodeDecodeError as exc:
            raise AppError(errors.GATEWAY_SIGNATURE) from exc
        if not hmac.compare_digest(_sign(self._secret, f"{stamp}.{nonce}.{text}"), signature):
            raise AppError(errors.GATEWAY_SIGNATURE)
        try:
            data = json.loads(text)
            return PaymentNotice(
                order_no=str(data["orderNo"]),
                amount=str(data["amount"]),
                status=str(data["status"]),
                nonce=nonce,
                gateway_reference=str(data.get("reference", ""))[:100],
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise AppError(errors.GATEWAY_SIGNATURE) from exc
