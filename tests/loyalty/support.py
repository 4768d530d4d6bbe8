"""What the loyalty tests share: a demo member with money and settled bets (the house slot's real rounds,
through the whole seamless path), the demo's VIP ladder, the members' rewards and messages, and the ledger
check every money test ends with (postings sum to zero, balances equal their postings)."""

from __future__ import annotations

from datetime import datetime, timedelta

import httpx
from sqlalchemy import func, select, update

from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.brands import service as brands
from server.content.messages.models import PlatformMessage
from server.db.session import Database
from server.games.models import BetRecord
from server.loyalty.models import LoyaltyReward
from server.loyalty.vip import levels as ladders
from server.loyalty.vip.demo import seed_vip
from tests.games.support import fund
from tests.games.test_house_api import house_headers, open_game
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, player, sum_balance

__all__ = [
    "deposit_bank",
    "fund",
    "ledger_is_clean",
    "player",
    "sum_balance",
]
SPIN = 20_00  # the house slot's stake at a line bet of 1.00 (20 lines)


async def demo_ladder(db: Database, merchant: str = "demo") -> None:
    """The demo's VIP ladder, unless the demo seed wrote it already."""
    async with db.session() as session:
        brand = await brands.load_brand(session, merchant)
        assert brand is not None
        if not await ladders.configured(session, brand.id):
            await seed_vip(session, brand)


async def spin(client: httpx.AsyncClient, db: Database, username: str, times: int) -> None:
    """`times` settled rounds of the house slot at 20.00 each (real money: the member needs the balance)."""
    opened = await open_game(client, db, "slot-golden-dragon", username)
    for _ in range(times):
        answer = await client.post(
            "/house/api/round", json={"lineBet": "1.00"}, headers=house_headers(opened)
        )
        assert ok(answer)["bet"] == "20.00"


async def age_bets(db: Database, member: int, by: timedelta) -> None:
    """Moves the member's rounds (and its account's creation, which no round precedes) back in time: the
    cashback leaves the last seconds to the next claim."""
    async with db.session() as session:
        account = await session.get(Member, member)
        assert account is not None
        account.created_at -= by
        for record in await session.scalars(select(BetRecord).where(BetRecord.member_id == member)):
            record.placed_at -= by
            if record.settled_at is not None:
                record.settled_at -= by


async def settle_bets_at(db: Database, member: int, at: datetime) -> None:
    async with db.session() as session:
        await session.execute(
            update(BetRecord).where(BetRecord.member_id == member).values(placed_at=at, settled_at=at)
        )


async def rewards_of(db: Database, member: int) -> list[tuple[str, str, int, int]]:
    """(kind, key, amount, wager multiple) of the member's loyalty rewards, oldest first."""
    async with db.read_session() as session:
        rows = await session.execute(
            select(LoyaltyReward.kind, LoyaltyReward.key, LoyaltyReward.amount, LoyaltyReward.wager_multiple)
            .where(LoyaltyReward.member_id == member)
            .order_by(LoyaltyReward.id)
        )
        return [(str(k), str(key), int(a), int(w)) for k, key, a, w in rows]


async def messages_to(db: Database, member: int, template: str) -> int:
    async with db.read_session() as session:
        count = await session.scalar(
            select(func.count())
            .select_from(PlatformMessage)
            .where(PlatformMessage.template == template, PlatformMessage.target == str(member))
        )
    return int(count or 0)


async def audits(db: Database, action: str) -> list[AuditEntry]:
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(AuditEntry).where(AuditEntry.action == action).order_by(AuditEntry.id)
            )
        )


def cents(text: str) -> int:
    whole, _, fraction = text.partition(".")
    return int(whole) * 100 + int(fraction.ljust(2, "0"))


async def balance_of(client: httpx.AsyncClient, portal: Portal) -> int:
    return cents(await sum_balance(client, portal))
