"""The demo brand's invite-friends programme: the default rules written out (so the console shows a saved
set), and stable codes for the demo players (their links stay the same from one seed to the next)."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.brands.models import Merchant
from server.brands.service import Brand
from server.loyalty.referral.rules import DEFAULTS, save_rules

DEMO_CODES = {"player1": "FRIENDS2", "player2": "FRIENDS3", "player3": "FRIENDS4"}


async def seed_referral(session: AsyncSession, brand: Merchant | Brand) -> None:
    await save_rules(session, brand.id, DEFAULTS)
    for username, code in DEMO_CODES.items():
        await session.execute(
            update(Member)
            .where(
                Member.merchant_id == brand.id,
                Member.username == username,
                Member.member_type == PLAYER,
                Member.referral_code.is_(None),
            )
            .values(referral_code=code)
            .execution_options(synchronize_session=False)
        )
