"""Sessions for demo accounts, issued the way the login call will issue them."""

from __future__ import annotations

from datetime import timedelta

import pyotp
from sqlalchemy import select, update

from server.accounts import sessions
from server.accounts.models import SECOND_FACTOR_ROLES, Member, Staff
from server.accounts.sessions import SessionPolicy
from server.admin.two_factor import SecretBox
from server.brands.models import Merchant
from server.db.base import utcnow
from server.db.session import Database
from server.settings import Settings

POLICY = SessionPolicy(idle=timedelta(minutes=120), absolute=timedelta(hours=24))


# The development key the test settings keep: tests seal and read TOTP secrets with it.
OTP_BOX = SecretBox(Settings.model_fields["staff_otp_key"].default)
TEST_OTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


def current_code(secret: str = TEST_OTP_SECRET) -> str:
    return pyotp.TOTP(secret).now()


async def token_for(
    db: Database, merchant: str, username: str, *, staff: bool = False, enrolled: bool = True
) -> str:
    """A session for a demo account. A staff account whose role needs a second factor is enrolled first
    (with TEST_OTP_SECRET) unless `enrolled` is False: the login then opens only the enrolment calls."""
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == merchant))
        assert merchant_id is not None
        model = Staff if staff else Member
        account_id = await session.scalar(
            select(model.id).where(model.merchant_id == merchant_id, model.username == username)
        )
        assert account_id is not None, f"no {username} on {merchant}"
        if staff and enrolled:
            await session.execute(
                update(Staff)
                .where(
                    Staff.id == account_id,
                    Staff.role.in_(SECOND_FACTOR_ROLES),
                    Staff.otp_enabled_at.is_(None),
                )
                .values(otp_secret=OTP_BOX.seal(TEST_OTP_SECRET), otp_enabled_at=utcnow())
            )
        return await sessions.issue(
            session,
            POLICY,
            merchant_id=merchant_id,
            member_id=None if staff else account_id,
            staff_id=account_id if staff else None,
        )


async def member_id(db: Database, username: str, merchant: str = "demo") -> int:
    """A member's id by merchant and user name (the demo brands both have a player1)."""
    async with db.read_session() as session:
        found = await session.scalar(
            select(Member.id)
            .join(Merchant, Merchant.id == Member.merchant_id)
            .where(Merchant.code == merchant, Member.username == username)
        )
    assert found is not None, username
    return int(found)
