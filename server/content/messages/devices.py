"""A sign-in from a new device: told to the member as a system message.

The rule, from what sessions already store: a device is new when none of the member's last 50 sessions
had the same user agent from the same network (the IPv4 /24, the IPv6 /64). A member's first sign-in
ever is not "new" (there is nothing to compare with, and it is the sign-up itself); trial accounts are
never told. One indexed query per sign-in."""

from __future__ import annotations

import ipaddress

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, AuthSession, Member
from server.content.messages import templates
from server.content.messages.service import send_system

_LOOK_BACK = 50


def network_of(ip: str | None) -> str | None:
    if not ip:
        return None
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    prefix = 24 if address.version == 4 else 64
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


async def note_sign_in(
    session: AsyncSession, member: Member, *, ip: str | None, user_agent: str | None
) -> None:
    """Call before the new session is written (it would otherwise match itself)."""
    if member.member_type == TRIAL:
        return
    earlier = (
        await session.execute(
            select(AuthSession.ip, AuthSession.user_agent)
            .where(AuthSession.member_id == member.id)
            .order_by(AuthSession.id.desc())
            .limit(_LOOK_BACK)
        )
    ).all()
    if not earlier:
        return
    agent = (user_agent or "")[:255] or None  # as sessions.issue stores it
    network = network_of(ip)
    if any(row.user_agent == agent and network_of(row.ip) == network for row in earlier):
        return
    await send_system(session, member.id, templates.NEW_DEVICE_LOGIN, ip=ip or "-")
