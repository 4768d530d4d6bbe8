"""The fan-out job: a message to a label, a rank or everyone of a merchant becomes one recipient row per
member, 5,000 members a transaction.

Each batch is one `INSERT … SELECT … FROM members` of the next members by id after the message's cursor
(ON CONFLICT DO NOTHING on (message_id, member_id)), and the cursor moves in the same transaction: a crash
loses at most the batch in flight, and the next run resumes at the cursor. A worker claims a message with
a lease (a conditional UPDATE of `claimed_until`), renewed by every batch; a batch commits only if the
cursor is still where it started, so two workers never both advance it, and the unique pair keeps a
repeated batch from writing twice. Members who count: ACTIVE, not trial accounts.

Pushes: for a label or a rank, after each batch's COMMIT, each member reached gets their new unread count
(one grouped count); for everyone, the merchant's room gets one {"count": null} ("ask again") when the
message is SENT, instead of 100,000 pushes."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import exists, func, literal, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from realtime import events, publish
from server.accounts.models import TRIAL, Member
from server.brands.models import Merchant
from server.content.messages.models import PENDING, SENDING, SENT, MessageRecipient, PlatformMessage
from server.db.base import BigIntId, UtcDateTime, utcnow
from server.db.session import Database
from server.protection.models import MemberProtection

if TYPE_CHECKING:
    from server.house.wallet_client import WalletClient

BATCH_SIZE = 5_000
LEASE = timedelta(seconds=60)
_PER_RUN = 20  # messages looked at per run; the rest wait for the next tick
_M, _R = PlatformMessage, MessageRecipient


@dataclass
class Report:
    messages: int = 0
    batches: int = 0
    delivered: int = 0


@dataclass(frozen=True)
class _Step:
    inserted: int
    done: bool


class _Lost(Exception):
    """Another worker moved the cursor (our lease ran out): this batch is rolled back, the message left."""


def audience_filter(audience: str, target: str | None, now: datetime) -> list[Any]:
    """Which of the merchant's members a message reaches: never one taking a break, self-excluded or closed
    (issue 34: no marketing reaches them while it runs)."""
    excluded = exists().where(
        MemberProtection.member_id == Member.id,
        MemberProtection.excluded_kind.is_not(None),
        or_(MemberProtection.excluded_until.is_(None), MemberProtection.excluded_until > now),
    )
    where: list[Any] = [
        Member.status == "ACTIVE",
        Member.member_type != TRIAL,
        or_(Member.play_protected.is_(False), ~excluded),
    ]
    if audience == "LABEL":
        where.append(Member.club_label_name == target)
    elif audience == "RANK":
        where.append(Member.rank_level == int(target or 0))
    elif audience != "ALL":
        raise ValueError(f"{audience} messages are not fanned out")
    return where


def _insert_for(session: AsyncSession) -> Any:
    dialect = session.get_bind().dialect.name
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


async def _claim(db: Database, message_id: int) -> bool:
    now = utcnow()
    async with db.session() as session:
        claimed = await session.execute(
            update(_M)
            .where(
                _M.id == message_id,
                _M.status.in_((PENDING, SENDING)),
                or_(_M.claimed_until.is_(None), _M.claimed_until < now),
            )
            .values(status=SENDING, claimed_until=now + LEASE)
            .execution_options(synchronize_session=False)
        )
        return bool(claimed.rowcount)  # type: ignore[attr-defined]


async def _batch(db: Database, message_id: int, size: int) -> tuple[_Step, int, int, str]:
    """One transaction: the next `size` members, their rows, the cursor. Returns the step, the cursor
    before and after, and the audience."""
    async with db.session() as session:
        found = (
            await session.execute(
                select(_M.merchant_id, _M.audience, _M.target, _M.cursor, Merchant.code)
                .join(Merchant, Merchant.id == _M.merchant_id)
                .where(_M.id == message_id, _M.status == SENDING)
            )
        ).one_or_none()
        if found is None:
            raise _Lost
        merchant_id, audience, target, cursor, code = found
        members = [
            Member.merchant_id == merchant_id,
            *audience_filter(audience, target, utcnow()),
            Member.id > cursor,
        ]
        window = select(Member.id).where(*members).order_by(Member.id).limit(size).subquery()
        last, count = (
            await session.execute(select(func.max(window.c.id), func.count()).select_from(window))
        ).one()
        now = utcnow()
        inserted = 0
        if count:
            rows = select(
                literal(message_id, BigIntId),
                Member.id,
                literal(merchant_id, BigIntId),
                literal(now, UtcDateTime()),
            ).where(*members, Member.id <= last)
            written = await session.execute(
                _insert_for(session)(_R)
                .from_select(["message_id", "member_id", "merchant_id", "created_at"], rows)
                .on_conflict_do_nothing(index_elements=["message_id", "member_id"])
            )
            inserted = max(written.rowcount, 0)  # type: ignore[attr-defined]
        done = count < size
        values: dict[str, Any] = {
            "cursor": last if count else cursor,
            "recipients": _M.recipients + inserted,
            "claimed_until": now + LEASE,
        }
        if done:
            values.update(status=SENT, claimed_until=None)
        moved = await session.execute(
            update(_M)
            .where(_M.id == message_id, _M.cursor == cursor, _M.status == SENDING)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        if not moved.rowcount:  # type: ignore[attr-defined]
            raise _Lost
        if done and audience == "ALL":
            await publish(
                events.MESSAGES_UNREAD, events.merchant_room(code), {"count": None}, session=session
            )
    return _Step(inserted, done), cursor, values["cursor"], audience


async def _push_counts(db: Database, message_id: int, after: int, upto: int) -> None:
    """The new unread count of each member this batch reached, read after its COMMIT."""
    reached = select(_R.member_id).where(
        _R.message_id == message_id, _R.member_id > after, _R.member_id <= upto
    )
    async with db.read_session() as session:
        counts = (
            await session.execute(
                select(_R.member_id, func.count())
                .where(_R.member_id.in_(reached), _R.read_at.is_(None), _R.deleted_at.is_(None))
                .group_by(_R.member_id)
            )
        ).all()
    for member_id, count in counts:
        await publish(
            events.MESSAGES_UNREAD, events.user_room(member_id), {"count": int(count)}, session=None
        )


async def fan_out(db: Database, *, batch_size: int = BATCH_SIZE, max_batches: int | None = None) -> Report:
    """Every message waiting (or whose worker's lease ran out), each to the end. `max_batches` stops early,
    as a crash would (tests)."""
    report = Report()
    async with db.read_session() as session:
        waiting = list(
            await session.scalars(
                select(_M.id)
                .where(
                    _M.status.in_((PENDING, SENDING)),
                    or_(_M.claimed_until.is_(None), _M.claimed_until < utcnow()),
                )
                .order_by(_M.id)
                .limit(_PER_RUN)
            )
        )
    for message_id in waiting:
        if not await _claim(db, message_id):
            continue
        report.messages += 1
        while True:
            if max_batches is not None and report.batches >= max_batches:
                return report
            try:
                step, before, after, audience = await _batch(db, message_id, batch_size)
            except _Lost:
                break
            report.batches += 1
            report.delivered += step.inserted
            if step.inserted and audience in ("LABEL", "RANK"):
                await _push_counts(db, message_id, before, after)
            if step.done:
                break
    return report


async def fan_out_messages(db: Database, house_wallet: WalletClient | None) -> dict[str, int]:
    """The scheduled job (tasks/jobs): its own short transactions, one per batch."""
    return asdict(await fan_out(db))
