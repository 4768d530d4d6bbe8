"""Key pairs for the encrypted request bodies of the calls SPEC marks E, and opening such a body.

The client wraps a fresh AES-256 key with the published RSA key (OAEP, SHA-256) and seals
{"ts": <epoch ms>, "body": <the call's JSON body>} with AES-256-GCM. The timestamp bounds how long a
captured body can be replayed. The newest unretired key is published; older ones still open bodies until
they are retired, so rotation is `create_key` now and `retire` of the old kid once clients have moved on.
"""

from __future__ import annotations

import asyncio
import base64
import math
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

import orjson
import structlog
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.security.models import PayloadKey

log = structlog.get_logger(__name__)

VERSION = "v1"
ALGORITHM = "RSA-OAEP-256+A256GCM"
MAX_CLOCK_SKEW_MS = 5 * 60 * 1000
# Another process may retire a key; this is how long this one may keep believing it is still good.
RETIRED_STATE_SECONDS = 30.0
# The E calls carry a few form fields: anything larger is not one of ours, and AES-GCM over it is waste.
MAX_DATA_BYTES = 64 * 1024

_RSA_BITS = 2048
_IV_BYTES = 12
_AES_KEY_BYTES = 32
_TAG_BYTES = 16
# Checked before the kid reaches SQL, so a NUL or an odd byte cannot turn into a database error (a 500).
_KID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_OAEP = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


@dataclass
class _Loaded:
    private_key: rsa.RSAPrivateKey
    retired: bool
    checked_at: float  # time.monotonic() of the last look at the row


# Parsing a PEM costs milliseconds (the key is validated), far too much for every request.
_loaded: dict[str, _Loaded] = {}


class _Unreadable(Exception):
    """Why a body could not be opened: for the log only, the client always hears DECRYPTION_FAILED."""


async def active_key(session: AsyncSession) -> PayloadKey:
    """The key to publish: the newest unretired one, created on first use."""
    key = await session.scalar(
        select(PayloadKey)
        .where(PayloadKey.retired_at.is_(None))
        # kid breaks a tie, so two processes that created keys at the same moment publish the same one.
        .order_by(PayloadKey.created_at.desc(), PayloadKey.kid)
        .limit(1)
    )
    return key if key is not None else await create_key(session)


async def create_key(session: AsyncSession) -> PayloadKey:
    """A new key pair, published from now on. Two processes racing here each add one with its own random
    kid: both keys work, so no lock is needed."""
    # Generating RSA primes takes tens to hundreds of milliseconds: keep it off the event loop.
    private_key = await asyncio.to_thread(rsa.generate_private_key, public_exponent=65537, key_size=_RSA_BITS)
    pem = private_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    spki = private_key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    key = PayloadKey(
        kid=secrets.token_urlsafe(9),
        private_pem=pem.decode("ascii"),
        public_spki_b64=base64.b64encode(spki).decode("ascii"),
    )
    session.add(key)
    await session.flush()
    return key


async def retire(session: AsyncSession, kid: str) -> None:
    """The key stops opening bodies: at once in this process, within RETIRED_STATE_SECONDS elsewhere."""
    await session.execute(
        update(PayloadKey)
        .where(PayloadKey.kid == kid, PayloadKey.retired_at.is_(None))
        .values(retired_at=utcnow())
    )
    loaded = _loaded.get(kid)
    if loaded is not None:
        loaded.retired = True


async def decrypt(session: AsyncSession, payload: dict[str, Any]) -> Any:
    """The call's body out of an encrypted payload. Every failure is the same DECRYPTION_FAILED, so a
    prober cannot tell which check it tripped."""
    try:
        kid, wrapped, iv, data = _parts(payload)
        private_key = await _private_key(session, kid)
        return _open(private_key, wrapped, iv, data)
    except _Unreadable as exc:
        reason = str(exc)
    # ValueError covers bad base64, a failed RSA unwrap and JSON that does not parse.
    except (ValueError, TypeError, InvalidTag) as exc:
        reason = type(exc).__name__
    log.info("payload_unreadable", reason=reason)
    raise AppError(errors.DECRYPTION_FAILED)


def _parts(payload: Any) -> tuple[str, bytes, bytes, bytes]:
    if not isinstance(payload, dict) or payload.get("enc") != VERSION:
        raise _Unreadable("version")
    kid = payload.get("kid")
    if not isinstance(kid, str) or not _KID.fullmatch(kid):
        raise _Unreadable("kid")
    wrapped, iv, data = (_b64(payload.get(name), name) for name in ("key", "iv", "data"))
    if len(iv) != _IV_BYTES or not _TAG_BYTES <= len(data) <= MAX_DATA_BYTES + _TAG_BYTES:
        raise _Unreadable("size")
    return kid, wrapped, iv, data


def _b64(value: Any, name: str) -> bytes:
    if not isinstance(value, str):
        raise _Unreadable(name)
    return base64.b64decode(value, validate=True)


async def _private_key(session: AsyncSession, kid: str) -> rsa.RSAPrivateKey:
    now = time.monotonic()
    loaded = _loaded.get(kid)
    if loaded is None or now - loaded.checked_at > RETIRED_STATE_SECONDS:
        row = (
            await session.execute(
                select(PayloadKey.private_pem, PayloadKey.retired_at).where(PayloadKey.kid == kid)
            )
        ).one_or_none()
        if row is None:
            # Unknown kids are not remembered: a key another process just created must work at once.
            _loaded.pop(kid, None)
            raise _Unreadable("unknown kid")
        private_key = loaded.private_key if loaded is not None else _load(row.private_pem)
        loaded = _Loaded(private_key, retired=row.retired_at is not None, checked_at=now)
        _loaded[kid] = loaded
    if loaded.retired:
        raise _Unreadable("retired kid")
    return loaded.private_key


def _load(pem: str) -> rsa.RSAPrivateKey:
    # The key is one this server generated and stored itself: the checks that guard against a crafted
    # key (cryptography's RSA validation, ~50 ms a load) have nothing to find.
    private_key = serialization.load_pem_private_key(
        pem.encode("ascii"), password=None, unsafe_skip_rsa_key_validation=True
    )
    if not isinstance(private_key, rsa.RSAPrivateKey):
        raise _Unreadable("stored key is not RSA")
    return private_key


def _open(private_key: rsa.RSAPrivateKey, wrapped: bytes, iv: bytes, data: bytes) -> Any:
    if len(wrapped) != private_key.key_size // 8:
        raise _Unreadable("size")
    aes_key = private_key.decrypt(wrapped, _OAEP)
    if len(aes_key) != _AES_KEY_BYTES:
        raise _Unreadable("size")
    message = orjson.loads(AESGCM(aes_key).decrypt(iv, data, None))
    if not isinstance(message, dict) or "body" not in message:
        raise _Unreadable("shape")
    ts = message.get("ts")
    if isinstance(ts, bool) or not isinstance(ts, int | float) or not math.isfinite(ts):
        raise _Unreadable("shape")
    if abs(time.time() * 1000 - ts) > MAX_CLOCK_SKEW_MS:
        raise _Unreadable("stale")
    return message["body"]
