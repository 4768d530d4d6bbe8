"""A brand's protection settings, read where they apply (no cache: they change rarely and are read off the
hot path: a login, a withdrawal, the member's own page)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from server.protection.models import ProtectionSettings

REALITY_CHECK_CHOICES = (15, 30, 45, 60, 90, 120)


async def of(session: AsyncSession, merchant_id: int) -> ProtectionSettings:
    """The brand's row, or the defaults (not added to the session) when it has none."""
    found = await session.get(ProtectionSettings, merchant_id)
    if found is not None:
        return found
    return ProtectionSettings(
        merchant_id=merchant_id, reality_check_minutes=60, kyc_rule="NONE", kyc_amount=None, organisations=[]
    )
