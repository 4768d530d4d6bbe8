"""/wps/vip/levels (visitors too) and /wps/member/vip (the playerRank page)."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter

from server.accounts.deps import member_row
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core.envelope import ERROR_RESPONSES, Envelope, ok
from server.http.core.money import format_amount
from server.http.edge.auth import RealMember
from server.http.edge.context import PortalContext
from server.http.edge.db import SessionDep
from server.loyalty.vip import levels as ladders
from server.loyalty.vip import schemas, service
from server.loyalty.vip.rates import format_rate

router = APIRouter(tags=["loyalty"], responses=ERROR_RESPONSES)


def _ms(at: datetime | None) -> int | None:
    return None if at is None else int(at.timestamp() * 1000)


def perks_out(level: ladders.Level) -> schemas.PerksOut:
    return schemas.PerksOut(
        upgrade_bonus=format_amount(level.upgrade_bonus),
        monthly_bonus=format_amount(level.monthly_bonus),
        birthday_bonus=format_amount(level.birthday_bonus),
        wager_multiple=level.wager_multiple,
        cashback_rates={c: format_rate(bps) for c, bps in sorted(level.cashback_rates.items())},
        daily_withdrawal_count=level.daily_withdrawal_count,
        daily_withdrawal_amount=None
        if level.daily_withdrawal_amount is None
        else format_amount(level.daily_withdrawal_amount),
        vip_chat=level.vip_chat,
    )


def level_out(level: ladders.Level, brand: Brand, language: str) -> schemas.LevelOut:
    return schemas.LevelOut(
        level=level.level,
        name=level.name(language, brand.default_language),
        emblem=level.emblem,
        deposit_required=format_amount(level.deposit_required),
        turnover_required=format_amount(level.turnover_required),
        perks=perks_out(level),
    )


@router.get("/wps/vip/levels", operation_id="vipLevels", summary="The VIP levels and their perks")
async def vip_levels(context: PortalContext, session: SessionDep) -> Envelope[schemas.LevelsOut]:
    levels = await ladders.ladder(session, context.brand.id)
    settings = await ladders.settings_of(session, context.brand.id)
    return ok(
        schemas.LevelsOut(
            window_days=settings.window_days,
            levels=[level_out(level, context.brand, context.language) for level in levels],
        )
    )


@router.get("/wps/member/vip", operation_id="memberVip", summary="The member's VIP level and progress")
async def member_vip(
    context: PortalContext, session: SessionDep, who: RealMember
) -> Envelope[schemas.MemberVipOut]:
    member = await member_row(session, who)
    found = await service.progress(session, member, utcnow())
    brand, language = context.brand, context.language
    upcoming = found.next
    return ok(
        schemas.MemberVipOut(
            level=found.level.level,
            name=found.level.name(language, brand.default_language),
            emblem=found.level.emblem,
            deposits=format_amount(found.figures.deposits),
            turnover=format_amount(found.figures.turnover),
            window_days=found.window_days,
            next=None
            if upcoming is None
            else schemas.NextLevelOut(
                level=upcoming.level,
                name=upcoming.name(language, brand.default_language),
                deposit_required=format_amount(upcoming.deposit_required),
                turnover_required=format_amount(upcoming.turnover_required),
            ),
            promoted_at=_ms(found.promoted_at),
            keep_until=_ms(found.keep_until),
        )
    )
