"""Golden Dragon: 20 lines, medium volatility. The dragon is wild; three or more pearls anywhere award 15 free
spins at x4, and pearls in the free spins award 15 more."""

from __future__ import annotations

from server.house.engine.slot import FreeSpins, SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "DRAGON", "PEARL"
_ORDER = ("INGOT", "LANTERN", "DRUM", "FAN", "JADE", "COIN", WILD, SCATTER)
_REEL_COUNTS = (
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 2, 1),
    (2, 3, 5, 7, 9, 11, 1, 1),
    (2, 3, 5, 7, 9, 11, 1, 1),
)

TITLE = SlotTitle(
    code="slot-golden-dragon",
    name="Golden Dragon",
    names={
        "CN": "金龙",
        "JA": "ゴールデンドラゴン",
        "TH": "มังกรทองคำ",
        "VI": "Rồng Vàng",
        "PT": "Dragão Dourado",
        "TY": "Gintong Dragon",
    },
    volatility="MEDIUM",
    hot=True,
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(20),
        paytable={
            WILD: {3: 25, 4: 150, 5: 500},
            "INGOT": {3: 20, 4: 80, 5: 300},
            "LANTERN": {3: 15, 4: 50, 5: 200},
            "DRUM": {3: 10, 4: 35, 5: 150},
            "FAN": {3: 5, 4: 20, 5: 80},
            "JADE": {3: 4, 4: 15, 5: 50},
            "COIN": {3: 4, 4: 10, 5: 40},
        },
        scatter_pays={3: 2, 4: 10, 5: 50},
        wild=WILD,
        scatter=SCATTER,
        free_spins=FreeSpins(spins=15, multiplier=4, retrigger=True),
    ),
)
