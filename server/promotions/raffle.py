"""The raffle: tickets earned by deposits or turnover while it runs (plus tickets from missions), drawn when
it ends so that any player can check the draw.

When staff create it, a seed of 32 bytes comes from the CSPRNG and its commitment, the hex SHA-256 of the
seed's hex text, is published; the seed stays secret until the draw, then is published with every member's
ticket range and the winners. The draw (DRAW_RULE, in words) is a pure function of the seed, the ranges and
the prizes: repeating it gives the same winners, which is what the portal's Verify button does.

The job is safe to run twice and after a crash: the result is written by one conditional UPDATE (WHERE
drawn_at IS NULL) and the winners' entries INSERTed (ON CONFLICT DO NOTHING) in the same transaction, so a
raffle is drawn once, and its prizes are paid on the winners' claims, once each (entries.claim)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL, Member
from server.brands.service import Brand
from server.db.base import utcnow
from server.games.winners import mask
from server.http.core import errors
from server.http.core.errors import AppError
from server.http.core.money import format_amount
from server.promotions import entries, periodic, periods
from server.promotions.models import (
    CLAIMABLE,
    RAFFLE,
    Promotion,
    PromotionEntry,
    RaffleDraw,
    RaffleTicket,
)
from server.promotions.raffle_schemas import (
    RaffleAdminOut,
    RaffleAdminRangeOut,
    RaffleAdminWinnerOut,
    RaffleOut,
    RaffleRangeOut,
    RaffleWinnerOut,
)
from server.wallet.cashier_models import DepositOrder

_ENTRIES = cast(Table, PromotionEntry.__table__)
SPACE = 1 << 256  # HMAC-SHA256's outputs, read as big-endian integers

DRAW_RULE = (
    "Each member's tickets are numbered in one sequence, members by ascending id, the first ticket being "
    "number 0 (the published ranges: first, count). For each prize rank r = 0, 1, ... in order, the tickets "
    "of the members who have not won yet are renumbered 0 .. T-1 in the same order (T their total). "
    "For n = 0, 1, 2, ... the value v = HMAC-SHA256(key = the 32 bytes of the seed, message = the ASCII "
    'text "r:n", e.g. "0:0") is read as a big-endian 256-bit integer; a v at or above the largest multiple '
    "of T not above 2^256 (floor(2^256 / T) * T) is rejected and the next n tried; the first v kept gives "
    "the winning position v mod T, whose member wins rank r (the published ticket is that ticket's number "
    "in the ranges). A member wins at most once; when no tickets remain, the rest of the prizes are not "
    "awarded. The commitment is the hex SHA-256 of the seed's 64-character lowercase hex text as ASCII."
)


def commitment_of(seed: str) -> str:
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


async def open_draw(session: AsyncSession, promotion: Promotion) -> RaffleDraw | None:
    """A new raffle's draw: its secret seed and the published commitment (nothing for other kinds)."""
    if promotion.kind != RAFFLE:
        return None
    seed = secrets.token_hex(32)
    draw = RaffleDraw(
        merchant_id=promotion.merchant_id,
        promotion_id=promotion.id,
        commitment=commitment_of(seed),
        seed=seed,
        tickets=0,
        ranges=[],
        winners=[],
    )
    session.add(draw)
    await session.flush()
    return draw


def check_schedule(kind: str, ends_at: datetime | None) -> None:
    """A raffle is drawn when it ends: it must say when."""
    if kind == RAFFLE and ends_at is None:
        raise AppError(errors.VALIDATION_ERROR, value={"fields": [{"field": "endsAt", "type": "missing"}]})


# --- the draw ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Range:
    member_id: int
    first: int
    count: int


@dataclass(frozen=True)
class Winner:
    rank: int
    member_id: int
    ticket: int
    prize: int


def ranges_of(tickets: dict[int, int]) -> list[Range]:
    """The ticket ranges: members by ascending id, numbered from 0; members without tickets left out."""
    found, first = [], 0
    for member_id in sorted(tickets):
        if tickets[member_id] > 0:
            found.append(Range(member_id, first, tickets[member_id]))
            first += tickets[member_id]
    return found


def position(key: bytes, rank: int, total: int) -> int:
    """A uniform position in [0, total) for `rank`: HMAC-SHA256 of "rank:n" with rejection sampling."""
    limit = SPACE // total * total
    n = 0
    while True:
        value = int.from_bytes(hmac.new(key, f"{rank}:{n}".encode(), hashlib.sha256).digest(), "big")
        if value < limit:
            return value % total
        n += 1


def draw(seed: str, ranges: Sequence[Range], prizes: Sequence[int]) -> list[Winner]:
    """The winners, by DRAW_RULE: a pure function of the seed, the ranges and the prizes."""
    key = bytes.fromhex(seed)
    remaining = list(ranges)
    winners: list[Winner] = []
    for rank, prize in enumerate(prizes):
        total = sum(r.count for r in remaining)
        if total == 0:
            break
        at = position(key, rank, total)
        for n, candidate in enumerate(remaining):
            if at < candidate.count:
                winners.append(Winner(rank, candidate.member_id, candidate.first + at, prize))
                del remaining[n]
                break
            at -= candidate.count
    return winners


# --- tickets ----------------------------------------------------------------------------------------------


def _window(promotion: Promotion, now: datetime) -> tuple[datetime, datetime]:
    ends = [now, *(at for at in (promotion.ends_at, promotion.ended_at) if at is not None)]
    return promotion.starts_at, min(ends)


async def _earned(
    session: AsyncSession, promotion: Promotion, start: datetime, end: datetime, member_id: int | None
) -> dict[int, int]:
    """Each member's deposits (completed, credited in the window) or valid turnover (settled in it)."""
    if end <= start:
        return {}
    if promotion.params.get("ticketBy") == "TURNOVER":
        counted = await periodic.figures(session, promotion.merchant_id, start, end, member_id)
        return {m: found.turnover for m, found in counted.items()}
    query = (
        select(DepositOrder.member_id, func.coalesce(func.sum(DepositOrder.amount), 0))
        .join(Member, Member.id == DepositOrder.member_id)
        .where(
            DepositOrder.merchant_id == promotion.merchant_id,
            DepositOrder.status == "COMPLETED",
            DepositOrder.decided_at >= start,
            DepositOrder.decided_at < end,
            Member.member_type != TRIAL,
        )
        .group_by(DepositOrder.member_id)
    )
    if member_id is not None:
        query = query.where(DepositOrder.member_id == member_id)
    return {int(m): int(total) for m, total in await session.execute(query)}


async def tickets_of(
    session: AsyncSession, promotion: Promotion, now: datetime, member_id: int | None = None
) -> dict[int, int]:
    """Each member's tickets (or one member's): floor(sum / ticketEvery), at most maxTickets, plus the
    tickets missions granted (not capped)."""
    params = promotion.params
    every = int(params["ticketEvery"])
    most = params.get("maxTickets")
    start, end = _window(promotion, now)
    tickets: dict[int, int] = {}
    for member, amount in (await _earned(session, promotion, start, end, member_id)).items():
        earned = amount // every
        tickets[member] = earned if most is None else min(int(most), earned)
    granted = select(RaffleTicket.member_id, func.coalesce(func.sum(RaffleTicket.tickets), 0)).where(
        RaffleTicket.promotion_id == promotion.id
    )
    if member_id is not None:
        granted = granted.where(RaffleTicket.member_id == member_id)
    for member, extra in await session.execute(granted.group_by(RaffleTicket.member_id)):
        tickets[int(member)] = tickets.get(int(member), 0) + int(extra)
    return {m: n for m, n in tickets.items() if n > 0}


# --- the job ------------------------------------------------------------------------------------------------


async def _draw_one(session: AsyncSession, promotion: Promotion, now: datetime) -> bool:
    """Draw one raffle and offer its prizes; False when another run drew it first."""
    row = await session.get(RaffleDraw, promotion.id)
    assert row is not None
    ranges = ranges_of(await tickets_of(session, promotion, promotion.ends_at or now))
    won = draw(row.seed, ranges, [int(p) for p in promotion.params["prizes"]])
    moved = await session.scalar(
        update(RaffleDraw)
        .where(RaffleDraw.promotion_id == promotion.id, RaffleDraw.drawn_at.is_(None))
        .values(
            drawn_at=now,
            tickets=sum(r.count for r in ranges),
            ranges=[{"memberId": r.member_id, "first": r.first, "count": r.count} for r in ranges],
            winners=[
                {"rank": w.rank, "memberId": w.member_id, "ticket": w.ticket, "prize": w.prize} for w in won
            ],
        )
        .returning(RaffleDraw.promotion_id)
        .execution_options(synchronize_session=False)
    )
    if moved is None:
        return False
    if won:
        dialect = (await session.connection()).dialect.name
        insert_for = postgresql.insert if dialect == "postgresql" else sqlite.insert
        claim_by = now + timedelta(days=int(promotion.params.get("claimDays", 7)))
        await session.execute(
            insert_for(_ENTRIES)
            .values(
                [
                    {
                        "merchant_id": promotion.merchant_id,
                        "promotion_id": promotion.id,
                        "member_id": w.member_id,
                        "period_key": periods.ONCE,
                        "status": CLAIMABLE,
                        "amount": w.prize,
                        "streak": 0,
                        "claim_by": claim_by,
                        "created_at": now,
                    }
                    for w in won
                ]
            )
            .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "period_key"])
        )
    return True


async def draw_raffles(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: every raffle whose end has passed and that is not drawn yet, drawn and its prizes offered."""
    now = now or utcnow()
    due = await session.scalars(
        select(Promotion)
        .join(RaffleDraw, RaffleDraw.promotion_id == Promotion.id)
        .where(Promotion.kind == RAFFLE, Promotion.ends_at <= now, RaffleDraw.drawn_at.is_(None))
        .order_by(Promotion.id)
    )
    drawn = 0
    for promotion in list(due):
        drawn += await _draw_one(session, promotion, now)
    return {"drawn": drawn}


# --- what readers see -----------------------------------------------------------------------------------


async def _usernames(session: AsyncSession, member_ids: Iterable[int]) -> dict[int, str]:
    wanted = sorted(set(member_ids))
    if not wanted:
        return {}
    return {
        int(i): str(name)
        for i, name in await session.execute(select(Member.id, Member.username).where(Member.id.in_(wanted)))
    }


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


async def detail(
    session: AsyncSession, promotion: Promotion, member_id: int | None, now: datetime
) -> RaffleOut | None:
    """The portal's raffle box: the commitment; the reader's tickets (live until the draw); once drawn, the
    seed, the ranges and the winners (masked names)."""
    if promotion.kind != RAFFLE:
        return None
    row = await session.get(RaffleDraw, promotion.id)
    if row is None:
        return None
    draw_at = _ms(promotion.ends_at or now)
    if row.drawn_at is None:
        mine = None
        if member_id is not None:
            mine = (await tickets_of(session, promotion, now, member_id)).get(member_id, 0)
        return RaffleOut(
            commitment=row.commitment,
            draw_at=draw_at,
            drawn=False,
            seed=None,
            tickets=None,
            my_tickets=mine,
            ranges=[],
            winners=[],
        )
    names = await _usernames(session, (int(r["memberId"]) for r in row.ranges))
    mine = None
    if member_id is not None:
        mine = next((int(r["count"]) for r in row.ranges if int(r["memberId"]) == member_id), 0)
    return RaffleOut(
        commitment=row.commitment,
        draw_at=draw_at,
        drawn=True,
        seed=row.seed,
        tickets=row.tickets,
        my_tickets=mine,
        ranges=[
            RaffleRangeOut(name=mask(names.get(int(r["memberId"]), "?")), first=r["first"], count=r["count"])
            for r in row.ranges
        ],
        winners=[
            RaffleWinnerOut(
                rank=w["rank"],
                name=mask(names.get(int(w["memberId"]), "?")),
                ticket=w["ticket"],
                prize=format_amount(int(w["prize"])),
            )
            for w in row.winners
        ],
    )


async def admin_summary(session: AsyncSession, merchant_id: int, promotion_id: int) -> RaffleAdminOut:
    """The console's view of a raffle's draw: the commitment; once drawn, the seed, ranges and winners."""
    promotion = await session.get(Promotion, promotion_id)
    row = await session.get(RaffleDraw, promotion_id)
    if promotion is None or promotion.merchant_id != merchant_id or row is None:
        raise AppError(errors.PROMOTION_NOT_FOUND)
    drawn = row.drawn_at is not None
    names = await _usernames(session, (int(r["memberId"]) for r in row.ranges)) if drawn else {}
    return RaffleAdminOut(
        promotion_id=promotion.id,
        commitment=row.commitment,
        draw_at=promotion.ends_at or row.created_at,
        drawn_at=row.drawn_at,
        seed=row.seed if drawn else None,
        tickets=row.tickets,
        ranges=[
            RaffleAdminRangeOut(
                member_id=r["memberId"],
                username=names.get(int(r["memberId"]), ""),
                first=r["first"],
                count=r["count"],
            )
            for r in (row.ranges if drawn else [])
        ],
        winners=[
            RaffleAdminWinnerOut(
                rank=w["rank"],
                member_id=w["memberId"],
                username=names.get(int(w["memberId"]), ""),
                ticket=w["ticket"],
                prize=format_amount(int(w["prize"])),
            )
            for w in (row.winners if drawn else [])
        ],
    )


def stored(winners: Iterable[dict[str, Any]]) -> list[Winner]:
    """The stored winners as Winner rows (the tests compare them with a fresh draw)."""
    return [Winner(int(w["rank"]), int(w["memberId"]), int(w["ticket"]), int(w["prize"])) for w in winners]


async def claim(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    promotion: Promotion,
    *,
    ip: str | None,
    device: str | None = None,
) -> PromotionEntry:
    """The relay's raffleClaim: the promotion's claim (entries.claim), for a raffle only."""
    if promotion.kind != RAFFLE:
        raise AppError(errors.PROMOTION_WRONG_ACTION)
    return await entries.claim(session, brand, member, promotion, ip=ip, device=device)
