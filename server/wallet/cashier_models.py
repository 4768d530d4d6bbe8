"""The cashier: deposit channels and orders, members' bank accounts, withdrawals and their confirmation."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from server.db.base import Base, BigIntId, CreatedAtMixin, IdMixin, MerchantScoped, UtcDateTime

DEPOSIT_STATUSES = ("PENDING", "COMPLETED", "REJECTED", "EXPIRED")
WITHDRAWAL_STATUSES = (
    "PENDING",  # money held, waiting for an operator
    "APPROVED",
    "REJECTED",  # hold released
    "CANCELLED",  # by the member before approval; hold released
    "DISBURSED",  # paid out; waiting for the member to confirm
    "RECEIVED",
    "PARTIAL",  # the member got part of it: received_amount, remaining_amount
    "NOT_RECEIVED",  # the member got nothing: proof required
    "ALL_RECEIVED",  # after a partial or missing receipt, the rest arrived
    "AUTO_RECEIVED",  # no answer in time: counted as received, never refunded
    "REFUNDED",  # an operator gave back what did not arrive
)


class DepositChannel(IdMixin, MerchantScoped, Base):
    __tablename__ = "deposit_channels"
    __table_args__ = (
        UniqueConstraint("merchant_id", "code"),
        CheckConstraint("kind IN ('BANK', 'GATEWAY')", name="kind"),
        CheckConstraint("min_amount > 0 AND max_amount >= min_amount", name="limits"),
    )

    code: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(100))
    min_amount: Mapped[int] = mapped_column(BigInteger)
    max_amount: Mapped[int] = mapped_column(BigInteger)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    sort_order: Mapped[int] = mapped_column(Integer, default=0)
    # Where a bank transfer goes (shown to the member); empty for a gateway.
    bank_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    account_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    account_number: Mapped[str | None] = mapped_column(String(64), nullable=True)


class DepositOrder(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "deposit_orders"
    __table_args__ = (
        UniqueConstraint("merchant_id", "order_no"),
        UniqueConstraint("member_id", "request_id"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint("status IN ('PENDING', 'COMPLETED', 'REJECTED', 'EXPIRED')", name="status"),
        Index("ix_deposit_orders_member_time", "member_id", "created_at"),
    )

    order_no: Mapped[str] = mapped_column(String(40))
    request_id: Mapped[str] = mapped_column(String(64))  # the client's retry key: one order per request
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))
    channel_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("deposit_channels.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="PENDING")
    payer_reference: Mapped[str | None] = mapped_column(String(100), nullable=True)  # the member's note
    gateway_reference: Mapped[str | None] = mapped_column(String(100), nullable=True)
    transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
    decided_by: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("staff.id"), nullable=True)
    decided_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    note: Mapped[str | None] = mapped_column(String(255), nullable=True)


class GatewayCallback(IdMixin, CreatedAtMixin, Base):
    """Every payment-gateway callback nonce we accepted: a replayed callback is recognised and ignored."""

    __tablename__ = "gateway_callbacks"
    __table_args__ = (UniqueConstraint("gateway", "nonce"),)

    gateway: Mapped[str] = mapped_column(String(32))
    nonce: Mapped[str] = mapped_column(String(64))
    order_no: Mapped[str] = mapped_column(String(40))
    outcome: Mapped[str] = mapped_column(String(32))


class MemberBankAccount(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "member_bank_accounts"
    __table_args__ = (UniqueConstraint("member_id", "bank_name", "account_number"),)

    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id", ondelete="CASCADE"), index=True)
    bank_name: Mapped[str] = mapped_column(String(100))
    account_name: Mapped[str] = mapped_column(String(100))
    account_number: Mapped[str] = mapped_column(String(64))


class Withdrawal(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "withdrawals"
    __table_args__ = (
        UniqueConstraint("merchant_id", "order_no"),
        UniqueConstraint("member_id", "request_id"),
        CheckConstraint("amount > 0", name="amount_positive"),
        CheckConstraint(
            "status IN ('PENDING', 'APPROVED', 'REJECTED', 'CANCELLED', 'DISBURSED', 'RECEIVED', 'PARTIAL', "
            "'NOT_RECEIVED', 'ALL_RECEIVED', 'AUTO_RECEIVED', 'REFUNDED')",
            name="status",
        ),
        Index("ix_withdrawals_member_time", "member_id", "created_at"),
        Index("ix_withdrawals_status", "merchant_id", "status"),
    )

    order_no: Mapped[str] = mapped_column(String(40))
    request_id: Mapped[str] = mapped_column(String(64))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))
    bank_account_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("member_bank_accounts.id"))
    amount: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="PENDING")
    hold_transfer_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("ledger_transfers.id"))
    settle_transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
    refund_transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
    received_amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    remaining_amount: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    proof_image: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    member_note: Mapped[str | None] = mapped_column(Text, nullable=True)
    operator_note: Mapped[str | None] = mapped_column(String(255), nullable=True)
    decided_by: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("staff.id"), nullable=True)
    disbursed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
