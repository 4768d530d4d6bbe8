"""The VIP monthly and birthday bonuses (issue 32): the job pays each member its level's monthly bonus once
a month and its birthday bonus on the birthday (business zone), however often it runs; trial accounts and
agents are paid nothing. The ledger stays clean."""

from __future__ import annotations

from datetime import UTC, datetime, time

import httpx
import pytest
from sqlalchemy import update

from server.accounts.models import Member
from server.brands.business_day import BUSINESS_ZONE
from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.vip.review import vip_bonuses
from tests.loyalty.support import balance_of, demo_ladder, ledger_is_clean, player, rewards_of
from tests.support.accounts import member_id

pytestmark = pytest.mark.usefixtures("demo")


async def test_monthly_and_birthday_bonuses_are_paid_once(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    today = utcnow().astimezone(BUSINESS_ZONE).date()
    noon = datetime.combine(today, time(12), BUSINESS_ZONE).astimezone(UTC)
    silver, bronze, agent = [await member_id(db, name) for name in ("player1", "player2", "agent1")]
    async with db.session() as session:
        await session.execute(
            update(Member).where(Member.id == silver).values(birthday=f"1990-{today:%m-%d}")
        )
    portal = await player(client)
    before = await balance_of(client, portal)
    for _ in range(3):
        async with db.session() as session:
            await vip_bonuses(session, now=noon)
    # Silver: 10.00 a month and 18.00 on the birthday, each with one times wagering.
    assert await rewards_of(db, silver) == [
        ("VIP_MONTHLY", f"vip-monthly:{silver}:{today:%Y-%m}", 10_00, 1),
        ("VIP_BIRTHDAY", f"vip-birthday:{silver}:{today:%Y}", 18_00, 1),
    ]
    assert await rewards_of(db, bronze) == []  # Bronze has no monthly bonus and it is not its birthday
    assert await rewards_of(db, agent) == []  # agents (rank 5 in the demo) earn nothing from loyalty
    assert await balance_of(client, portal) == before + 28_00
    await ledger_is_clean(db)
