"""Demo data of the support desk: its hours and a few canned replies per brand."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from server.support.models import CannedReply, DeskHours

_CANNED = (
    ("hello", "Hello! Thank you for contacting us. How can I help you today?"),
    ("deposit", "Deposits are credited as soon as the payment is confirmed, usually within a few minutes."),
    ("withdraw", "Withdrawals are reviewed within 30 minutes; the minimum is 100.00."),
    ("bye", "Thank you for chatting with us. Have a great day!"),
)


async def seed_support(session: AsyncSession, *merchant_ids: int) -> None:
    for merchant_id in merchant_ids:
        session.add(
            DeskHours(merchant_id=merchant_id, opens="09:00", closes="23:00", time_zone="Asia/Manila")
        )
        session.add_all(CannedReply(merchant_id=merchant_id, shortcut=s, body=b) for s, b in _CANNED)
    await session.flush()
