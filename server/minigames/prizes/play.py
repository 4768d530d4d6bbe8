"""A play of the lucky wheel or the golden egg, in one transaction.

1. The day's counter row is created if missing, then taken by one conditional UPDATE (used = used + 1 WHERE
   used < earned): ten parallel plays with three earned leave three through, never read-then-write.
2. The member's seed row gives its next nonce by another UPDATE ... RETURNING (the client seed sent with the
   play, if any, is set by the same statement), so no two plays share a nonce.
3. The outcome is FairRng(server seed, client seed, nonce).randbelow(1,000,000) laid over the table's parts
   per million (table.pick): the member recomputes it once the seed is revealed (rotate).
4. The prize is paid before COMMIT, keyed by the play's id: money from the promotion account (with its
   wagering lock when the prize has a wager multiple), points with a MINIGAME posting, raffle tickets into the
   running raffle. A big money prize is pushed to the winner board, after COMMIT."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.brands.service import Brand
from server.content.texts import pick_text
from server.db.base import utcnow
from server.games import winners
from server.house.engine.fair import FairRng, new_server_seed, seed_hash
from server.http.core import errors
from server.http.core.errors import AppError
from server.loyalty.points import book
from server.loyalty.points.models import MINIGAME as POINTS_MINIGAME
from server.minigames.prizes import earn, table
from server.minigames.prizes.models import (
    MONEY,
    POINTS,
    PPM,
    TICKETS,
    PrizeCounter,
    PrizeGame,
    PrizePlay,
    PrizeSeed,
)
from server.promotions.models import RAFFLE, Promotion, RaffleTicket
from server.promotions.service import is_running
from server.wallet import bonus_locks
from server.wallet.service import grant

LEDGER_KIND = "MINIGAME"
BONUS_EXPIRY = timedelta(days=30)  # how long a wagered prize's turnover may take, as loyalty's rewards
_COUNTERS = cast(Table, PrizeCounter.__table__)
_SEEDS = cast(Table, PrizeSeed.__table__)


async def _insert_for(session: AsyncSession) -> Any:
    dialect = (await session.connection()).dialect.name
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


async def game_of(
    session: AsyncSession, merchant_id: int, game_id: int, *, enabled: bool = True
) -> PrizeGame:
    game = await session.get(PrizeGame, game_id)
    if game is None or game.merchant_id != merchant_id or (enabled and not game.enabled):
        raise AppError(errors.NOT_FOUND)
    return game


async def seed_of(session: AsyncSession, game: PrizeGame, member_id: int) -> PrizeSeed:
    """The member's seed for the game, made on first sight (ON CONFLICT DO NOTHING: two tabs make one)."""
    insert_for = await _insert_for(session)
    await session.execute(
        insert_for(_SEEDS)
        .values(
            game_id=game.id,
            member_id=member_id,
            merchant_id=game.merchant_id,
            server_seed=new_server_seed(),
            client_seed=new_server_seed()[:16],
            nonce=0,
            updated_at=utcnow(),
        )
        .on_conflict_do_nothing(index_elements=["game_id", "member_id"])
    )
    found = await session.get(PrizeSeed, (game.id, member_id), populate_existing=True)
    assert found is not None
    return found


@dataclass(frozen=True)
class Rotated:
    previous_seed: str
    previous_seed_hash: str
    seed_hash: str
    client_seed: str
    nonce: int


async def rotate(session: AsyncSession, game: PrizeGame, member_id: int) -> Rotated:
    """Reveals the member's seed and starts a new one at nonce 0 (the row locked while it changes)."""
    await seed_of(session, game, member_id)
    row = await session.scalar(
        select(PrizeSeed)
        .where(PrizeSeed.game_id == game.id, PrizeSeed.member_id == member_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    assert row is not None
    previous = row.server_seed
    row.server_seed, row.nonce, row.updated_at = new_server_seed(), 0, utcnow()
    await session.flush()
    return Rotated(previous, seed_hash(previous), seed_hash(row.server_seed), row.client_seed, 0)


def outcome(prizes: list[Any], server_seed: str, client_seed: str, nonce: int) -> int:
    """The prize index a play draws: what anyone holding the revealed seed recomputes."""
    return table.pick(prizes, FairRng(server_seed, client_seed, nonce).randbelow(PPM))


@dataclass(frozen=True)
class Played:
    play: PrizePlay
    plays_left: int


async def _take_a_play(session: AsyncSession, game: PrizeGame, member_id: int, now: datetime) -> int:
    """Plays left after this one, or NO_PLAYS_LEFT (nothing taken)."""
    today = await earn.today_of(session, game.merchant_id, member_id, now)
    allowed = earn.earned(game, today)
    insert_for = await _insert_for(session)
    await session.execute(
        insert_for(_COUNTERS)
        .values(game_id=game.id, member_id=member_id, day=today.day, merchant_id=game.merchant_id, used=0)
        .on_conflict_do_nothing(index_elements=["game_id", "member_id", "day"])
    )
    used = await session.scalar(
        update(PrizeCounter)
        .where(
            PrizeCounter.game_id == game.id,
            PrizeCounter.member_id == member_id,
            PrizeCounter.day == today.day,
            PrizeCounter.used < allowed,
        )
        .values(used=PrizeCounter.used + 1)
        .returning(PrizeCounter.used)
        .execution_options(synchronize_session=False)
    )
    if used is None:
        raise AppError(errors.NO_PLAYS_LEFT)
    return allowed - int(used)


async def play(
    session: AsyncSession,
    brand: Brand,
    member: Member,
    game_id: int,
    client_seed: str | None = None,
    now: datetime | None = None,
) -> Played:
    now = now or utcnow()
    game = await game_of(session, brand.id, game_id)
    left = await _take_a_play(session, game, member.id, now)
    await seed_of(session, game, member.id)
    values: dict[str, Any] = {"nonce": PrizeSeed.nonce + 1, "updated_at": now}
    if client_seed:
        values["client_seed"] = client_seed
    drawn = (
        await session.execute(
            update(PrizeSeed)
            .where(PrizeSeed.game_id == game.id, PrizeSeed.member_id == member.id)
            .values(**values)
            .returning(PrizeSeed.server_seed, PrizeSeed.client_seed, PrizeSeed.nonce)
            .execution_options(synchronize_session=False)
        )
    ).one()
    server_seed, used_client_seed, nonce = str(drawn[0]), str(drawn[1]), int(drawn[2]) - 1
    prizes = list(game.prizes)
    index = outcome(prizes, server_seed, used_client_seed, nonce)
    prize = dict(prizes[index])
    row = PrizePlay(
        merchant_id=brand.id,
        game_id=game.id,
        game_kind=game.kind,
        member_id=member.id,
        day=earn.day_of(now),
        seed_hash=seed_hash(server_seed),
        client_seed=used_client_seed,
        nonce=nonce,
        prize_index=index,
        prize=prize,
        prize_kind=prize["kind"],
        amount=prize.get("amount"),
        value=prize.get("value"),
        wager_multiple=int(prize.get("wagerMultiple") or 0),
        created_at=now,
    )
    session.add(row)
    await session.flush()
    await _pay(session, brand, member, game, row, now)
    return Played(row, left)


async def _pay(
    session: AsyncSession, brand: Brand, member: Member, game: PrizeGame, row: PrizePlay, now: datetime
) -> None:
    key = f"minigame:play:{row.id}"
    reference = f"minigame:{game.kind.lower()}:{row.id}"
    meta = {"minigame": game.kind, "game": game.id, "play": row.id}
    if row.prize_kind == MONEY and row.amount:
        if row.wager_multiple > 0:
            granted = await bonus_locks.grant_bonus(
                session,
                brand,
                member,
                amount=row.amount,
                requirement=row.amount * row.wager_multiple,
                max_stake=None,
                expires_at=now + BONUS_EXPIRY,
                reference=reference,
                idempotency_key=key,
                source=f"minigame:{game.kind}",
                meta=meta,
                now=now,
                kind=LEDGER_KIND,
            )
            row.transfer_id = granted.posted.transfer_id
        else:
            posted = await grant(
                session,
                brand,
                member,
                amount=row.amount,
                kind=LEDGER_KIND,
                reference=reference,
                idempotency_key=key,
                meta=meta,
            )
            row.transfer_id = posted.transfer_id
        if row.amount >= winners.BIG_WIN:
            name = str(pick_text(game.names, brand.default_language, "EN") or game.kind)
            await winners.announce_prize(session, brand, member, name, row.amount, now)
    elif row.prize_kind == POINTS and row.value:
        await book.credit(
            session,
            brand.id,
            member.id,
            row.value,
            reason=POINTS_MINIGAME,
            reference=f"minigame:{row.id}",
            now=now,
        )
    elif row.prize_kind == TICKETS and row.value:
        raffle = await running_raffle(session, brand.id, now)
        if raffle is not None:
            row.raffle_id = raffle.id
            insert_for = await _insert_for(session)
            await session.execute(
                insert_for(RaffleTicket)
                .values(
                    merchant_id=brand.id,
                    promotion_id=raffle.id,
                    member_id=member.id,
                    tickets=row.value,
                    source=f"minigame:{row.id}",
                    created_at=now,
                )
                .on_conflict_do_nothing(index_elements=["promotion_id", "member_id", "source"])
            )
    await session.flush()


async def running_raffle(session: AsyncSession, merchant_id: int, now: datetime) -> Promotion | None:
    """The raffle a ticket prize goes into: of the merchant's running raffles, the one drawn first."""
    raffles = await session.scalars(
        select(Promotion)
        .where(Promotion.merchant_id == merchant_id, Promotion.kind == RAFFLE, Promotion.ended_at.is_(None))
        .order_by(Promotion.ends_at, Promotion.id)
    )
    running = [r for r in raffles if is_running(r, now)]
    # A raffle without an end date is drawn last.
    running.sort(key=lambda r: (r.ends_at is None, r.ends_at or now, r.id))
    return running[0] if running else None
