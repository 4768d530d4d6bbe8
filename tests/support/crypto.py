"""Encrypted request bodies built the way the web client builds them, for the tests of the E calls."""

from __future__ import annotations

import base64
import json
import os
import time
from typing import Any

import httpx
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

OAEP = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def seal(public_spki_b64: str, kid: str, plaintext: bytes) -> dict[str, Any]:
    """Any plaintext, even one the server must refuse, in the v1 envelope."""
    public_key = serialization.load_der_public_key(base64.b64decode(public_spki_b64))
    assert isinstance(public_key, rsa.RSAPublicKey)
    aes_key = AESGCM.generate_key(bit_length=256)
    iv = os.urandom(12)
    return {
        "enc": "v1",
        "kid": kid,
        "key": b64(public_key.encrypt(aes_key, OAEP)),
        "iv": b64(iv),
        "data": b64(AESGCM(aes_key).encrypt(iv, plaintext, None)),
    }


def encrypt_for(public_spki_b64: str, kid: str, body: Any, *, ts_ms: int | None = None) -> dict[str, Any]:
    ts = int(time.time() * 1000) if ts_ms is None else ts_ms
    return seal(public_spki_b64, kid, json.dumps({"ts": ts, "body": body}).encode())


async def encrypt_with_served_key(
    client: httpx.AsyncClient, body: Any, *, merchant: str = "demo", ts_ms: int | None = None
) -> dict[str, Any]:
    """Asks the API for its key, as the browser does, and encrypts `body` for it."""
    answer = await client.get("/wps/system/publicKey", headers={"Merchant": merchant})
    assert answer.status_code == 200, answer.text
    key = answer.json()["value"]
    return encrypt_for(key["publicKey"], key["kid"], body, ts_ms=ts_ms)
