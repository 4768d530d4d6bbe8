"""What the console's protection tests share: staff headers, members put under protection, markers, and the
deposits, bets and cancelled withdrawals the nightly job reads, written directly at chosen times."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import select

from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.brands.business_day import BUSINESS_ZONE
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord, GameVendor
from server.protection import limits
from server.protection.kyc.models import KycSubmission
from server.protection.models import RiskMarker
from server.wallet.cashier_models import DepositChannel, DepositOrder, MemberBankAccount, Withdrawal
from server.wallet.models import LedgerTransfer
from tests.content.messages.support import add_members, merchant_id
from tests.support.accounts import member_id, token_for

__all__ = ["add_members", "member_id", "merchant_id"]

ADMIN = "/wps/admin/protection"
_serial = itertools.count(1)


async def staff(db: Database, username: str = "admin1", merchant: str = "demo") -> dict[str, str]:
    return {"Merchant": merchant, "Authorization": await token_for(db, merchant, username, staff=True)}


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """A business day's clock time (Asia/Manila), in UTC."""
    return datetime.combine(day, time(hour, minute), BUSINESS_ZONE).astimezone(UTC)


async def actions(db: Database, prefix: str = "protection.") -> list[tuple[str, str | None, dict[str, Any]]]:
    async with db.read_session() as session:
        rows = await session.execute(
            select(AuditEntry.action, AuditEntry.target, AuditEntry.detail)
            .where(AuditEntry.action.startswith(prefix))
            .order_by(AuditEntry.id)
        )
        return [(str(a), t, dict(d or {})) for a, t, d in rows]


async def set_limit(db: Database, member: int, kind: str, period: str, amount: int | None) -> None:
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        await limits.set_limit(session, row, kind, period, amount)


async def exclude(db: Database, member: int, kind: str, until: datetime | None) -> None:
    """An exclusion written as the member's own call leaves it (the row's columns)."""
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        protection = await limits.ensure_row(session, row, utcnow())
        protection.excluded_kind = kind
        protection.excluded_from = utcnow() - timedelta(minutes=1)
        protection.excluded_until = until


async def submit_kyc(db: Database, member: int, status: str = "PENDING") -> None:
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        session.add(
            KycSubmission(
                merchant_id=row.merchant_id, member_id=member, status=status, document_type="ID_CARD"
            )
        )


async def add_marker(
    db: Database, member: int, kind: str = "NIGHT_PLAY", day: str = "2026-11-29", **detail: Any
) -> int:
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        marker = RiskMarker(
            merchant_id=row.merchant_id,
            member_id=member,
            kind=kind,
            day=day,
            detail=detail or {"nights": 3, "bets": 21},
        )
        session.add(marker)
        await session.flush()
        return marker.id


async def markers(db: Database, merchant: int | None = None) -> list[tuple[int, str, str, dict[str, Any]]]:
    """(member, kind, day, detail) of every marker, in order."""
    async with db.read_session() as session:
        query = select(RiskMarker.member_id, RiskMarker.kind, RiskMarker.day, RiskMarker.detail)
        if merchant is not None:
            query = query.where(RiskMarker.merchant_id == merchant)
        rows = await session.execute(query.order_by(RiskMarker.member_id, RiskMarker.kind, RiskMarker.day))
        return [(int(m), str(k), str(d), dict(detail)) for m, k, d, detail in rows]


# --- what the nightly job reads ----------------------------------------------------------------------------


async def deposit(db: Database, member: int, amount: int, when: datetime, status: str = "COMPLETED") -> None:
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        channel = await session.scalar(
            select(DepositChannel.id).where(DepositChannel.merchant_id == row.merchant_id).limit(1)
        )
        if channel is None:
            made = DepositChannel(
                merchant_id=row.merchant_id,
                code="TEST",
                kind="BANK",
                name="Test",
                min_amount=1,
                max_amount=10**12,
                sort_order=1,
            )
            session.add(made)
            await session.flush()
            channel = made.id
        n = next(_serial)
        session.add(
            DepositOrder(
                merchant_id=row.merchant_id,
                order_no=f"D-TEST-{n}",
                request_id=f"d-test-{n}",
                member_id=member,
                channel_id=channel,
                amount=amount,
                status=status,
                created_at=when,
                decided_at=when,
            )
        )


async def bet(
    db: Database, member: int, stake: int, when: datetime, *, count: int = 1, **fields: Any
) -> None:
    """`count` settled real-money bets of `stake` placed at `when` (a second apart)."""
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        vendor = await session.scalar(
            select(GameVendor.id)
            .where(GameVendor.merchant_id == row.merchant_id)
            .order_by(GameVendor.id)
            .limit(1)
        )
        assert vendor is not None
        for n in range(count):
            placed = when + timedelta(seconds=n)
            values: dict[str, Any] = {
                "merchant_id": row.merchant_id,
                "vendor_id": vendor,
                "member_id": member,
                "category": "RNG",
                "round_id": f"protection-test-{next(_serial)}",
                "bet_amount": stake,
                "win_amount": 0,
                "status": "SETTLED",
                "trial": False,
                "placed_at": placed,
                "settled_at": placed + timedelta(seconds=1),
            }
            values.update(fields)
            session.add(BetRecord(**values))


def _transfer(
    merchant: int, kind: str, key: str, reference: str, amount: int, when: datetime
) -> LedgerTransfer:
    return LedgerTransfer(
        merchant_id=merchant,
        kind=kind,
        amount=amount,
        reference=reference,
        idempotency_key=key,
        request_digest="0" * 64,
        meta={},
        created_at=when,
    )


async def withdrawal(
    db: Database, member: int, amount: int, requested: datetime, ended: datetime, status: str = "CANCELLED"
) -> str:
    """A withdrawal asked for at `requested` and cancelled (or rejected) at `ended`: its hold released then,
    as server/wallet/transfers.release_withdrawal does."""
    n = next(_serial)
    order_no = f"W-TEST-{n}"
    async with db.session() as session:
        row = await session.get(Member, member)
        assert row is not None
        bank = MemberBankAccount(
            merchant_id=row.merchant_id,
            member_id=member,
            bank_name="Test Bank",
            account_name="Test Payee",
            account_number=f"00{n}",
        )
        hold = _transfer(
            row.merchant_id,
            "WITHDRAW_HOLD",
            f"withdraw-hold:{order_no}",
            f"withdrawal:{order_no}",
            amount,
            requested,
        )
        release = _transfer(
            row.merchant_id,
            "WITHDRAW_RELEASE",
            f"withdraw-release:{order_no}",
            f"withdrawal:{order_no}",
            amount,
            ended,
        )
        session.add_all([bank, hold, release])
        await session.flush()
        session.add(
            Withdrawal(
                merchant_id=row.merchant_id,
                order_no=order_no,
                request_id=f"w-test-{n}",
                member_id=member,
                bank_account_id=bank.id,
                amount=amount,
                status=status,
                hold_transfer_id=hold.id,
                created_at=requested,
            )
        )
    return order_no
