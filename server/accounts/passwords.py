"""Password hashing with argon2id (argon2-cffi's defaults follow RFC 9106's recommendation)."""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored_hash: str) -> bool:
    return _hasher.check_needs_rehash(stored_hash)


# argon2 costs tens of milliseconds of CPU by design. argon2-cffi releases the GIL while it hashes, so
# in a thread it no longer stalls every other request on the event loop.
async def hash_password_async(password: str) -> str:
    return await asyncio.to_thread(hash_password, password)


async def verify_password_async(stored_hash: str, password: str) -> bool:
    return await asyncio.to_thread(verify_password, stored_hash, password)
