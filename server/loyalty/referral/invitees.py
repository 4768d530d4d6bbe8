"""Who invited whom, and whether the pair may earn anything.

An invitee is noted at registration (accounts.registration calls note_invitee) with the address and the device
it registered from; one the registration did not note (registered before this feature) is noted by the job
from `members.referred_by_id`, without a device.

What is compared (INELIGIBLE, never paid): the invitee is the inviter (SELF); the inviter is no longer a
player (AGENT_INVITER); the invitee is a trial account (TRIAL_INVITEE); the invitee registered from the
inviter's registration address or its last sign-in address (SAME_ADDRESS, exact IP); the invitee's device
(its browser's user agent from its network, IPv4 /24 or IPv6 /64, as the new-device notice tells devices) is
one the inviter signed in with (any of its sessions) or registered with (SAME_DEVICE)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import cast

from sqlalchemy import ColumnElement, Table, exists, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import PLAYER, TRIAL, AuthSession, Member
from server.brands.service import Brand
from server.content.messages.devices import network_of
from server.db.base import utcnow
from server.loyalty.referral.models import (
    AGENT_INVITER,
    INELIGIBLE,
    SAME_ADDRESS,
    SAME_DEVICE,
    SELF,
    TRIAL_INVITEE,
    ReferralInvitee,
)
from server.loyalty.referral.rules import DAYS_MAX, rules_of

_INVITEES = cast(Table, ReferralInvitee.__table__)
CHUNK = 500  # rows per INSERT (SQLite's limit on bound parameters)
# The job still looks at a window closed this recently: a run missed while the worker was down is caught up.
CATCH_UP = timedelta(days=2)


def device_of(user_agent: str | None, ip: str | None) -> str | None:
    """A device as the new-device notice tells one: the same browser from the same network, kept as a SHA-256.
    The fingerprint promotions.entries.device_of keeps, written here rather than imported: registration
    imports this module, and promotions reaches the games, which the wallet (through registration) may not."""
    if not user_agent:
        return None
    return hashlib.sha256(f"{user_agent[:255]}|{network_of(ip) or ''}".encode()).hexdigest()


@dataclass(frozen=True)
class Pair:
    """An invitee row with what the checks read of both members."""

    invitee_id: int
    inviter_id: int
    invitee_name: str
    invitee_type: int
    inviter_type: int
    ip: str | None
    device: str | None
    inviter_ips: frozenset[str]  # the inviter's registration and last sign-in addresses
    registered_at: datetime
    window_ends_at: datetime
    outcome: str | None
    reason: str | None
    reward: int | None


def reason_against(pair: Pair, inviter_devices: frozenset[str]) -> str | None:
    """Why this invitee earns its inviter nothing, or None."""
    if pair.invitee_id == pair.inviter_id:
        return SELF
    if pair.inviter_type != PLAYER:
        return AGENT_INVITER
    if pair.invitee_type == TRIAL:
        return TRIAL_INVITEE
    if pair.ip and pair.ip in pair.inviter_ips:
        return SAME_ADDRESS
    if pair.device and pair.device in inviter_devices:
        return SAME_DEVICE
    return None


async def devices_of(session: AsyncSession, member_ids: Iterable[int]) -> dict[int, frozenset[str]]:
    """Each member's devices: those of its sessions, and the one it registered with when it was noted."""
    ids = sorted(set(member_ids))
    found: dict[int, set[str]] = defaultdict(set)
    for chunk in range(0, len(ids), CHUNK):
        part = ids[chunk : chunk + CHUNK]
        sessions = await session.execute(
            select(AuthSession.member_id, AuthSession.user_agent, AuthSession.ip)
            .where(AuthSession.member_id.in_(part))
            .distinct()
        )
        for member_id, agent, ip in sessions:
            if member_id is not None and (device := device_of(agent, ip)) is not None:
                found[int(member_id)].add(device)
        registered = await session.execute(
            select(ReferralInvitee.invitee_id, ReferralInvitee.device).where(
                ReferralInvitee.invitee_id.in_(part), ReferralInvitee.device.is_not(None)
            )
        )
        for member_id, device in registered:
            found[int(member_id)].add(str(device))
    return {member_id: frozenset(devices) for member_id, devices in found.items()}


def _ips(*addresses: str | None) -> frozenset[str]:
    return frozenset(a for a in addresses if a)


async def note_invitee(
    session: AsyncSession,
    brand: Brand,
    invitee: Member,
    inviter: Member,
    *,
    ip: str | None,
    user_agent: str | None,
) -> None:
    """Registration's call for a member who came with `inviter`'s code (after the member is flushed): the
    address and device it registered from, its window, and at once INELIGIBLE when the checks say so."""
    now = utcnow()
    registered_at = invitee.created_at or now
    rules = await rules_of(session, brand.id)
    row = ReferralInvitee(
        merchant_id=brand.id,
        invitee_id=invitee.id,
        inviter_id=inviter.id,
        ip=ip,
        device=device_of(user_agent, ip),
        registered_at=registered_at,
        window_ends_at=registered_at + timedelta(days=rules.days),
    )
    pair = Pair(
        invitee_id=invitee.id,
        inviter_id=inviter.id,
        invitee_name=invitee.username,
        invitee_type=invitee.member_type,
        inviter_type=inviter.member_type,
        ip=ip,
        device=row.device,
        inviter_ips=_ips(inviter.registered_ip, inviter.last_login_ip),
        registered_at=registered_at,
        window_ends_at=row.window_ends_at,
        outcome=None,
        reason=None,
        reward=None,
    )
    devices = (await devices_of(session, [inviter.id])).get(inviter.id, frozenset())
    if (reason := reason_against(pair, devices)) is not None:
        row.outcome, row.reason, row.decided_at = INELIGIBLE, reason, now
    session.add(row)
    await session.flush()


async def note_missing(session: AsyncSession, merchant_id: int, *, now: datetime | None = None) -> int:
    """Invitees of the merchant registered within the longest window that no registration noted (before this
    feature): noted now, without a device, with the window the current rules give. Safe to run twice."""
    now = now or utcnow()
    rules = await rules_of(session, merchant_id)
    since = now - timedelta(days=DAYS_MAX + 1)
    missing = (
        await session.execute(
            select(Member.id, Member.referred_by_id, Member.registered_ip, Member.created_at).where(
                Member.merchant_id == merchant_id,
                Member.referred_by_id.is_not(None),
                Member.created_at >= since,
                ~exists().where(ReferralInvitee.invitee_id == Member.id),
            )
        )
    ).all()
    rows = [
        {
            "merchant_id": merchant_id,
            "invitee_id": member_id,
            "inviter_id": inviter_id,
            "ip": ip,
            "device": None,
            "registered_at": created_at,
            "window_ends_at": created_at + timedelta(days=rules.days),
        }
        for member_id, inviter_id, ip, created_at in missing
    ]
    dialect = (await session.connection()).dialect.name
    insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
    for chunk in range(0, len(rows), CHUNK):
        await session.execute(
            insert_for(_INVITEES).values(rows[chunk : chunk + CHUNK]).on_conflict_do_nothing()
        )
    return len(rows)


async def load_pairs(
    session: AsyncSession, *conditions: ColumnElement[bool], newest: int | None = None
) -> list[Pair]:
    """The invitee rows meeting `conditions`, with both members' columns the checks read (the `newest` ones
    by registration when given)."""
    invitee, inviter = aliased(Member), aliased(Member)
    query = (
        select(
            ReferralInvitee,
            invitee.username,
            invitee.member_type,
            inviter.member_type,
            inviter.registered_ip,
            inviter.last_login_ip,
        )
        .join(invitee, invitee.id == ReferralInvitee.invitee_id)
        .join(inviter, inviter.id == ReferralInvitee.inviter_id)
        .where(*conditions)
    )
    if newest is not None:
        query = query.order_by(ReferralInvitee.registered_at.desc(), ReferralInvitee.invitee_id.desc()).limit(
            newest
        )
    rows = await session.execute(query)
    return [
        Pair(
            invitee_id=row.invitee_id,
            inviter_id=row.inviter_id,
            invitee_name=name,
            invitee_type=int(invitee_type),
            inviter_type=int(inviter_type),
            ip=row.ip,
            device=row.device,
            inviter_ips=_ips(registered_ip, last_login_ip),
            registered_at=row.registered_at,
            window_ends_at=row.window_ends_at,
            outcome=row.outcome,
            reason=row.reason,
            reward=row.reward,
        )
        for row, name, invitee_type, inviter_type, registered_ip, last_login_ip in rows
    ]
