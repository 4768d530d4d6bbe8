"""What the VIP pages read: the ladder with its perks (visitors too) and the member's progress."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.figures import Figures, window_figures
from server.loyalty.vip.models import VipMember


@dataclass(frozen=True)
class Progress:
    level: ladders.Level
    figures: Figures
    window_days: int
    next: ladders.Level | None
    promoted_at: datetime | None
    keep_until: datetime | None  # the grace period's end, while the figures stay below the level


async def progress(session: AsyncSession, member: Member, now: datetime) -> Progress:
    levels = await ladders.ladder(session, member.merchant_id)
    settings = await ladders.settings_of(session, member.merchant_id)
    state = await session.get(VipMember, member.id) if member.member_type == PLAYER else None
    standing = await ladders.member_level(session, member)
    start = now - timedelta(days=settings.window_days)
    found = (await window_figures(session, member.merchant_id, start, now, member.id)).get(
        member.id, Figures()
    )
    definition = ladders.at(levels, standing)
    keep_until = None
    if settings.demote and ladders.reached(levels, found.deposits, found.turnover) < standing:
        below = state.below_since if state is not None and state.below_since is not None else now
        keep_until = below + timedelta(days=settings.grace_days)
    return Progress(
        level=definition,
        figures=found,
        window_days=settings.window_days,
        next=next((d for d in levels if d.level > definition.level), None),
        promoted_at=state.promoted_at if state is not None else None,
        keep_until=keep_until,
    )
