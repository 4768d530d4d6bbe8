"""Viking Raid: 30 lines, high volatility. The longship is wild; three or more runes anywhere award 10 free
spins at x8, without retrigger: a rare raid that carries much of the return."""

from __future__ import annotations

from server.house.engine.slot import FreeSpins, SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "SHIP", "RUNE"
_ORDER = ("HAMMER", "HELMET", "AXE", "SHIELD", "HORN", "RAVEN", WILD, SCATTER)
_REEL_COUNTS = ((1, 2, 4, 6, 8, 11, 1, 1),) * 5

TITLE = SlotTitle(
    code="slot-viking-raid",
    name="Viking Raid",
    names={
        "CN": "维京突袭",
        "JA": "バイキングの襲撃",
        "TH": "การบุกของไวกิ้ง",
        "VI": "Cuộc Đột Kích Viking",
        "PT": "Ataque Viking",
        "TY": "Salakay ng Viking",
    },
    volatility="HIGH",
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(30),
        paytable={
            WILD: {3: 50, 4: 400, 5: 2000},
            "HAMMER": {3: 25, 4: 125, 5: 750},
            "HELMET": {3: 15, 4: 60, 5: 300},
            "AXE": {3: 10, 4: 40, 5: 150},
            "SHIELD": {3: 5, 4: 20, 5: 75},
            "HORN": {3: 4, 4: 10, 5: 40},
            "RAVEN": {3: 2, 4: 8, 5: 30},
        },
        scatter_pays={3: 5, 4: 40, 5: 400},
        wild=WILD,
        scatter=SCATTER,
        free_spins=FreeSpins(spins=10, multiplier=8, retrigger=False),
    ),
)
