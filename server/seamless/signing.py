"""Request signing between a game provider and our seamless-wallet API: HMAC-SHA256 over the timestamp, the
method, the path and the exact body bytes, accepted within a window so that a captured request cannot be
replayed later (and a replay inside the window is harmless: money calls are idempotent by transaction id)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

TIMESTAMP_HEADER = "X-Vendor-Timestamp"
SIGNATURE_HEADER = "X-Vendor-Signature"
WINDOW_SECONDS = 300


def sign(secret: str, timestamp: int, method: str, path: str, body: bytes) -> str:
    message = b"\n".join([str(timestamp).encode(), method.upper().encode(), path.encode(), body])
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def verify(
    secret: str, timestamp: str | None, signature: str | None, method: str, path: str, body: bytes, now: float
) -> bool:
    if not timestamp or not signature or not timestamp.isdigit():
        return False
    if abs(now - int(timestamp)) > WINDOW_SECONDS:
        return False
    expected = sign(secret, int(timestamp), method, path, body)
    return hmac.compare_digest(expected, signature.strip().lower())


@dataclass(frozen=True)
class Signed:
    """A call as it was signed: what `verify` checks, whichever way the call arrived."""

    method: str
    path: str
    body: bytes
    timestamp: str | None
    signature: str | None
