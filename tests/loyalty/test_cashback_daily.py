"""The daily cashback's accrual for a whole brand (`daily.accrued`, computed in the database) against the
per-member arithmetic in Python (`service.rows_of` at `ladders.at`'s rates): per category rounded down;
a cursor inside the day leaves the bets before it out, one at or past the day's end leaves the member out;
bets outside the day, trial bets and agents are not counted; a rank above the ladder takes the top level's
rates."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from sqlalchemy import update

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE
from server.brands.service import load_brand_by_id
from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.cashback import daily, service
from server.loyalty.cashback.models import CashbackCursor
from server.loyalty.vip import levels as ladders
from tests.loyalty.support import demo_ladder
from tests.loyalty.test_points_support import member_of, settle

pytestmark = pytest.mark.usefixtures("demo")


def _yesterday() -> tuple[datetime, datetime]:
    day = utcnow().astimezone(BUSINESS_ZONE).date() - timedelta(days=1)
    start = datetime.combine(day, time(), BUSINESS_ZONE).astimezone(UTC)
    return start, start + timedelta(days=1)


async def _expected(db: Database, merchant: int, member: int, stakes: dict[str, int]) -> int:
    async with db.read_session() as session:
        levels = await ladders.ladder(session, merchant)
        row = await session.get(Member, member)
        assert row is not None
        rates = dict(ladders.at(levels, await ladders.member_level(session, row)).cashback_rates)
    return sum(r.amount for r in service.rows_of(stakes, rates))


async def test_the_days_accrual_matches_each_members_own(db: Database) -> None:
    await demo_ladder(db)
    start, end = _yesterday()
    merchant, first = await member_of(db, "player1")
    _, second = await member_of(db, "player2")
    _, third = await member_of(db, "player3")
    _, agent = await member_of(db, "agent1")
    noon = start + timedelta(hours=12)
    async with db.session() as session:
        # player3 stands above the ladder (set by hand): the top level's rates.
        await session.execute(update(Member).where(Member.id == third).values(rank_level=40))
        session.add(CashbackCursor(member_id=first, merchant_id=merchant, claimed_until=noon))
    # player1 claimed at noon: only what settled from noon counts.
    await settle(db, merchant, first, "RNG", 999_99, settled_at=noon - timedelta(seconds=1))
    await settle(db, merchant, first, "RNG", 123_45, settled_at=noon)
    await settle(db, merchant, first, "RNG", 1_01, settled_at=end - timedelta(seconds=1))
    await settle(db, merchant, first, "LIVE", 77_77, settled_at=noon + timedelta(hours=1))
    # player2: bets on both sides of the day; a trial round inside it.
    await settle(db, merchant, second, "LIVE", 50_00, settled_at=start - timedelta(seconds=1))
    await settle(db, merchant, second, "LIVE", 33_33, settled_at=start)
    await settle(db, merchant, second, "SPORTS", 10_01, settled_at=start + timedelta(hours=3))
    await settle(db, merchant, second, "SPORTS", 500_00, settled_at=start + timedelta(hours=4), trial=True)
    await settle(db, merchant, second, "RNG", 40_00, settled_at=end)
    await settle(db, merchant, third, "FISH", 12_345_67, settled_at=start + timedelta(hours=5))
    await settle(db, merchant, agent, "RNG", 1_000_00, settled_at=start + timedelta(hours=5))

    async with db.read_session() as session:
        brand = await load_brand_by_id(session, merchant)
        assert brand is not None
        due = {d.member_id: d for d in await daily.accrued(session, brand, start, end)}
    assert sorted(due) == [first, second, third]
    assert (due[first].cursor, due[first].since, due[first].until) == (noon, noon, end)
    assert (due[second].cursor, due[second].since) == (None, start)
    assert due[first].amount == await _expected(db, merchant, first, {"RNG": 124_46, "LIVE": 77_77})
    assert due[second].amount == await _expected(db, merchant, second, {"LIVE": 33_33, "SPORTS": 10_01})
    top = await _expected(db, merchant, third, {"FISH": 12_345_67})
    assert due[third].amount == top > 0
    assert all(d.amount > 0 for d in due.values())

    # A cursor at the day's end (the day claimed in full) leaves the member out.
    async with db.session() as session:
        await session.execute(
            update(CashbackCursor).where(CashbackCursor.member_id == first).values(claimed_until=end)
        )
        brand = await load_brand_by_id(session, merchant)
        assert brand is not None
        assert first not in {d.member_id for d in await daily.accrued(session, brand, start, end)}
