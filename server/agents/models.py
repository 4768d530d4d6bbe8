"""Agent contracts and what their settlements paid.

A contract is offered by an upline agent (or by the merchant: upline NULL) to an agent directly below it,
and accepted or rejected by that agent; its terms never change once accepted (a change is a new contract,
which ends the old one when accepted). A settlement is one row per (contract, period), written in the same
transaction as the payment it made, with the inputs it was computed from: a period is settled at most once,
however many runs overlap."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
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

DAILY_SALARY, HOURLY_SALARY = "DAILY_SALARY", "HOURLY_SALARY"
KINDS = (DAILY_SALARY, HOURLY_SALARY)
OFFERED, ACTIVE, REJECTED, TERMINATION_REQUESTED, TERMINATED = (
    "OFFERED",
    "ACTIVE",
    "REJECTED",
    "TERMINATION_REQUESTED",
    "TERMINATED",
)
IN_FORCE = (ACTIVE, TERMINATION_REQUESTED)


class AgentContract(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "agent_contracts"
    __table_args__ = (
        CheckConstraint("kind IN ('DAILY_SALARY', 'HOURLY_SALARY')", name="kind"),
        CheckConstraint(
            "status IN ('OFFERED', 'ACTIVE', 'REJECTED', 'TERMINATION_REQUESTED', 'TERMINATED')",
            name="status",
        ),
        # One contract of a kind in force per agent, and one offer of a kind waiting.
        Index(
            "uq_agent_contracts_in_force",
            "downline_id",
            "kind",
            unique=True,
            sqlite_where=text("status IN ('ACTIVE', 'TERMINATION_REQUESTED')"),
            postgresql_where=text("status IN ('ACTIVE', 'TERMINATION_REQUESTED')"),
        ),
        Index(
            "uq_agent_contracts_offered",
            "downline_id",
            "kind",
            unique=True,
            sqlite_where=text("status = 'OFFERED'"),
            postgresql_where=text("status = 'OFFERED'"),
        ),
        Index("ix_agent_contracts_upline", "upline_id", "status"),
    )

    upline_id: Mapped[int | None] = mapped_column(BigIntId, ForeignKey("members.id"), nullable=True)
    downline_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))
    kind: Mapped[str] = mapped_column(String(24))
    status: Mapped[str] = mapped_column(String(24), default=OFFERED)
    # [{"minValidBet": minor units, "minActiveMembers": n, "rateBps": basis points of the valid bet}, ...]
    tiers: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    accepted_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    ended_by: Mapped[int | None] = mapped_column(BigIntId, nullable=True)  # the member who ended it


class AgentSettlement(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "agent_settlements"
    __table_args__ = (
        UniqueConstraint("contract_id", "period_start"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        Index("ix_agent_settlements_member", "member_id", "period_start"),
    )

    contract_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("agent_contracts.id"))
    member_id: Mapped[int] = mapped_column(BigIntId, ForeignKey("members.id"))  # who was paid
    kind: Mapped[str] = mapped_column(String(24))
    period_start: Mapped[datetime] = mapped_column(UtcDateTime())
    period_end: Mapped[datetime] = mapped_column(UtcDateTime())
    valid_bet: Mapped[int] = mapped_column(BigInteger)
    active_members: Mapped[int] = mapped_column(Integer)
    rate_bps: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    transfer_id: Mapped[int | None] = mapped_column(
        BigIntId, ForeignKey("ledger_transfers.id"), nullable=True
    )
