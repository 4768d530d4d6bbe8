"""A merchant's VIP ladder and review settings as plain values, with the defaults a merchant without rows
gets (one level 0, "Member", without perks), and staff's changes to them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.db.base import utcnow
from server.loyalty.vip.models import VipLevel, VipMember, VipSettings

# Categories a cashback rate may name (the bet records' categories).
CATEGORIES = ("LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS", "LOTT", "ELOTT")
DEFAULT_NAMES = {
    "EN": "Member",
    "CN": "会员",
    "JA": "メンバー",
    "TH": "สมาชิก",
    "VI": "Thành viên",
    "PT": "Membro",
    "TY": "Miyembro",
}


@dataclass(frozen=True)
class Level:
    level: int
    names: Mapping[str, str]
    emblem: str = "BRONZE"
    deposit_required: int = 0
    turnover_required: int = 0
    upgrade_bonus: int = 0
    monthly_bonus: int = 0
    birthday_bonus: int = 0
    wager_multiple: int = 0
    cashback_rates: Mapping[str, int] = field(default_factory=dict)  # basis points
    daily_withdrawal_count: int | None = None
    daily_withdrawal_amount: int | None = None
    vip_chat: bool = False

    def name(self, language: str, default_language: str) -> str:
        for code in (language, default_language, "EN"):
            if self.names.get(code):
                return str(self.names[code])
        return next((str(n) for n in self.names.values() if n), f"VIP {self.level}")


@dataclass(frozen=True)
class Settings:
    window_days: int = 30
    demote: bool = False
    grace_days: int = 7


DEFAULT_LEVEL = Level(level=0, names=DEFAULT_NAMES)
DEFAULT_SETTINGS = Settings()


def _level(row: VipLevel) -> Level:
    return Level(
        level=row.level,
        names=dict(row.names or {}),
        emblem=row.emblem,
        deposit_required=row.deposit_required,
        turnover_required=row.turnover_required,
        upgrade_bonus=row.upgrade_bonus,
        monthly_bonus=row.monthly_bonus,
        birthday_bonus=row.birthday_bonus,
        wager_multiple=row.wager_multiple,
        cashback_rates={str(k): int(v) for k, v in (row.cashback_rates or {}).items()},
        daily_withdrawal_count=row.daily_withdrawal_count,
        daily_withdrawal_amount=row.daily_withdrawal_amount,
        vip_chat=row.vip_chat,
    )


async def ladder(session: AsyncSession, merchant_id: int) -> list[Level]:
    """The merchant's levels from 0 up; level 0 is always there (the default when staff left it out)."""
    rows = await session.scalars(
        select(VipLevel).where(VipLevel.merchant_id == merchant_id).order_by(VipLevel.level)
    )
    found = [_level(row) for row in rows]
    if not found or found[0].level != 0:
        found.insert(0, DEFAULT_LEVEL)
    return found


async def configured(session: AsyncSession, merchant_id: int) -> bool:
    """Whether staff (or the seed) set up levels: the review leaves ranks alone where nobody did."""
    count = await session.scalar(select(func.count()).where(VipLevel.merchant_id == merchant_id))
    return bool(count)


async def settings_of(session: AsyncSession, merchant_id: int) -> Settings:
    row = await session.get(VipSettings, merchant_id)
    if row is None:
        return DEFAULT_SETTINGS
    return Settings(window_days=row.window_days, demote=row.demote, grace_days=row.grace_days)


def at(levels: Sequence[Level], level: int) -> Level:
    """The definition that applies to a member standing at `level`: the highest defined at or below it (a
    rank set by hand above the ladder keeps the top level's perks)."""
    return next((d for d in reversed(levels) if d.level <= level), levels[0])


def reached(levels: Sequence[Level], deposits: int, turnover: int) -> int:
    """The highest level whose thresholds both figures reach."""
    best = 0
    for definition in levels:
        if deposits >= definition.deposit_required and turnover >= definition.turnover_required:
            best = max(best, definition.level)
    return best


def standing(member: Member, state: VipMember | None) -> int:
    return state.level if state is not None else member.rank_level


async def member_level(session: AsyncSession, member: Member) -> int:
    """Where the member stands now; trial accounts and agents earn nothing from loyalty (level 0)."""
    if member.member_type != PLAYER:
        return 0
    return standing(member, await session.get(VipMember, member.id))


async def set_settings(session: AsyncSession, merchant_id: int, settings: Settings) -> None:
    row = await session.get(VipSettings, merchant_id)
    if row is None:
        row = VipSettings(merchant_id=merchant_id)
        session.add(row)
    row.window_days, row.demote, row.grace_days = settings.window_days, settings.demote, settings.grace_days
    await session.flush()


def as_detail(level: Level) -> dict[str, Any]:
    """What the audit row keeps of a level."""
    return {
        "level": level.level,
        "names": dict(level.names),
        "emblem": level.emblem,
        "depositRequired": level.deposit_required,
        "turnoverRequired": level.turnover_required,
        "upgradeBonus": level.upgrade_bonus,
        "monthlyBonus": level.monthly_bonus,
        "birthdayBonus": level.birthday_bonus,
        "wagerMultiple": level.wager_multiple,
        "cashbackRates": dict(level.cashback_rates),
        "dailyWithdrawalCount": level.daily_withdrawal_count,
        "dailyWithdrawalAmount": level.daily_withdrawal_amount,
        "vipChat": level.vip_chat,
    }


async def put_level(session: AsyncSession, merchant_id: int, level: Level) -> None:
    row = await session.scalar(
        select(VipLevel).where(VipLevel.merchant_id == merchant_id, VipLevel.level == level.level)
    )
    if row is None:
        row = VipLevel(merchant_id=merchant_id, level=level.level)
        session.add(row)
    row.names = dict(level.names)
    row.emblem = level.emblem
    row.deposit_required, row.turnover_required = level.deposit_required, level.turnover_required
    row.upgrade_bonus, row.monthly_bonus = level.upgrade_bonus, level.monthly_bonus
    row.birthday_bonus, row.wager_multiple = level.birthday_bonus, level.wager_multiple
    row.cashback_rates = dict(level.cashback_rates)
    row.daily_withdrawal_count = level.daily_withdrawal_count
    row.daily_withdrawal_amount = level.daily_withdrawal_amount
    row.vip_chat = level.vip_chat
    row.updated_at = utcnow()
    await session.flush()


async def delete_level(session: AsyncSession, merchant_id: int, level: int) -> None:
    await session.execute(
        delete(VipLevel).where(VipLevel.merchant_id == merchant_id, VipLevel.level == level)
    )
    await session.flush()
