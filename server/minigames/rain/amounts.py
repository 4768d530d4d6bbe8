"""The envelopes' amounts: the double-mean draw from the session's seed (pure functions).

Each envelope is uniform between the minimum and twice the average of what is left, so an envelope's
expected amount hardly depends on when it is grabbed (a late grabber is not robbed by early ones), and the
last envelope takes the rest, so the amounts sum to the budget exactly. The draw is fixed when the session is
created, from a seed whose SHA-256 is published before the session opens and the seed itself once it closes:
anyone can then recompute every envelope (RULE, and the portal's browser code, bit for bit)."""

from __future__ import annotations

from server.house.engine.fair import FairRng, new_server_seed, seed_hash

__all__ = ["RULE", "client_seed", "draw", "new_server_seed", "seed_hash"]

RULE = (
    "The envelopes of session S are drawn in order k = 0, 1, ..., n-1 from a byte stream: block i is "
    "HMAC-SHA256(key = the seed's 64-character hex text as ASCII, message = the ASCII text "
    '"rain:S:0:i", e.g. "rain:42:0:0"), the blocks concatenated in order. A uniform integer below N is '
    "read from the stream so: if N = 1 it is 0 and no byte is read; else, with b the bit length of N-1, "
    "the next ceil(b / 8) bytes are read as a big-endian integer and its lowest b bits kept; a value of "
    "N or more is rejected and the next bytes read, until one below N is kept. Amounts are in minor "
    "units (0.01). With R the budget not yet drawn, r the envelopes not yet drawn and m the minimum: if "
    "r = 1 the envelope is R; else hi = min(floor(2R / r), R - m(r-1)) and the envelope is m plus a "
    "uniform integer below hi - m + 1. A grab takes the free envelope with the lowest k. The commitment "
    "is the hex SHA-256 of the seed's hex text as ASCII."
)


def client_seed(session_id: int) -> str:
    return f"rain:{session_id}"


def draw(seed: str, session_id: int, budget: int, count: int, minimum: int) -> list[int]:
    """The `count` envelopes of a session, in minor units: each >= minimum, summing to `budget`."""
    if count < 1 or minimum < 1 or budget < count * minimum:
        raise ValueError("a rain needs budget >= envelopes x minimum > 0")
    rng = FairRng(server_seed=seed, client_seed=client_seed(session_id), nonce=0)
    left, amounts = budget, []
    for k in range(count):
        remaining = count - k
        if remaining == 1:
            amounts.append(left)
            break
        # left >= minimum x remaining holds throughout, so hi >= minimum: the range is never empty.
        hi = min(2 * left // remaining, left - minimum * (remaining - 1))
        amount = minimum + rng.randbelow(hi - minimum + 1)
        amounts.append(amount)
        left -= amount
    return amounts
