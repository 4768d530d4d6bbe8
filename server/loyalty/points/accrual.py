"""The job `loyalty.accrue_points`: points earned from settled valid bets, counted in batches from the bet
records (docs/architecture.md, "Settled bets": nothing on the bet path).

Per merchant, one run moves its watermark from `last_until` to now - GRACE with one conditional UPDATE (WHERE
last_until is still what this run read): only the run that moved it accrues that window, so the job is safe
to run twice or on two workers. The window's bets (settled, real money, of players: the settle-time index) are
read in ONE aggregation grouped by (member, category); a member earns Σ stake (minor units) x the category's
rate (hundredths of a point per 1.00), which is in 1/10,000ths of a point. Added to the fraction carried from
earlier runs, the whole points are credited and the rest is carried: rounding DOWN, never lost, e.g. a 1.23
bet on LIVE (0.70) is 86.1 hundredths of a point: 0 points now and the fraction carried, two such bets make 1.
The balances and postings are written in bulk: on Postgres the aggregation, the carries, the balances'
upsert and the postings are one statement (_PG_ACCRUE); elsewhere (SQLite) the same arithmetic in Python and
INSERT … ON CONFLICT per CHUNK members. The tests run both."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, func, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import PLAYER, Member
from server.brands.models import Merchant
from server.db.base import utcnow
from server.games.bets import SETTLED
from server.games.models import BetRecord
from server.loyalty.points.models import EARNED, PointsAccrual, PointsBalance, PointsPosting
from server.loyalty.points.settings import rates_of

GRACE = timedelta(minutes=1)  # a bet settled just now may not be committed yet: counted by the next run
UNITS = 10_000  # 1/10,000ths of a point in a whole point (minor units x hundredths)
CHUNK = 500  # rows per INSERT (SQLite's limit on bound parameters)
BEGINNING = datetime(2000, 1, 1, tzinfo=UTC)  # a merchant's first run counts every bet settled before it

_BALANCES = cast(Table, PointsBalance.__table__)
_POSTINGS = cast(Table, PointsPosting.__table__)
_ACCRUALS = cast(Table, PointsAccrual.__table__)


def _insert_for(session: AsyncSession, dialect: str) -> Any:
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


async def _move_watermark(session: AsyncSession, merchant_id: int, until: datetime, dialect: str) -> Any:
    """The window (since, until] this run owns, or None when another run took it (or nothing is due)."""
    await session.execute(
        _insert_for(session, dialect)(_ACCRUALS)
        .values(merchant_id=merchant_id, last_until=BEGINNING)
        .on_conflict_do_nothing(index_elements=["merchant_id"])
    )
    since = await session.scalar(
        select(PointsAccrual.last_until).where(PointsAccrual.merchant_id == merchant_id)
    )
    if since is None or since >= until:
        return None
    moved = await session.execute(
        update(PointsAccrual)
        .where(PointsAccrual.merchant_id == merchant_id, PointsAccrual.last_until == since)
        .values(last_until=until)
        .execution_options(synchronize_session=False)
    )
    return since if int(getattr(moved, "rowcount", 0) or 0) == 1 else None


async def earned_units(
    session: AsyncSession, merchant_id: int, since: datetime, until: datetime, rates: dict[str, int]
) -> dict[int, int]:
    """Each player's stake x rate over the window's valid bets in 1/10,000ths of a point (one aggregation)."""
    rated = [category for category, rate in rates.items() if rate > 0]
    if not rated:
        return {}
    stakes = (
        select(BetRecord.member_id, BetRecord.category, func.sum(BetRecord.bet_amount).label("stake"))
        .where(
            BetRecord.merchant_id == merchant_id,
            BetRecord.settled_at > since,
            BetRecord.settled_at <= until,
            BetRecord.status == SETTLED,
            BetRecord.trial.is_(False),
            BetRecord.category.in_(rated),
        )
        .group_by(BetRecord.member_id, BetRecord.category)
        .subquery()
    )
    # Players only (agents and trial accounts earn nothing): the members joined after the aggregation.
    rows = await session.execute(
        select(stakes.c.member_id, stakes.c.category, stakes.c.stake)
        .join(Member, Member.id == stakes.c.member_id)
        .where(Member.member_type == PLAYER)
    )
    units: dict[int, int] = defaultdict(int)
    for member_id, category, stake in rows:
        units[int(member_id)] += int(stake or 0) * rates[category]
    return units


async def _carries(session: AsyncSession, members: list[int]) -> dict[int, int]:
    found: dict[int, int] = {}
    for start in range(0, len(members), CHUNK):
        chunk = members[start : start + CHUNK]
        rows = await session.execute(
            select(PointsBalance.member_id, PointsBalance.carry).where(PointsBalance.member_id.in_(chunk))
        )
        found.update({int(m): int(c) for m, c in rows})
    return found


async def credit(
    session: AsyncSession, merchant_id: int, units: dict[int, int], reference: str, now: datetime
) -> int:
    """Whole points credited (with a posting each) and the fractions carried; answers points credited (the
    portable path; Postgres runs _PG_ACCRUE)."""
    dialect = (await session.connection()).dialect.name
    insert_for = _insert_for(session, dialect)
    members = sorted(m for m, u in units.items() if u > 0)  # sorted: rows locked in one order
    carried = await _carries(session, members)
    rows: list[dict[str, Any]] = []
    for member_id in members:
        whole, carry = divmod(units[member_id] + carried.get(member_id, 0), UNITS)
        rows.append(
            {
                "member_id": member_id,
                "merchant_id": merchant_id,
                "current": whole,
                "carry": carry,
                "updated_at": now,
            }
        )
    credited = 0
    for start in range(0, len(rows), CHUNK):
        chunk = rows[start : start + CHUNK]
        statement = insert_for(_BALANCES).values(chunk)
        # Relative to the row as it is now (a redeem may have spent some meanwhile); the carry is the job's.
        statement = statement.on_conflict_do_update(
            index_elements=["member_id"],
            set_={
                "current": _BALANCES.c.current + statement.excluded.current,
                "carry": statement.excluded.carry,
                "updated_at": statement.excluded.updated_at,
            },
        ).returning(_BALANCES.c.member_id, _BALANCES.c.current)
        after = {int(m): int(c) for m, c in await session.execute(statement)}
        postings = [
            {
                "merchant_id": merchant_id,
                "member_id": row["member_id"],
                "change": row["current"],
                "balance_after": after[row["member_id"]],
                "reason": EARNED,
                "reference": f"{reference}:{row['member_id']}",
                "created_at": now,
            }
            for row in chunk
            if row["current"] > 0
        ]
        if postings:
            await session.execute(insert_for(_POSTINGS).values(postings))
        credited += sum(p["change"] for p in postings)
    return credited


# Postgres: the whole window in one statement. The same aggregation by (member, category), the players'
# units, the carries read, the balances upserted and the postings written, without the rows travelling to
# Python and back (a 500-row VALUES list built by SQLAlchemy cost seconds for 10,000 members).
_PG_ACCRUE = text(
    """
    WITH rates AS (
        SELECT * FROM unnest(CAST(:categories AS VARCHAR[]), CAST(:rates AS BIGINT[])) AS r(category, rate)
    ), stakes AS (
        SELECT member_id, category, sum(bet_amount) AS stake
        FROM bet_records
        WHERE merchant_id = :merchant AND settled_at > :since AND settled_at <= :until
          AND status = :settled AND NOT trial AND category = ANY(CAST(:categories AS VARCHAR[]))
        GROUP BY member_id, category
    ), units AS (
        SELECT s.member_id, CAST(sum(s.stake * r.rate) AS BIGINT) AS units
        FROM stakes s JOIN rates r USING (category) JOIN members m ON m.id = s.member_id
        WHERE m.member_type = :player
        GROUP BY s.member_id
    ), earned AS (
        SELECT u.member_id, (u.units + coalesce(p.carry, 0)) / :unit AS points,
               CAST((u.units + coalesce(p.carry, 0)) % :unit AS INTEGER) AS carry
        FROM units u LEFT JOIN points_balances p USING (member_id)
        WHERE u.units > 0
    ), balances AS (
        INSERT INTO points_balances (member_id, merchant_id, current, carry, updated_at)
        SELECT member_id, :merchant, points, carry, :now FROM earned ORDER BY member_id
        ON CONFLICT (member_id) DO UPDATE SET current = points_balances.current + excluded.current,
            carry = excluded.carry, updated_at = excluded.updated_at
        RETURNING member_id, current
    ), posted AS (
        INSERT INTO points_postings (merchant_id, member_id, change, balance_after, reason, reference,
                                     created_at)
        SELECT :merchant, e.member_id, e.points, b.current, :reason, :reference || ':' || e.member_id, :now
        FROM earned e JOIN balances b USING (member_id) WHERE e.points > 0
        RETURNING change
    )
    SELECT (SELECT count(*) FROM balances), (SELECT coalesce(sum(change), 0) FROM posted)
    """
)


async def _accrue_postgres(
    session: AsyncSession,
    merchant_id: int,
    since: datetime,
    until: datetime,
    rates: dict[str, int],
    reference: str,
    now: datetime,
) -> tuple[int, int]:
    rated = sorted(c for c, r in rates.items() if r > 0)
    if not rated:
        return 0, 0
    members, points = (
        await session.execute(
            _PG_ACCRUE,
            {
                "categories": rated,
                "rates": [rates[c] for c in rated],
                "merchant": merchant_id,
                "since": since,
                "until": until,
                "settled": SETTLED,
                "player": PLAYER,
                "unit": UNITS,
                "now": now,
                "reason": EARNED,
                "reference": reference,
            },
        )
    ).one()
    return int(members), int(points)


async def accrue_points(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: every merchant's bets settled since its watermark, up to now - GRACE, turned into points."""
    now = now or utcnow()
    until = now - GRACE
    dialect = (await session.connection()).dialect.name
    merchants = list(await session.scalars(select(Merchant.id).order_by(Merchant.id)))
    report = {"merchants": 0, "members": 0, "points": 0}
    for merchant_id in merchants:
        since = await _move_watermark(session, merchant_id, until, dialect)
        if since is None:
            continue
        report["merchants"] += 1
        rates = await rates_of(session, merchant_id)
        reference = f"earned:{int(until.timestamp() * 1000)}"
        if dialect == "postgresql":
            members, points = await _accrue_postgres(
                session, merchant_id, since, until, rates, reference, now
            )
            report["members"] += members
            report["points"] += points
            continue
        units = await earned_units(session, merchant_id, since, until, rates)
        report["points"] += await credit(session, merchant_id, units, reference, now)
        report["members"] += len([u for u in units.values() if u > 0])
    return report
