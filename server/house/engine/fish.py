"""Fish shooting: every shot costs the stake; a fish worth m times the stake is caught with probability
RTP / m, so every kind returns exactly the configured RTP."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from server.house.engine.fair import RandomSource

RTP_NUMERATOR, RTP_DENOMINATOR = 96, 100
MULTIPLIERS = {"CLOWN": 2, "PUFFER": 3, "TURTLE": 5, "RAY": 10, "SHARK": 20, "WHALE": 50}
# How often each kind swims by, for the screen: small fish are common, whales rare.
SCHOOL_WEIGHTS = {"CLOWN": 30, "PUFFER": 25, "TURTLE": 20, "RAY": 12, "SHARK": 9, "WHALE": 4}


@dataclass(frozen=True)
class Shot:
    kind: str
    hit: bool
    win: int


def shoot(rng: RandomSource, kind: str, stake: int) -> Shot:
    multiplier = MULTIPLIERS[kind]
    hit = rng.randbelow(RTP_DENOMINATOR * multiplier) < RTP_NUMERATOR
    return Shot(kind, hit, stake * multiplier if hit else 0)


def exact_rtp(kind: str) -> Fraction:
    multiplier = MULTIPLIERS[kind]
    return Fraction(RTP_NUMERATOR, RTP_DENOMINATOR * multiplier) * multiplier


def school(rng: RandomSource, size: int) -> list[str]:
    total = sum(SCHOOL_WEIGHTS.values())
    kinds = []
    for _ in range(size):
        pick = rng.randbelow(total)
        for kind, weight in SCHOOL_WEIGHTS.items():
            if pick < weight:
                kinds.append(kind)
                break
            pick -= weight
    return kinds
