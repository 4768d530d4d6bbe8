"""Account records (transactionHistory): every posting on the member's own wallets (or an agent's team's),
newest first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.paging import page_count
from server.wallet.models import HOLD, LedgerAccount, LedgerPosting, LedgerTransfer

# Record types the member filters by, and the transfer kinds each one covers.
TYPES: dict[str, tuple[str, ...]] = {
    "DEPOSIT": ("DEPOSIT",),
    "WITHDRAW": ("WITHDRAW_HOLD", "WITHDRAW_RELEASE", "WITHDRAW_REFUND"),
    "TRANSFER": ("WALLET_TRANSFER", "UPLINE_TRANSFER", "DOWNLINE_TRANSFER"),
    # Money the merchant gave: bonuses, cashback, points, mini-game prizes (rain envelopes, wheel prizes).
    "BONUS": ("BONUS", "CASHBACK", "POINTS_CONVERT", "MINIGAME"),
    "SALARY": ("AGENT_SALARY", "AGENT_DIVIDEND"),  # what an agent's contracts paid it
    # What the seamless-wallet API posts for a vendor's bets and wins (server.wallet.vendor).
    "GAME": ("GAME_BET", "GAME_WIN"),
    "TRIAL": ("TRIAL_GRANT",),
    "ADJUSTMENT": ("REVERSAL", "ADJUSTMENT"),
}


@dataclass(frozen=True)
class Record:
    id: int
    member_id: int
    kind: str
    type: str
    wallet: str
    amount: int
    balance_after: int
    reference: str
    created_at: datetime


@dataclass(frozen=True)
class Page:
    records: list[Record]
    page_num: int
    total_pages: int
    total: int


def type_of(kind: str) -> str:
    return next((name for name, kinds in TYPES.items() if kind in kinds), "ADJUSTMENT")


async def history(
    session: AsyncSession,
    member_ids: Sequence[int],
    *,
    record_type: str | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
    page: int = 1,
    page_size: int = 20,
    kinds: tuple[str, ...] | None = None,
) -> Page:
    """The hold account is the ledger's business: the member sees a withdrawal as money leaving the main
    wallet when requested and coming back if released."""
    where = [LedgerAccount.member_id.in_(member_ids), LedgerAccount.kind != HOLD]
    wanted = kinds or (TYPES.get(record_type) if record_type else None)
    if wanted is not None:
        where.append(LedgerTransfer.kind.in_(wanted))
    if start is not None:
        where.append(LedgerPosting.created_at >= start)
    if end is not None:
        where.append(LedgerPosting.created_at < end)
    base = (
        select(
            LedgerPosting,
            LedgerTransfer.kind,
            LedgerTransfer.reference,
            LedgerAccount.kind,
            LedgerAccount.vendor_code,
            LedgerAccount.member_id,
        )
        .join(LedgerTransfer, LedgerTransfer.id == LedgerPosting.transfer_id)
        .join(LedgerAccount, LedgerAccount.id == LedgerPosting.account_id)
        .where(*where)
    )
    total = int(await session.scalar(select(func.count()).select_from(base.subquery())) or 0)
    rows = await session.execute(
        base.order_by(LedgerPosting.id.desc()).offset((page - 1) * page_size).limit(page_size)
    )
    records = [
        Record(
            id=posting.id,
            member_id=owner or 0,  # a member account: the query asked for members' accounts only
            kind=kind,
            type=type_of(kind),
            wallet=vendor or account_kind,
            amount=posting.amount,
            balance_after=posting.balance_after,
            reference=reference,
            created_at=posting.created_at,
        )
        for posting, kind, reference, account_kind, vendor, owner in rows
    ]
    pages = page_count(total, page_size)
    return Page(records, page, pages, total)
