"""Automatic transfer for merchants with a wallet per vendor (brand setting `auto_transfer`): the player's
money follows them into a game's vendor wallet at launch and back into the main wallet when they leave, so
that nobody has to move money by hand before playing.

What moves: ALL of the main balance goes in, as on most transfer-wallet sites: the player plays with what the
header showed them, and a part would leave them topping up in the middle of a game. Withdrawal holds and
bonus wallets are not the main wallet and stay where they are.

When it moves back: when the portal tells us the player left the game (`return_game_money`), at the next
launch of another vendor's game (`fill_game_wallet` sweeps the other vendor wallets first), and from a job
for vendor wallets nobody has played from for a while (`return_idle_game_money`), which covers a closed tab
whose goodbye never arrived.

Every move is one ledger transfer through `transfers.move` (so the balance is pushed after COMMIT). It first
takes the row locks of the member's main and vendor wallets, in account-id order as every posting takes its
own, and only then reads their balances: what it reads is what it moves, a bet or a second launch waits for
it, and a balance cannot go below zero (the ledger's conditional UPDATE stays underneath). Its idempotency
key names the source account and the last posting on it ("game-money:<account>:<posting>"): two callers that
read the same state make one move, and a retry after a crash moves nothing twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import TRIAL as TRIAL_MEMBER
from server.accounts.models import Member
from server.brands import service as brands
from server.brands.models import Merchant
from server.brands.service import Brand
from server.db.base import utcnow
from server.wallet import transfers
from server.wallet.models import MAIN, VENDOR, LedgerAccount, LedgerPosting

# A vendor wallet nobody has played from for this long goes back to the main wallet (the job below).
IDLE_MINUTES = 30
IDLE_BATCH = 200  # members per run of the job; the next run takes the rest
KIND = "WALLET_TRANSFER"  # the same records as a transfer made by hand ("Main wallet → House games")


@dataclass(frozen=True)
class _Wallet:
    account_id: int
    vendor_code: str  # '' for the main wallet
    balance: int
    last_posting: int  # 0: none yet
    last_posted_at: datetime | None


def moves_money(brand: Brand, member: Member) -> bool:
    """Whether launches and leaving move this member's money: real money on a transfer-wallet merchant with
    automatic transfer. Trial accounts play with play money, single-wallet merchants from the main wallet."""
    return brand.auto_transfer and not brand.single_wallet and member.member_type != TRIAL_MEMBER


async def _locked(session: AsyncSession, brand: Brand, member_id: int) -> dict[str, _Wallet]:
    """The member's main and vendor wallets by vendor code ('' the main one), row-locked before they are
    read (Postgres; SQLite's write transactions run one at a time already)."""
    locked = (
        select(LedgerAccount.id, LedgerAccount.vendor_code, LedgerAccount.balance)
        .where(
            LedgerAccount.merchant_id == brand.id,
            LedgerAccount.member_id == member_id,
            LedgerAccount.kind.in_((MAIN, VENDOR)),
        )
        .order_by(LedgerAccount.id)
        .with_for_update()
    )
    rows = (await session.execute(locked)).all()
    ids = [row.id for row in rows]
    # Under the locks no posting can land on these accounts until this transaction ends.
    last = {
        account_id: (posting_id, posted_at)
        for account_id, posting_id, posted_at in await session.execute(
            select(
                LedgerPosting.account_id,
                func.max(LedgerPosting.id),
                func.max(LedgerPosting.created_at),
            )
            .where(LedgerPosting.account_id.in_(ids))
            .group_by(LedgerPosting.account_id)
        )
    }
    return {
        row.vendor_code: _Wallet(row.id, row.vendor_code, row.balance, *last.get(row.id, (0, None)))
        for row in rows
    }


async def _move_all(session: AsyncSession, brand: Brand, source: _Wallet, target: _Wallet) -> int:
    """All of `source` into `target`, both locked by the caller; answers the amount moved."""
    if source.balance <= 0:
        return 0
    posted = await transfers.move(
        session,
        brand,
        kind=KIND,
        key=f"game-money:{source.account_id}:{source.last_posting}",
        reference=f"wallet:{source.vendor_code or 'MAIN'}>{target.vendor_code or 'MAIN'}",
        source=await session.get_one(LedgerAccount, source.account_id),
        target=await session.get_one(LedgerAccount, target.account_id),
        amount=source.balance,
        meta={"automatic": True},
    )
    return 0 if posted.replayed else source.balance


async def _open_wallets(session: AsyncSession, brand: Brand, member_id: int, wallet_code: str) -> None:
    """Open the main and the game's wallet where they are missing, so that both are among the locked."""
    await transfers.account(session, brand, member_id, MAIN)
    if wallet_code:
        await transfers.account(session, brand, member_id, VENDOR, wallet_code)


async def _return(
    session: AsyncSession,
    brand: Brand,
    member_id: int,
    wallets: dict[str, _Wallet],
    *,
    keep: str | None = None,
    idle_before: datetime | None = None,
) -> int:
    main = wallets.get("")
    returned = 0
    for code, wallet in wallets.items():
        if code in ("", keep) or wallet.balance <= 0:
            continue
        posted_at = wallet.last_posted_at
        if idle_before is not None and posted_at is not None and posted_at > idle_before:
            continue  # played from since the job picked it: not idle after all
        if main is None:
            await _open_wallets(session, brand, member_id, "")
            main = (await _locked(session, brand, member_id))[""]
        returned += await _move_all(session, brand, wallet, main)
    return returned


async def fill_game_wallet(session: AsyncSession, brand: Brand, member: Member, wallet_code: str) -> int:
    """At a launch: the other vendor wallets' money back into the main wallet, then all of the main wallet
    into the game's (`wallet_code`). Answers what went into the game's wallet (0 when nothing did, or when
    the merchant does not move money automatically)."""
    if not moves_money(brand, member) or wallet_code not in brand.wallet_vendors:
        return 0
    await _open_wallets(session, brand, member.id, wallet_code)
    wallets = await _locked(session, brand, member.id)
    if await _return(session, brand, member.id, wallets, keep=wallet_code):
        wallets = await _locked(session, brand, member.id)  # the main wallet's new balance and last posting
    return await _move_all(session, brand, wallets[""], wallets[wallet_code])


async def return_game_money(session: AsyncSession, brand: Brand, member: Member) -> int:
    """The player left the game: every vendor wallet's money back into the main wallet. Answers how much
    came back; nothing moves (0) where the merchant does not move money automatically."""
    if not moves_money(brand, member):
        return 0
    return await _return(session, brand, member.id, await _locked(session, brand, member.id))


async def in_game_wallets(session: AsyncSession, member: Member) -> int:
    """What the member's vendor wallets hold now (what `return_game_money` would bring back)."""
    held = await session.scalar(
        select(func.coalesce(func.sum(LedgerAccount.balance), 0)).where(
            LedgerAccount.member_id == member.id, LedgerAccount.kind == VENDOR
        )
    )
    return int(held or 0)


async def return_idle_game_money(session: AsyncSession, *, now: datetime | None = None) -> dict[str, int]:
    """The job: money in vendor wallets that nobody has played from for IDLE_MINUTES goes back to the main
    wallet (a closed tab, a lost connection). Safe to run twice or after a crash: each member's return is
    one savepoint that re-reads under the locks, and a wallet played from meanwhile is left alone."""
    idle_before = (now or utcnow()) - timedelta(minutes=IDLE_MINUTES)
    recent = exists().where(
        and_(LedgerPosting.account_id == LedgerAccount.id, LedgerPosting.created_at > idle_before)
    )
    candidates = (
        await session.execute(
            select(LedgerAccount.merchant_id, LedgerAccount.member_id)
            .join(Merchant, Merchant.id == LedgerAccount.merchant_id)
            .where(
                LedgerAccount.kind == VENDOR,
                LedgerAccount.balance > 0,
                Merchant.auto_transfer.is_(True),
                Merchant.single_wallet.is_(False),
                ~recent,
            )
            .group_by(LedgerAccount.merchant_id, LedgerAccount.member_id)
            .order_by(LedgerAccount.member_id)
            .limit(IDLE_BATCH)
        )
    ).all()
    found: dict[int, Brand | None] = {}
    members = returned = 0
    for merchant_id, member_id in candidates:
        if merchant_id not in found:
            found[merchant_id] = await brands.load_brand_by_id(session, merchant_id)
        brand = found[merchant_id]
        if brand is None or member_id is None:
            continue
        async with session.begin_nested():
            wallets = await _locked(session, brand, member_id)
            amount = await _return(session, brand, member_id, wallets, idle_before=idle_before)
        members += 1 if amount else 0
        returned += amount
    return {"members": members, "returned": returned}
