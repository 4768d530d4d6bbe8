"""Provably fair randomness: outcomes are a function of the seeds alone, recomputable from the published
recipe, and the integers drawn are unbiased."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from server.house.engine.fair import (
    FairRng,
    SeededSource,
    SystemRandomSource,
    new_server_seed,
    round_seed,
    seed_hash,
    seed_matches,
)


def draws(rng: FairRng, n: int, count: int = 20) -> list[int]:
    return [rng.randbelow(n) for _ in range(count)]


def test_the_same_seeds_give_the_same_draws_and_any_change_gives_others() -> None:
    seed = "a" * 64
    assert draws(FairRng(seed, "client", 7), 10**6) == draws(FairRng(seed, "client", 7), 10**6)
    base = draws(FairRng(seed, "client", 7), 10**6)
    assert draws(FairRng(seed, "client", 8), 10**6) != base
    assert draws(FairRng(seed, "other", 7), 10**6) != base
    assert draws(FairRng("b" * 64, "client", 7), 10**6) != base


def test_the_stream_is_the_published_hmac_recipe() -> None:
    """A bound of 2^32 takes four bytes and never rejects, so the draws are the HMAC blocks read in four-byte
    words: anyone with the revealed seed can redo them with a standard HMAC."""
    rng = FairRng("server-seed", "client-seed", 3)
    words = draws(rng, 2**32, count=16)  # two 32-byte blocks: counters 0 and 1
    stream = b"".join(
        hmac.new(b"server-seed", f"client-seed:3:{counter}".encode(), hashlib.sha256).digest()
        for counter in (0, 1)
    )
    assert words == [int.from_bytes(stream[i : i + 4], "big") for i in range(0, 64, 4)]


@pytest.mark.parametrize(
    ("n", "draws_per_value", "critical"),
    [
        # Chi-square critical values at p = 0.001: 20.52 for 5 degrees of freedom (table), 257 for 191
        # (Wilson-Hilferty approximation).
        (6, 10_000, 20.52),
        # 192 = 3/4 of a byte: taking a byte modulo 192 would make 0..63 twice as likely as the rest, a
        # chi-square in the tens of thousands.
        (192, 1_000, 257.0),
    ],
)
def test_draws_are_unbiased(n: int, draws_per_value: int, critical: float) -> None:
    rng = FairRng("x" * 64, "chi-square", n)
    counts = Counter(rng.randbelow(n) for _ in range(n * draws_per_value))
    assert set(counts) == set(range(n))
    chi2 = sum((counts[v] - draws_per_value) ** 2 / draws_per_value for v in range(n))
    assert chi2 < critical, (n, chi2)


def test_bounds() -> None:
    rng = FairRng("s", "c", 0)
    assert rng.randbelow(1) == 0
    with pytest.raises(ValueError, match="positive"):
        rng.randbelow(0)
    big = 10**40  # more than 128 bits: drawn across block boundaries
    assert all(0 <= v < big for v in draws(rng, big))


def test_seed_commitment() -> None:
    seed = new_server_seed()
    assert len(seed) == 64
    int(seed, 16)
    assert new_server_seed() != seed
    assert seed_hash("abc") == hashlib.sha256(b"abc").hexdigest()
    assert seed_matches(seed, seed_hash(seed).upper())
    assert not seed_matches(seed, seed_hash(seed + "0"))


def test_round_seeds_are_shared_and_distinct() -> None:
    secret = b"table-secret"
    assert round_seed(secret, "bac-1", 5) == round_seed(secret, "bac-1", 5)
    assert round_seed(secret, "bac-1", 5) == hmac.new(secret, b"bac-1:5", hashlib.sha256).hexdigest()
    others = {
        round_seed(secret, "bac-1", 6),
        round_seed(secret, "bac-2", 5),
        round_seed(b"other", "bac-1", 5),
    }
    assert round_seed(secret, "bac-1", 5) not in others
    assert len(others) == 3


def test_simulation_and_system_sources() -> None:
    a, b = SeededSource(42), SeededSource(42)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    system = SystemRandomSource()
    assert all(0 <= system.randbelow(7) < 7 for _ in range(100))
