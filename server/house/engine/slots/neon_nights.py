"""Neon Nights: 5 lines, medium volatility, no free spins. The neon star is wild, pays the most on its own and
doubles every line win it stands in for; disco balls pay anywhere."""

from __future__ import annotations

from server.house.engine.slot import SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "STAR", "DISCO"
_ORDER = ("SEVEN", "DIAMOND", "BAR", "MUSIC", "COCKTAIL", "HEART", WILD, SCATTER)
_REEL_COUNTS = (
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 1, 1),
    (2, 3, 5, 7, 9, 11, 1, 1),
)

TITLE = SlotTitle(
    code="slot-neon-nights",
    name="Neon Nights",
    names={
        "CN": "霓虹之夜",
        "JA": "ネオンナイト",
        "TH": "ค่ำคืนนีออน",
        "VI": "Đêm Neon",
        "PT": "Noites de Neon",
        "TY": "Mga Gabing Neon",
    },
    volatility="MEDIUM",
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(5),
        paytable={
            WILD: {3: 45, 4: 200, 5: 1000},
            "SEVEN": {3: 20, 4: 90, 5: 400},
            "DIAMOND": {3: 12, 4: 45, 5: 200},
            "BAR": {3: 9, 4: 25, 5: 100},
            "MUSIC": {3: 4, 4: 16, 5: 60},
            "COCKTAIL": {3: 3, 4: 14, 5: 45},
            "HEART": {3: 2, 4: 9, 5: 35},
        },
        scatter_pays={3: 3, 4: 15, 5: 100},
        wild=WILD,
        scatter=SCATTER,
        wild_multiplier=2,
    ),
)
