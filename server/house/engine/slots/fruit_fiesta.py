"""Fruit Fiesta: 15 lines, low volatility. Cherries pay for two, the piñata is wild, and three or more suns
anywhere award 5 free spins at x3, which suns in them retrigger."""

from __future__ import annotations

from server.house.engine.slot import FreeSpins, SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "PINATA", "SUN"
_ORDER = ("MELON", "GRAPE", "PLUM", "ORANGE", "LEMON", "CHERRY", WILD, SCATTER)
_REEL_COUNTS = (
    (2, 3, 4, 6, 7, 8, 3, 1),
    (2, 3, 4, 6, 7, 8, 3, 1),
    (2, 3, 4, 6, 7, 8, 3, 1),
    (2, 3, 4, 6, 7, 8, 2, 1),
    (2, 3, 4, 6, 7, 8, 2, 1),
)

TITLE = SlotTitle(
    code="slot-fruit-fiesta",
    name="Fruit Fiesta",
    names={
        "CN": "水果派对",
        "JA": "フルーツフィエスタ",
        "TH": "เทศกาลผลไม้",
        "VI": "Lễ Hội Trái Cây",
        "PT": "Festa das Frutas",
        "TY": "Piyesta ng Prutas",
    },
    volatility="LOW",
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(15),
        paytable={
            WILD: {3: 22, 4: 90, 5: 270},
            "MELON": {3: 18, 4: 55, 5: 180},
            "GRAPE": {3: 13, 4: 36, 5: 135},
            "PLUM": {3: 9, 4: 22, 5: 90},
            "ORANGE": {3: 5, 4: 13, 5: 45},
            "LEMON": {3: 4, 4: 9, 5: 27},
            "CHERRY": {2: 1, 3: 3, 4: 7, 5: 22},
        },
        scatter_pays={3: 2, 4: 8, 5: 30},
        wild=WILD,
        scatter=SCATTER,
        free_spins=FreeSpins(spins=5, multiplier=3, retrigger=True),
    ),
)
