"""Provably fair randomness. A round's outcome is a pure function of a server seed (whose SHA-256 is shown
before the round and the seed itself after), the player's client seed and a nonce: anyone holding the three
can recompute it."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Protocol


class RandomSource(Protocol):
    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        ...


def new_server_seed() -> str:
    return secrets.token_hex(32)


def seed_hash(server_seed: str) -> str:
    return hashlib.sha256(server_seed.encode()).hexdigest()


def seed_matches(server_seed: str, published_hash: str) -> bool:
    """The player's check once the seed is revealed: it is the one whose hash was shown before the round."""
    return hmac.compare_digest(seed_hash(server_seed).encode(), published_hash.strip().lower().encode())


def round_seed(secret: bytes, table: str, round_no: int) -> str:
    """A shared table round's seed: every process derives the same one; its hash can be published ahead."""
    return hmac.new(secret, f"{table}:{round_no}".encode(), hashlib.sha256).hexdigest()


class FairRng(RandomSource):
    """HMAC-SHA256(server_seed, "client_seed:nonce:counter") blocks as a byte stream; integers are drawn by
    rejection sampling, so no value of [0, n) is more likely than another (no modulo bias)."""

    def __init__(self, server_seed: str, client_seed: str, nonce: int) -> None:
        self._key = server_seed.encode()
        self._prefix = f"{client_seed}:{nonce}:"
        self._counter = 0
        self._buffer = b""

    def _bytes(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = hmac.new(self._key, f"{self._prefix}{self._counter}".encode(), hashlib.sha256).digest()
            self._counter += 1
            self._buffer += block
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def randbelow(self, n: int) -> int:
        if n <= 0:
            raise ValueError("n must be positive")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self._bytes(size), "big") & mask
            if value < n:
                return value


class SystemRandomSource(RandomSource):
    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def randbelow(self, n: int) -> int:
        return self._random.randrange(n)


class SeededSource(RandomSource):
    """A fast reproducible source for simulations (never for real rounds)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)  # noqa: S311 - simulations only

    def randbelow(self, n: int) -> int:
        return self._random.randrange(n)
