"""The invite-friends page of a player: its code and link, the rules, what it earned and its invitees.

A player registered through the portal got its code then (accounts.registration); one opened otherwise (by an
agent, an operator, the demo) gets one here on its first read: one conditional UPDATE while it still has none,
so two first reads at once end with one code, which both read back. Unique per merchant (the members table's
constraint; a clash is retried).

The link goes where the agent centre's affiliate link goes (agents.affiliate: the brand's public domain, else
the address this request was served on when it is one of the brand's): `{origin}/?referralCode={code}`, which
the portal keeps for its registration form (frontend app/boot.ts). When no origin can be vouched for, the
link is the bare path, which the portal completes with its own address."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Literal
from urllib.parse import urlencode

from sqlalchemy import exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from server.accounts.models import Member
from server.agents.affiliate import link_origin
from server.brands.service import Brand
from server.db.base import utcnow
from server.games.winners import mask
from server.http.core import errors
from server.http.core.errors import AppError
from server.loyalty.models import REFERRAL, LoyaltyReward
from server.loyalty.referral.figures import NONE, figures
from server.loyalty.referral.invitees import CATCH_UP, devices_of, load_pairs, reason_against
from server.loyalty.referral.models import INELIGIBLE, REWARDED, ReferralInvitee
from server.loyalty.referral.rules import Rules, rules_of

# A-Z and 2-9 without I, L, O, 0 and 1, as registration writes codes: nobody misreads one read aloud.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
ATTEMPTS = 8
LINK_PARAMETER = "referralCode"
INVITEES_SHOWN = 200  # the newest; an inviter with more sees its earnings in full, its list cut
InviteeStatus = Literal["REGISTERED", "QUALIFIED", "REWARDED", "INELIGIBLE"]


async def code_of(session: AsyncSession, member: Member) -> str:
    if member.referral_code:
        return member.referral_code
    other = aliased(Member)
    for _ in range(ATTEMPTS):
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        taken = exists().where(
            other.merchant_id == member.merchant_id, func.upper(other.referral_code) == code
        )
        try:
            async with session.begin_nested():
                await session.execute(
                    update(Member)
                    .where(Member.id == member.id, Member.referral_code.is_(None), ~taken)
                    .values(referral_code=code)
                    .execution_options(synchronize_session=False)
                )
        except IntegrityError:
            continue  # another member took the same code at the same moment
        found = await session.scalar(select(Member.referral_code).where(Member.id == member.id))
        if found:
            return found
    raise AppError(errors.CONFLICT, "No free referral code was found; try again")


def link_of(brand: Brand, code: str, served: str | None) -> str:
    path = f"/?{urlencode({LINK_PARAMETER: code})}"
    origin = link_origin(brand, served)
    return path if origin is None else f"{origin}{path}"


@dataclass(frozen=True)
class Invitee:
    name: str  # masked
    registered_at: datetime
    status: InviteeStatus
    deposit: int
    turnover: int
    reward: int | None


@dataclass(frozen=True)
class Page:
    code: str
    link: str
    rules: Rules
    earned: int
    invitees: list[Invitee]


async def page_of(session: AsyncSession, brand: Brand, member: Member, served: str | None) -> Page:
    now = utcnow()
    code = await code_of(session, member)
    rules = await rules_of(session, brand.id)
    earned = await session.scalar(
        select(func.coalesce(func.sum(LoyaltyReward.amount), 0)).where(
            LoyaltyReward.merchant_id == brand.id,
            LoyaltyReward.member_id == member.id,
            LoyaltyReward.kind == REFERRAL,
        )
    )
    mine = ReferralInvitee.inviter_id == member.id
    pairs = await load_pairs(session, mine, ReferralInvitee.merchant_id == brand.id, newest=INVITEES_SHOWN)
    found = await figures(session, brand.id, ReferralInvitee.invitee_id.in_([p.invitee_id for p in pairs]))
    devices = (await devices_of(session, [member.id])).get(member.id, frozenset())
    invitees = []
    for pair in pairs:
        done = found.get(pair.invitee_id, NONE)
        status: InviteeStatus
        if pair.outcome == REWARDED:
            status = "REWARDED"
        elif pair.outcome == INELIGIBLE or reason_against(pair, devices) is not None:
            status = "INELIGIBLE"  # for an open row, the job will say so too: told now rather than later
        else:
            # QUALIFIED: the job pays it at its next run; a window closed before it qualified (or before the
            # job could see it, an invitee from before this feature) stays REGISTERED.
            waiting = pair.window_ends_at > now - CATCH_UP
            status = "QUALIFIED" if waiting and done.qualifies(rules) else "REGISTERED"
        invitees.append(
            Invitee(
                name=mask(pair.invitee_name),
                registered_at=pair.registered_at,
                status=status,
                deposit=done.deposit,
                turnover=done.turnover,
                reward=pair.reward if status == REWARDED else None,
            )
        )
    return Page(code, link_of(brand, code, served), rules, int(earned or 0), invitees)
