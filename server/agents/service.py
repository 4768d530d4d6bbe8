"""What an agent does to its team: registers a downline (a player, or a sub-agent of its own type) and pays
a member of its subtree from its main wallet (a ledger transfer, with the agent's withdrawal password,
audited). Reading and paying anyone outside the subtree is AGENT_DOWNLINE_NOT_FOUND (tree.downline)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts import passwords, registration
from server.accounts.login import username_key
from server.accounts.models import PLAYER, Member
from server.admin.service import audit
from server.agents import tree
from server.brands.service import Brand
from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.wallet.ledger import Posted
from server.wallet.models import MAIN
from server.wallet.transfers import account, move
from server.wallet.withdrawals import check_payment_password


async def register_downline(
    session: AsyncSession,
    brand: Brand,
    agent: Member,
    *,
    username: str,
    password: str,
    member_type: int,
    nickname: str | None,
) -> Member:
    """A new member directly below the agent. The username and password follow the brand's own
    registration rules; the member changes the password at first login (someone else chose it)."""
    if member_type not in (PLAYER, agent.member_type):
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "type", "type": "not_allowed"}]})
    values = {"username": username, "password": password}
    found = registration.check_fields(brand.register_rules, values, always={"username", "password"})
    if found:
        raise registration.invalid(found)
    key = username_key(username)
    taken = await session.scalar(
        select(Member.id).where(Member.merchant_id == brand.id, Member.username == key)
    )
    if taken is not None:
        raise AppError(errors.USERNAME_TAKEN)
    member = Member(
        merchant_id=brand.id,
        username=key,
        password_hash=await passwords.hash_password_async(password),
        password_changed_at=utcnow(),
        must_change_password=True,
        member_type=member_type,
        created_by="AGENT",
        upline_id=agent.id,
        nickname=(nickname or "").strip() or key,
    )
    try:
        async with session.begin_nested():
            session.add(member)
            await session.flush()
    except IntegrityError:
        raise AppError(errors.USERNAME_TAKEN) from None  # registered by someone else at the same moment
    return member


async def pay_downline(
    session: AsyncSession,
    brand: Brand,
    agent: Member,
    *,
    username: str,
    amount: int,
    payment_password: str,
    request_id: str,
    ip: str,
) -> Posted:
    """From the agent's main wallet to a member of its subtree, named by user name (the agent knows its
    team by name, never by id): once per request id; the ledger refuses what the wallet does not hold."""
    downline, level = await tree.downline_by_username(session, brand.id, agent.id, username)
    await check_payment_password(session, brand, agent, payment_password, ip)
    posted = await move(
        session,
        brand,
        kind="DOWNLINE_TRANSFER",
        key=f"downline-transfer:{agent.id}:{request_id}",
        reference=f"downline:{downline.id}",
        source=await account(session, brand, agent.id, MAIN),
        target=await account(session, brand, downline.id, MAIN),
        amount=amount,
    )
    if not posted.replayed:
        await audit(
            session,
            merchant_id=brand.id,
            staff_id=None,
            action="agent.downline_transfer",
            target=downline.username,
            detail={
                "agent": agent.username,
                "level": level,
                "amount": format_amount(amount),
                "transferId": posted.transfer_id,
            },
            ip=ip,
        )
    return posted
