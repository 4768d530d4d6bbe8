"""Paying a loyalty reward: the only way loyalty moves money.

The reward's row is inserted first with ON CONFLICT DO NOTHING on (merchant, key); only the call whose insert
won goes on to pay, and the ledger's idempotency key is the reward's key too, so neither two parallel calls
(two tabs, a job run twice) nor a crash between the insert and the transfer can pay twice. A reward with a
wager multiple is paid as bonus money with its lock (the wallet's rule 11); one without is plain money."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.loyalty.models import CASHBACK, POINTS_CONVERT, REWARD_KINDS, LoyaltyReward
from server.protection.policy import is_excluded
from server.wallet import bonus_locks
from server.wallet.service import grant

_REWARDS = cast(Table, LoyaltyReward.__table__)
# The ledger's transfer kind for each reward (the member's records group them under BONUS).
LEDGER_KIND = {CASHBACK: "CASHBACK", POINTS_CONVERT: "POINTS_CONVERT"}
BONUS_EXPIRY = timedelta(days=30)  # how long a reward's wagering may take


async def pay_reward(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    *,
    kind: str,
    key: str,
    amount: int,
    wager_multiple: int = 0,
    meta: Mapping[str, Any] | None = None,
    now: datetime | None = None,
) -> LoyaltyReward | None:
    """Pay `amount` (minor units) once per `key`; None when the key was paid before (or is being paid by a
    concurrent call, which then pays it)."""
    if kind not in REWARD_KINDS:
        raise ValueError(f"unknown loyalty reward {kind}")
    if amount <= 0:
        return None
    now = now or utcnow()
    if await is_excluded(session, member, now):  # no bonus while a time-out or self-exclusion runs
        return None
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    reward_id = await session.scalar(
        insert_for(_REWARDS)
        .values(
            merchant_id=brand.id,
            member_id=member.id,
            kind=kind,
            key=key,
            amount=amount,
            wager_multiple=wager_multiple,
            created_at=now,
        )
        .on_conflict_do_nothing(index_elements=["merchant_id", "key"])
        .returning(_REWARDS.c.id)
    )
    if reward_id is None:
        return None
    details = {"loyalty": kind, **(meta or {})}
    if wager_multiple > 0:
        granted = await bonus_locks.grant_bonus(
            session,
            brand,
            member,
            amount=amount,
            requirement=amount * wager_multiple,
            max_stake=None,
            expires_at=now + BONUS_EXPIRY,
            reference=f"loyalty:{kind}",
            idempotency_key=f"loyalty:{key}",
            source=f"loyalty:{kind}",
            meta=details,
            now=now,
        )
        transfer_id = granted.posted.transfer_id
    else:
        posted = await grant(
            session,
            brand,
            member,
            amount=amount,
            kind=LEDGER_KIND.get(kind, "BONUS"),
            reference=f"loyalty:{kind}",
            idempotency_key=f"loyalty:{key}",
            meta=details,
        )
        transfer_id = posted.transfer_id
    reward = await session.get(LoyaltyReward, int(reward_id), populate_existing=True)
    assert reward is not None
    reward.transfer_id = transfer_id
    reward.paid_at = now
    await session.flush()
    return reward


async def rewards_of(
    session: AsyncSession, merchant_id: int, member_id: int, limit: int = 50
) -> list[LoyaltyReward]:
    """The member's loyalty rewards, newest first (the reward centre's list)."""
    found = await session.scalars(
        select(LoyaltyReward)
        .where(LoyaltyReward.merchant_id == merchant_id, LoyaltyReward.member_id == member_id)
        .order_by(LoyaltyReward.created_at.desc(), LoyaltyReward.id.desc())
        .limit(limit)
    )
    return list(found)
