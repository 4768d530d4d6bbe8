"""Lucky Koi: 10 lines, low volatility: frequent small wins (the two lowest symbols pay for two), a koi wild
on every reel, and three or more lotus flowers anywhere award 10 free spins at x2 (no retrigger)."""

from __future__ import annotations

from server.house.engine.slot import FreeSpins, SlotConfig
from server.house.engine.slots.base import SlotTitle, paylines, reels

WILD, SCATTER = "KOI", "LOTUS"
_ORDER = ("TURTLE", "FROG", "LILY", "BAMBOO", "SHELL", "BUBBLE", WILD, SCATTER)
_REEL_COUNTS = (
    (2, 3, 4, 5, 7, 8, 3, 1),
    (2, 3, 4, 5, 7, 8, 3, 1),
    (2, 3, 4, 5, 7, 8, 3, 1),
    (2, 3, 4, 5, 7, 8, 2, 1),
    (2, 3, 4, 5, 7, 8, 2, 1),
)

TITLE = SlotTitle(
    code="slot-lucky-koi",
    name="Lucky Koi",
    names={
        "CN": "锦鲤",
        "JA": "ラッキー鯉",
        "TH": "ปลาคาร์ปนำโชค",
        "VI": "Cá Chép May Mắn",
        "PT": "Carpa da Sorte",
        "TY": "Masuwerteng Koi",
    },
    volatility="LOW",
    hot=True,
    config=SlotConfig(
        reels=reels(_ORDER, _REEL_COUNTS, SCATTER),
        paylines=paylines(10),
        paytable={
            WILD: {3: 20, 4: 50, 5: 200},
            "TURTLE": {3: 15, 4: 45, 5: 150},
            "FROG": {3: 10, 4: 30, 5: 100},
            "LILY": {3: 8, 4: 20, 5: 60},
            "BAMBOO": {3: 6, 4: 12, 5: 40},
            "SHELL": {2: 1, 3: 2, 4: 8, 5: 25},
            "BUBBLE": {2: 1, 3: 3, 4: 6, 5: 20},
        },
        scatter_pays={3: 2, 4: 5, 5: 20},
        wild=WILD,
        scatter=SCATTER,
        free_spins=FreeSpins(spins=10, multiplier=2, retrigger=False),
    ),
)
