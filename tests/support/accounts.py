"""Sessions for demo accounts, issued the way the login call will issue them."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from server.accounts import sessions
from server.accounts.models import Member, Staff
from server.accounts.sessions import SessionPolicy
from server.brands.models import Merchant
from server.db.session import Database

POLICY = SessionPolicy(idle=timedelta(minutes=120), absolute=timedelta(hours=24))


async def token_for(db: Database, merchant: str, username: str, *, staff: bool = False) -> str:
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == merchant))
        assert merchant_id is not None
        model = Staff if staff else Member
        account_id = await session.scalar(
            select(model.id).where(model.merchant_id == merchant_id, model.username == username)
        )
        assert account_id is not None, f"no {username} on {merchant}"
        return await sessions.issue(
            session,
            POLICY,
            merchant_id=merchant_id,
            member_id=None if staff else account_id,
            staff_id=account_id if staff else None,
        )
