"""The house's slot titles, each a machine of its own: the lineup the catalogue sells, in its order."""

from __future__ import annotations

from server.house.engine.slots import (
    fruit_fiesta,
    golden_dragon,
    lucky_koi,
    neon_nights,
    pharaohs_fortune,
    viking_raid,
)
from server.house.engine.slots.base import SlotTitle

LINEUP: tuple[SlotTitle, ...] = (
    golden_dragon.TITLE,
    lucky_koi.TITLE,
    pharaohs_fortune.TITLE,
    neon_nights.TITLE,
    fruit_fiesta.TITLE,
    viking_raid.TITLE,
)
BY_CODE = {title.code: title for title in LINEUP}
