"""Password hashing with argon2id (argon2-cffi's defaults follow RFC 9106's recommendation)."""

from __future__ import annotations

import asyncio
import secrets
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

# argon2-cffi's defaults: RFC 9106's second recommended option (argon2id, t=3, 64 MiB, 4 lanes).
PRODUCTION_HASHER = PasswordHasher()
_hasher = PRODUCTION_HASHER


def use_hasher(hasher: PasswordHasher) -> None:
    """Replaces this process's hasher. For the test suite only, which hashes and checks thousands of
    passwords and sets argon2's least cost (tests/conftest.py); a stored hash names its own parameters, so
    hashes of either cost verify under both."""
    global _hasher
    _hasher = hasher


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@lru_cache(maxsize=1)
def _unknown_name_hash() -> str:
    # Made on first use rather than at import: every process (a CLI command, a worker) would otherwise pay
    # a hash on start-up.
    return hash_password(secrets.token_urlsafe(16))


def verify_or_spend(stored_hash: str | None, password: str) -> bool:
    """Whether `password` matches; with no stored hash (an unknown name), False after the same work as a
    real check, so that an unknown name costs the same time as a known one."""
    if stored_hash is None:
        verify_password(_unknown_name_hash(), password)
        return False
    return verify_password(stored_hash, password)


def needs_rehash(stored_hash: str) -> bool:
    return _hasher.check_needs_rehash(stored_hash)


# argon2 costs tens of milliseconds of CPU by design. argon2-cffi releases the GIL while it hashes, so
# in a thread it no longer stalls every other request on the event loop.
async def hash_password_async(password: str) -> str:
    return await asyncio.to_thread(hash_password, password)


async def verify_password_async(stored_hash: str | None, password: str) -> bool:
    """`verify_or_spend` off the event loop."""
    return await asyncio.to_thread(verify_or_spend, stored_hash, password)
