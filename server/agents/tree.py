"""The agent tree: who is below whom. A member's upline is one column (members.upline_id); an agent's
downline is everyone reached by following it down, level 1 being its direct members. Every agent call that
names a member by id asks `downline` first: outside the caller's subtree is not found, never another
branch's data.

Walks are bounded by depth, so that a cycle (which `set_upline` refuses to make) could never loop."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from sqlalchemy import literal, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.login import username_key
from server.accounts.models import Member
from server.http.core import errors
from server.http.core.errors import AppError

MAX_DEPTH = 32


def _subtree(merchant_id: int, agent_id: int):  # type: ignore[no-untyped-def]  # a recursive CTE
    tree = (
        select(Member.id.label("member_id"), literal(1).label("level"))
        .where(Member.merchant_id == merchant_id, Member.upline_id == agent_id)
        .cte("subtree", recursive=True)
    )
    below = select(Member.id, tree.c.level + 1).join(tree, Member.upline_id == tree.c.member_id)
    return tree.union_all(below.where(tree.c.level < MAX_DEPTH))


async def levels(session: AsyncSession, merchant_id: int, agent_id: int) -> dict[int, int]:
    """Every member below the agent, with their level (1 = direct)."""
    tree = _subtree(merchant_id, agent_id)
    rows = await session.execute(select(tree.c.member_id, tree.c.level))
    found: dict[int, int] = {}
    for member_id, level in rows:
        found.setdefault(member_id, level)
    return found


async def level_of(session: AsyncSession, merchant_id: int, agent_id: int, member_id: int) -> int | None:
    """The member's level below the agent, or None when the member is not in the agent's subtree: the walk
    goes up from the member, at most MAX_DEPTH steps."""
    chain = (
        select(Member.upline_id.label("above"), literal(1).label("level"))
        .where(Member.merchant_id == merchant_id, Member.id == member_id)
        .cte("chain", recursive=True)
    )
    up = select(Member.upline_id, chain.c.level + 1).join(chain, Member.id == chain.c.above)
    chain = chain.union_all(up.where(chain.c.level < MAX_DEPTH))
    return await session.scalar(
        select(chain.c.level).where(chain.c.above == agent_id).order_by(chain.c.level).limit(1)
    )


async def downline(
    session: AsyncSession, merchant_id: int, agent_id: int, member_id: int, *, lock: bool = False
) -> tuple[Member, int]:
    """A member of the agent's subtree and their level; AGENT_DOWNLINE_NOT_FOUND for anyone else (another
    branch, the agent itself, another merchant's), the same answer as for an id that does not exist."""
    level = await level_of(session, merchant_id, agent_id, member_id)
    if level is None:
        raise AppError(errors.AGENT_DOWNLINE_NOT_FOUND)
    query = select(Member).where(Member.id == member_id, Member.merchant_id == merchant_id)
    member = await session.scalar(query.with_for_update() if lock else query)
    if member is None:
        raise AppError(errors.AGENT_DOWNLINE_NOT_FOUND)
    return member, level


async def downline_by_username(
    session: AsyncSession, merchant_id: int, agent_id: int, username: str
) -> tuple[Member, int]:
    """`downline` for a member named by user name (as the registration stores it: trimmed, lower case):
    a name nobody in the subtree has is AGENT_DOWNLINE_NOT_FOUND, whether or not it exists elsewhere."""
    member_id = await session.scalar(
        select(Member.id).where(Member.merchant_id == merchant_id, Member.username == username_key(username))
    )
    if member_id is None:
        raise AppError(errors.AGENT_DOWNLINE_NOT_FOUND)
    return await downline(session, merchant_id, agent_id, member_id)


async def upline_map(session: AsyncSession, merchant_id: int) -> dict[int, int]:
    """Every member of the merchant that has an upline, and that upline: the whole tree in one read, for
    work over many agents at once (a settlement run)."""
    rows = await session.execute(
        select(Member.id, Member.upline_id).where(
            Member.merchant_id == merchant_id, Member.upline_id.is_not(None)
        )
    )
    return {member_id: upline_id for member_id, upline_id in rows if upline_id is not None}


def uplines(member_id: int, upline_of: Mapping[int, int]) -> Iterator[int]:
    """The member's uplines in `upline_of`, nearest first, at most MAX_DEPTH of them."""
    above, steps = upline_of.get(member_id), 0
    while above is not None and steps < MAX_DEPTH:
        yield above
        above, steps = upline_of.get(above), steps + 1
