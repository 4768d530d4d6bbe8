"""Human verification before login, registration, SMS sending and password reset.

The verifier is behind a Protocol so that a merchant can later use a third-party service (geetest and
the like); the built-in one is a proof of work: the browser searches for a nonce whose SHA-256 with the
challenge's salt starts with `difficulty` zero bits. That costs a person a fraction of a second once and a
bot farm real CPU for every attempt, with no third party to call and nothing to leak."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Protocol

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.security.models import HumanChallenge

ALGORITHM = "SHA-256"
LIFETIME = timedelta(minutes=5)
ISSUES_PER_IP_PER_MINUTE = 60
# A browser counts up from 0; twenty digits is far beyond any search that finishes in our lifetime, and
# the bound keeps absurd inputs from being hashed or converted.
_MAX_NONCE_DIGITS = 20
_NONCE = re.compile(rf"[0-9]{{1,{_MAX_NONCE_DIGITS}}}")
_MAX_CHALLENGE_ID = 64  # the column's length


class HumanVerifier(Protocol):
    async def issue(self, session: AsyncSession, *, merchant_id: int, ip: str) -> dict[str, Any]:
        """What the browser needs to run the verification (JSON-ready)."""
        ...

    async def verify(
        self, session: AsyncSession, *, merchant_id: int, result: Mapping[str, Any] | None, ip: str
    ) -> bool:
        """Whether the browser's result passes. Must never raise on malformed input."""
        ...


def leading_zero_bits(digest: bytes) -> int:
    return len(digest) * 8 - int.from_bytes(digest, "big").bit_length()


def work_hash(salt: str, nonce: int) -> bytes:
    return hashlib.sha256(f"{salt}:{nonce}".encode()).digest()


def _nonce_of(value: object) -> int | None:
    """A non-negative integer, given as a JSON number or a decimal string; None for anything else."""
    # bool is an int subclass: True must not pass as nonce 1.
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < 10**_MAX_NONCE_DIGITS else None
    if isinstance(value, str) and _NONCE.fullmatch(value):
        return int(value)
    return None


class ProofOfWorkVerifier:
    def __init__(self, difficulty: int) -> None:
        if not 1 <= difficulty <= 32:
            raise ValueError("difficulty must be between 1 and 32 bits")
        self.difficulty = difficulty

    async def issue(self, session: AsyncSession, *, merchant_id: int, ip: str) -> dict[str, Any]:
        # Counted across merchants, so that switching the Merchant header does not reset it.
        since = utcnow() - timedelta(minutes=1)
        recent = await session.scalar(
            select(func.count())
            .select_from(HumanChallenge)
            .where(HumanChallenge.ip == ip, HumanChallenge.created_at >= since)
        )
        if int(recent or 0) >= ISSUES_PER_IP_PER_MINUTE:
            raise AppError(errors.TOO_MANY_REQUEST)
        challenge = HumanChallenge(
            merchant_id=merchant_id,
            challenge_id=secrets.token_urlsafe(16),
            salt=secrets.token_hex(16),
            difficulty=self.difficulty,
            ip=ip,
            expires_at=utcnow() + LIFETIME,
        )
        session.add(challenge)
        await session.flush()
        return {
            "challengeId": challenge.challenge_id,
            "algorithm": ALGORITHM,
            "salt": challenge.salt,
            "difficulty": challenge.difficulty,
            "expiresAt": challenge.expires_at.isoformat(),
        }

    async def verify(
        self, session: AsyncSession, *, merchant_id: int, result: Mapping[str, Any] | None, ip: str
    ) -> bool:
        # The address is not compared: a phone may change networks between fetching and answering.
        if not isinstance(result, Mapping):
            return False
        challenge_id = result.get("challengeId")
        if not isinstance(challenge_id, str) or not 0 < len(challenge_id) <= _MAX_CHALLENGE_ID:
            return False
        now = utcnow()
        # Marked used and read in one statement: a solution is good for exactly one call, even when two
        # calls race with it.
        row = (
            await session.execute(
                update(HumanChallenge)
                .where(HumanChallenge.challenge_id == challenge_id, HumanChallenge.used_at.is_(None))
                .values(used_at=now)
                .returning(
                    HumanChallenge.merchant_id,
                    HumanChallenge.salt,
                    HumanChallenge.difficulty,
                    HumanChallenge.expires_at,
                )
                .execution_options(synchronize_session=False)
            )
        ).one_or_none()
        if row is None or row.merchant_id != merchant_id or now >= row.expires_at:
            return False
        nonce = _nonce_of(result.get("nonce"))
        if nonce is None:
            return False
        # The difficulty the challenge was issued with, so a settings change does not void open ones.
        salt: str = row.salt
        difficulty: int = row.difficulty
        return leading_zero_bits(work_hash(salt, nonce)) >= difficulty


async def require_human(
    session: AsyncSession,
    verifier: HumanVerifier,
    *,
    brand: Brand,
    result: Mapping[str, Any] | None,
    ip: str,
) -> None:
    """For routes: nothing when the merchant has verification off; CHALLENGE_REQUIRED without a result,
    CHALLENGE_INVALID when it fails (committing the consumption, so a failed result cannot be replayed)."""
    if not brand.human_verification:
        return
    if not result:
        raise AppError(errors.CHALLENGE_REQUIRED)
    if not await verifier.verify(session, merchant_id=brand.id, result=result, ip=ip):
        raise AppError(errors.CHALLENGE_INVALID, commit_changes=True)


async def purge_expired_challenges(session: AsyncSession) -> int:
    """Delete challenges past their lifetime; the issue limit counts only the last minute, so purging
    never resets it."""
    result = await session.execute(
        delete(HumanChallenge)
        .where(HumanChallenge.expires_at < utcnow())
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
