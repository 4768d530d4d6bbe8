"""The ledger (ARCHITECTURE rule 2): accounts with integer minor-unit balances, transfers with a unique
idempotency key, and postings that are never changed (a correction is a reversal)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

# A member's accounts. HOLD keeps a withdrawal's money out of play until it is paid or released.
MAIN, BONUS, TRIAL, VENDOR, HOLD = "MAIN", "BONUS", "TRIAL", "VENDOR", "HOLD"
MEMBER_KINDS = (MAIN, BONUS, TRIAL, VENDOR, HOLD)
# The merchant's own accounts, the other side of every movement: money that came in from outside,
# money that went out, money at game vendors, money given away as promotions, play money issued.
CASH_IN, CASH_OUT, VENDOR_CLEARING, PROMOTION_EXPENSE, TRIAL_ISSUE = (
    "CASH_IN",
    "CASH_OUT",
    "VENDOR_CLEARING",
    "PROMOTION_EXPENSE",
    "TRIAL_ISSUE",
)
HOUSE_KINDS = (CASH_IN, CASH_OUT, VENDOR_CLEARING, PROMOTION_EXPENSE, TRIAL_ISSUE)
# House accounts are split so that concurrent transfers of different members do not queue on one row
# lock; a house balance is the sum of its shards.
HOUSE_SHARDS = 16


class LedgerAccount(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "ledger_accounts"
    __table_args__ = (
        UniqueConstraint("merchant_id", "member_id", "kind", "vendor_code", "shard"),
        CheckConstraint("allow_negative OR balance >= 0", name="not_negative"),
        CheckConstraint(
            "(member_id IS NULL) = (kind IN ('CASH_IN', 'CASH_OUT', 'VENDOR_CLEARING', "
            "'PROMOTION_EXPENSE', 'TRIAL_ISSUE'))",
            name="owner_matches_kind",
        ),
        Index("ix_ledger_accounts_member", "member_id"),
        # The unique constraint above never fires for house accounts (NULL member ids never collide), so
        # two first transfers at once could each open the same house shard: this index makes one of them wait.
        Index(
            "uq_ledger_accounts_house",
            "merchant_id",
            "kind",
            "vendor_code",
            "shard",
            unique=True,
            sqlite_where=text("member_id IS NULL"),
            postgresql_where=text("member_id IS NULL"),
        ),
    )

    member_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("members.id", ondelete="RESTRICT"), nullable=True
    )
    kind: Mapped[str] = mapped_column(String(24))
    # '' rather than NULL, so that the unique constraint holds (NULLs never collide).
    vendor_code: Mapped[str] = mapped_column(String(32), default="")
    shard: Mapped[int] = mapped_column(Integer, default=0)
    currency: Mapped[str] = mapped_column(String(8))
    balance: Mapped[int] = mapped_column(BigInteger, default=0)
    allow_negative: Mapped[bool] = mapped_column(Boolean, default=False)


class LedgerTransfer(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "ledger_transfers"
    __table_args__ = (
        UniqueConstraint("merchant_id", "idempotency_key"),
        CheckConstraint("amount > 0", name="amount_positive"),
        Index("ix_ledger_transfers_reference", "merchant_id", "reference"),
    )

    kind: Mapped[str] = mapped_column(String(32))
    amount: Mapped[int] = mapped_column(BigInteger)  # the sum of the credits (= the sum of the debits)
    reference: Mapped[str] = mapped_column(String(128))
    idempotency_key: Mapped[str] = mapped_column(String(128))
    # What was asked, in canonical form: the same key with another request is refused (409).
    request_digest: Mapped[str] = mapped_column(String(64))
    reverses_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True, unique=True
    )
    meta: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)


class LedgerPosting(IdMixin, CreatedAtMixin, Base):
    """One leg of a transfer on one account: negative is a debit, positive a credit."""

    __tablename__ = "ledger_postings"
    __table_args__ = (
        CheckConstraint("amount <> 0", name="amount_nonzero"),
        Index("ix_ledger_postings_account_id", "account_id", "id"),
    )

    transfer_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("ledger_transfers.id"), index=True)
    account_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("ledger_accounts.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    balance_after: Mapped[int] = mapped_column(BigInteger)


# A bonus's wagering requirement (ARCHITECTURE rule 11): OPEN until the member's weighted turnover since the
# grant reaches it (MET), or until it expires and what is left of the bonus goes back (FORFEITED).
LOCK_OPEN, LOCK_MET, LOCK_FORFEITED = "OPEN", "MET", "FORFEITED"


class BonusLock(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    """Bonus money and real money share the main wallet; while a lock is OPEN the wallet refuses to let any of
    it leave (a withdrawal, an upline transfer) and a game refuses a stake above `max_stake`."""

    __tablename__ = "bonus_locks"
    __table_args__ = (
        CheckConstraint("status IN ('OPEN', 'MET', 'FORFEITED')", name="status"),
        CheckConstraint("amount > 0 AND requirement >= 0 AND wagered >= 0", name="amounts"),
        # The wallet's checks: a member's open locks.
        Index("ix_bonus_locks_member_status", "member_id", "status"),
        # The expiry job: open locks by expiry.
        Index("ix_bonus_locks_status_expires", "status", "expires_at"),
    )

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="RESTRICT"))
    # The grant's transfer: one lock per grant, whoever retries it.
    transfer_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("ledger_transfers.id"), unique=True)
    amount: Mapped[int] = mapped_column(BigInteger)  # the bonus granted (minor units)
    requirement: Mapped[int] = mapped_column(BigInteger)  # weighted turnover owed (minor units)
    wagered: Mapped[int] = mapped_column(BigInteger, default=0)  # weighted turnover counted so far
    max_stake: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # Turnover counts from bets placed at or after this time.
    counted_from: Mapped[datetime] = mapped_column(UtcDateTime())
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    status: Mapped[str] = mapped_column(String(12), default=LOCK_OPEN)
    source: Mapped[str] = mapped_column(String(64))  # where it came from: "promotion:12"
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    forfeited: Mapped[int] = mapped_column(BigInteger, default=0)  # what went back at expiry
