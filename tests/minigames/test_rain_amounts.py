"""The envelopes' draw (pure): the amounts sum to the budget, none is below the minimum, the same seed gives
the same envelopes, RULE's words recompute them bit for bit, and an envelope's expected amount does not
depend on its place in the order (a statistical test over a fixed list of seeds, with a tolerance it
could fail)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, datetime, timedelta

import pytest

from server.minigames.rain import service
from server.minigames.rain.amounts import RULE, draw, new_server_seed, seed_hash
from server.minigames.rain.models import RainSession

SEEDS = [hashlib.sha256(f"rain-test-{n}".encode()).hexdigest() for n in range(2000)]


@pytest.mark.parametrize(
    ("budget", "count", "minimum"),
    [(100_00, 200, 1), (10_00, 10, 1), (10_00, 10, 1_00), (1, 1, 1), (5_00, 3, 1_00), (123_45, 7, 13)],
)
def test_sum_is_the_budget_and_every_amount_at_least_the_minimum(
    budget: int, count: int, minimum: int
) -> None:
    for seed in SEEDS[:50]:
        amounts = draw(seed, 42, budget, count, minimum)
        assert len(amounts) == count
        assert sum(amounts) == budget
        assert min(amounts) >= minimum


def test_reproducible_from_the_seed_and_the_session() -> None:
    seed = new_server_seed()
    assert draw(seed, 7, 100_00, 200, 1) == draw(seed, 7, 100_00, 200, 1)
    assert draw(seed, 7, 100_00, 200, 1) != draw(seed, 8, 100_00, 200, 1)
    assert draw(seed, 7, 100_00, 200, 1) != draw(new_server_seed(), 7, 100_00, 200, 1)
    assert seed_hash(seed) == hashlib.sha256(seed.encode()).hexdigest()


def test_refuses_a_budget_below_envelopes_times_minimum() -> None:
    with pytest.raises(ValueError, match="budget"):
        draw(SEEDS[0], 1, 9, 10, 1)


def _by_the_rule(seed: str, session_id: int, budget: int, count: int, minimum: int) -> list[int]:
    """RULE's words, written again without the house's FairRng (what the browser does)."""
    stream = bytearray()
    block = 0

    def below(n: int) -> int:
        nonlocal block
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        while True:
            while len(stream) < size:
                message = f"rain:{session_id}:0:{block}".encode()
                stream.extend(hmac.new(seed.encode(), message, hashlib.sha256).digest())
                block += 1
            value = int.from_bytes(stream[:size], "big") & ((1 << bits) - 1)
            del stream[:size]
            if value < n:
                return value

    left, out = budget, []
    for k in range(count):
        r = count - k
        if r == 1:
            out.append(left)
            break
        hi = min(2 * left // r, left - minimum * (r - 1))
        out.append(minimum + below(hi - minimum + 1))
        left -= out[-1]
    return out


def test_the_rule_recomputes_every_envelope() -> None:
    assert "HMAC-SHA256" in RULE
    assert "rain:S:0:i" in RULE
    for seed in SEEDS[:20]:
        for budget, count, minimum in ((100_00, 200, 1), (3_00, 3, 1), (10_000_00, 10_000, 1)):
            assert _by_the_rule(seed, 99, budget, count, minimum) == draw(seed, 99, budget, count, minimum)


def test_expected_amount_does_not_depend_on_the_order() -> None:
    """Over 2,000 fixed seeds, each of 10 envelopes of 100.00 averages 10.00 within 6 % (the standard error is
    about 1.3 %, so a correct draw passes with a wide margin; a draw that favours early or late grabbers, e.g.
    uniform up to everything left, misses by far more)."""
    budget, count = 100_00, 10
    totals = [0] * count
    for seed in SEEDS:
        for k, amount in enumerate(draw(seed, 5, budget, count, 1)):
            totals[k] += amount
    fair = budget / count
    means = [t / len(SEEDS) for t in totals]
    assert all(abs(m - fair) <= 0.06 * fair for m in means), means


def _session(starts_in_s: int, seconds: int = 60, closed: bool = False) -> RainSession:
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    starts = now + timedelta(seconds=starts_in_s)
    return RainSession(
        starts_at=starts, ends_at=starts + timedelta(seconds=seconds), closed_at=starts if closed else None
    )


def test_the_portal_shows_a_session_just_ended_before_the_next() -> None:
    """Whoever watched a session sees its seed and grabs for a while, rather than tomorrow's countdown."""
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    running, ended = _session(-30), _session(-120)
    later, long_ago = _session(6 * 3600), _session(-50 * 60)
    assert service._pick([later, ended, running], now) is running
    assert service._pick([later, ended], now) is ended
    assert service._pick([later, long_ago], now) is later
    assert service._pick([long_ago], now) is long_ago
    assert service._pick([_session(-2 * 3600)], now) is None
