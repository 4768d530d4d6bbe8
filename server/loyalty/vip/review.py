"""The VIP jobs. `review_ranks` promotes every member whose figures over the window reach a higher level
(paying each level's upgrade bonus once, skipped levels too) and, where the brand demotes, moves a member
whose figures stayed below its level for the grace period down to the level they reach. `vip_bonuses` pays
the monthly and birthday bonuses.

Both are safe to run twice and side by side: a member's standing moves only by a conditional UPDATE from the
level the run read (the run that loses it does nothing more), and every bonus is paid through pay_reward
under its key (`vip-upgrade:{member}:{level}`, `vip-monthly:{member}:{yyyy-mm}`, `vip-birthday:{member}:
{yyyy}`), which pays a key once, ever: a member demoted and promoted again is not paid a level twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, func, or_, select, true, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.admin.audit_trail import audit
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import Brand, load_brand_by_id
from server.content.messages import service as messages
from server.content.messages.templates import VIP_DEMOTED, VIP_PROMOTED
from server.db.base import utcnow
from server.loyalty.models import VIP_BIRTHDAY, VIP_MONTHLY, VIP_UPGRADE, LoyaltyReward
from server.loyalty.rewards import pay_reward
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.figures import Figures, window_figures
from server.loyalty.vip.models import VipLevel, VipMember

_STATES = cast(Table, VipMember.__table__)


@dataclass(frozen=True)
class Standing:
    level: int
    below_since: datetime | None


async def _merchants(session: AsyncSession) -> list[int]:
    return [int(m) for m in await session.scalars(select(VipLevel.merchant_id).distinct())]


async def standings(session: AsyncSession, merchant_id: int) -> dict[int, Standing]:
    """The merchant's players above level 0 or inside a grace period (everyone else stands at 0)."""
    level = func.coalesce(VipMember.level, Member.rank_level)
    rows = await session.execute(
        select(Member.id, level, VipMember.below_since)
        .outerjoin(VipMember, VipMember.member_id == Member.id)
        .where(
            Member.merchant_id == merchant_id,
            Member.member_type == PLAYER,
            or_(level > 0, VipMember.below_since.is_not(None)),
        )
    )
    return {int(m): Standing(int(lv), below) for m, lv, below in rows}


async def _ensure_row(session: AsyncSession, merchant_id: int, member_id: int, level: int) -> None:
    """The member's row at the level it stands at (members.rank_level until the first review wrote one)."""
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    await session.execute(
        insert_for(_STATES)
        .values(member_id=member_id, merchant_id=merchant_id, level=level)
        .on_conflict_do_nothing(index_elements=["member_id"])
    )


async def _move(session: AsyncSession, member_id: int, frm: int, **values: Any) -> bool:
    """One conditional UPDATE from the level this run read: True when this run moved the member."""
    result = await session.execute(
        update(VipMember)
        .where(VipMember.member_id == member_id, VipMember.level == frm)
        .values(**values)
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0) == 1


async def _relabel(
    session: AsyncSession, brand: Brand, levels: list[ladders.Level], member: Member, level: int
) -> None:
    # The header's clubLabel and the chat's VIP routing read these two.
    member.rank_level = level
    member.club_label_name = ladders.at(levels, level).name(brand.default_language, brand.default_language)[
        :64
    ]
    await session.flush()


async def _promote(
    session: AsyncSession,
    brand: Brand,
    levels: list[ladders.Level],
    member_id: int,
    frm: int,
    to: int,
    now: datetime,
) -> bool:
    await _ensure_row(session, brand.id, member_id, frm)
    if not await _move(session, member_id, frm, level=to, promoted_at=now, below_since=None):
        return False
    member = await session.get(Member, member_id)
    assert member is not None
    for definition in levels:
        if frm < definition.level <= to and definition.upgrade_bonus > 0:
            await pay_reward(
                session,
                brand,
                member,
                kind=VIP_UPGRADE,
                key=f"vip-upgrade:{member_id}:{definition.level}",
                amount=definition.upgrade_bonus,
                wager_multiple=definition.wager_multiple,
                meta={"level": definition.level},
                now=now,
            )
    await _relabel(session, brand, levels, member, to)
    await messages.send_system(session, member_id, VIP_PROMOTED)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=None,
        action="loyalty.vip_promote",
        target=member.username,
        detail={"from": frm, "to": to},
    )
    return True


async def _demote(
    session: AsyncSession,
    brand: Brand,
    levels: list[ladders.Level],
    member_id: int,
    frm: int,
    to: int,
) -> bool:
    if not await _move(session, member_id, frm, level=to, below_since=None):
        return False
    member = await session.get(Member, member_id)
    assert member is not None
    await _relabel(session, brand, levels, member, to)
    await messages.send_system(session, member_id, VIP_DEMOTED)
    await audit(
        session,
        merchant_id=brand.id,
        staff_id=None,
        action="loyalty.vip_demote",
        target=member.username,
        detail={"from": frm, "to": to},
    )
    return True


async def review_merchant(session: AsyncSession, brand: Brand, now: datetime) -> tuple[int, int]:
    levels = await ladders.ladder(session, brand.id)
    settings = await ladders.settings_of(session, brand.id)
    found = await window_figures(session, brand.id, now - timedelta(days=settings.window_days), now)
    standing = await standings(session, brand.id)
    grace = timedelta(days=settings.grace_days)
    promoted = demoted = 0
    for member_id in sorted(set(found) | set(standing)):
        current = standing.get(member_id, Standing(0, None))
        target = ladders.reached(levels, *_pair(found.get(member_id, Figures())))
        if target > current.level:
            promoted += await _promote(session, brand, levels, member_id, current.level, target, now)
        elif target < current.level and settings.demote:
            if current.below_since is None:
                await _ensure_row(session, brand.id, member_id, current.level)
                await _move(session, member_id, current.level, below_since=now)
            elif current.below_since + grace <= now:
                demoted += await _demote(session, brand, levels, member_id, current.level, target)
        elif current.below_since is not None and (target >= current.level or not settings.demote):
            await _move(session, member_id, current.level, below_since=None)  # back above: grace ends
    return promoted, demoted


def _pair(figures: Figures) -> tuple[int, int]:
    return figures.deposits, figures.turnover


async def review_ranks(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job (every 10 minutes): each merchant that set up levels, reviewed."""
    now = now or utcnow()
    promoted = demoted = 0
    for merchant_id in await _merchants(session):
        brand = await load_brand_by_id(session, merchant_id)
        if brand is None:
            continue
        up, down = await review_merchant(session, brand, now)
        promoted, demoted = promoted + up, demoted + down
    return {"promoted": promoted, "demoted": demoted}


def _birthday_today(birthday: str | None, today: date) -> bool:
    if not birthday or len(birthday) != 10:
        return False
    month_day = birthday[5:]
    if month_day == "02-29" and today.month == 2 and today.day == 28:
        return not _leap(today.year)  # a 29 February birthday is kept on the 28th in other years
    return month_day == f"{today.month:02d}-{today.day:02d}"


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


async def vip_bonuses(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job (daily; any run of a month pays its monthly bonus, any run on the birthday the birthday's)."""
    now = now or utcnow()
    today = now.astimezone(BUSINESS_ZONE).date()
    paid = 0
    for merchant_id in await _merchants(session):
        brand = await load_brand_by_id(session, merchant_id)
        if brand is None:
            continue
        levels = await ladders.ladder(session, merchant_id)
        level = func.coalesce(VipMember.level, Member.rank_level)
        rows = await session.execute(
            select(Member.id, level, Member.birthday)
            .outerjoin(VipMember, VipMember.member_id == Member.id)
            .where(Member.merchant_id == merchant_id, Member.member_type == PLAYER)
            .where(true() if levels[0].monthly_bonus or levels[0].birthday_bonus else level > 0)
        )
        # The keys this month already paid, read once, so a run after the first does no write per member.
        paid_keys = set(
            await session.scalars(
                select(LoyaltyReward.key).where(
                    LoyaltyReward.merchant_id == merchant_id,
                    LoyaltyReward.kind.in_((VIP_MONTHLY, VIP_BIRTHDAY)),
                    LoyaltyReward.created_at >= now - timedelta(days=32),
                )
            )
        )
        for member_id, at_level, birthday in list(rows):
            definition = ladders.at(levels, int(at_level))
            due = [(VIP_MONTHLY, f"vip-monthly:{member_id}:{today:%Y-%m}", definition.monthly_bonus)]
            if _birthday_today(birthday, today):
                due.append((VIP_BIRTHDAY, f"vip-birthday:{member_id}:{today:%Y}", definition.birthday_bonus))
            for kind, key, amount in due:
                if amount <= 0 or key in paid_keys:
                    continue
                member = await session.get(Member, member_id)
                assert member is not None
                reward = await pay_reward(
                    session,
                    brand,
                    member,
                    kind=kind,
                    key=key,
                    amount=amount,
                    wager_multiple=definition.wager_multiple,
                    meta={"level": definition.level},
                    now=now,
                )
                paid += reward is not None
    return {"paid": paid}
