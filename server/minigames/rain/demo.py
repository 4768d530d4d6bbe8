"""The demo brand's red-envelope rain: every day at 20:00 Manila time for 60 s, 100.00 in 200 envelopes,
3 grabs a member from VIP 0, 5 from VIP 2, 8 from VIP 4. The job creates its sessions (and their seeds)."""

# Chinese and Japanese are written with their own full-width punctuation.

from __future__ import annotations

from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from server.minigames.rain.models import VIP, Rain

NAMES = {
    "EN": "Red-envelope rain",
    "CN": "红包雨",
    "JA": "お年玉の雨",
    "TH": "ฝนอั่งเปา",
    "VI": "Mưa lì xì",
    "PT": "Chuva de envelopes vermelhos",
    "TY": "Ulan ng ang pao",
}


class HasId(Protocol):
    id: int


async def seed_rain(session: AsyncSession, brand: HasId) -> Rain:
    rain = Rain(
        merchant_id=brand.id,
        names=dict(NAMES),
        enabled=True,
        daily_at=20 * 60,
        duration_seconds=60,
        budget=100_00,
        envelopes=200,
        min_amount=1,
        wager_multiple=0,
        limit_mode=VIP,
        flat_limit=3,
        vip_limits={"0": 3, "2": 5, "4": 8},
    )
    session.add(rain)
    await session.flush()
    return rain
