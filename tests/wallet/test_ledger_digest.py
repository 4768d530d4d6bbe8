"""A transfer's request digest is stored with it and compared on every retry of its idempotency key: the
hand-written canonical text (server/wallet/ledger.py, _digest) must stay exactly json.dumps's."""

from __future__ import annotations

import hashlib
import json

import pytest

from server.wallet.ledger import Leg, _digest


def by_json(kind: str, reference: str, legs: list[Leg]) -> str:
    canonical = json.dumps(
        {"kind": kind, "reference": reference, "legs": sorted((leg.account_id, leg.amount) for leg in legs)},
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


@pytest.mark.parametrize(
    ("kind", "reference", "legs"),
    [
        ("BET", "bench", [Leg(7, -100), Leg(3, 100)]),
        ("REVERSAL", "reversal:12", [Leg(2, 5), Leg(10, -7), Leg(1, 2)]),
        ("WIN", 'quote " backslash \\ tab \t newline \n', [Leg(1, -(2**62)), Leg(2, 2**62)]),
        ("BET", "ünïcode 中文 😀 \u2028 \x00 \x7f", [Leg(9, 1), Leg(9, -1)]),
        ("GRANT", "", [Leg(5, -1), Leg(4, 1)]),
    ],
)
def test_the_digest_is_json_dumps_canonical_text(kind: str, reference: str, legs: list[Leg]) -> None:
    assert _digest(kind, reference, legs) == by_json(kind, reference, legs)


def test_a_stored_digest_still_matches() -> None:
    # Fixed: a digest stored by an earlier release must match a retry of the same request today.
    assert (
        _digest("BET", "round-1", [Leg(2, 100), Leg(1, -100)])
        == hashlib.sha256(b'{"kind":"BET","reference":"round-1","legs":[[1,-100],[2,100]]}').hexdigest()
    )
