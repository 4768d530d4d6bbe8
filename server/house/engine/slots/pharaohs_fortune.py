"""Pharaoh's Fortune: 25 lines, high volatility. Rare symbols, a top-heavy paytable and pyramids that pay up
to 500 times the bet; three or more pyramids award 15 free spins at x5, retriggered by pyramids in them."""

from __future__ import annotations

from server.house.engine.slot import FreeSpins, SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "PHARAOH", "PYRAMID"
_ORDER = ("SCARAB", "ANKH", "EYE", "CAT", "SCROLL", "URN", WILD, SCATTER)
_REEL_COUNTS = ((1, 2, 4, 6, 8, 11, 1, 1),) * 5

TITLE = SlotTitle(
    code="slot-pharaohs-fortune",
    name="Pharaoh's Fortune",
    names={
        "CN": "法老宝藏",
        "JA": "ファラオの財宝",
        "TH": "สมบัติฟาโรห์",
        "VI": "Kho Báu Pharaoh",
        "PT": "Fortuna do Faraó",
        "TY": "Kayamanan ng Paraon",
    },
    volatility="HIGH",
    hot=True,
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(25),
        paytable={
            WILD: {3: 50, 4: 500, 5: 2500},
            "SCARAB": {3: 25, 4: 150, 5: 1000},
            "ANKH": {3: 15, 4: 75, 5: 400},
            "EYE": {3: 10, 4: 40, 5: 150},
            "CAT": {3: 5, 4: 20, 5: 75},
            "SCROLL": {3: 3, 4: 10, 5: 40},
            "URN": {3: 2, 4: 8, 5: 30},
        },
        scatter_pays={3: 5, 4: 50, 5: 500},
        wild=WILD,
        scatter=SCATTER,
        free_spins=FreeSpins(spins=15, multiplier=5, retrigger=True),
    ),
)
