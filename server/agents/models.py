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

DAILY_SALARY, HOURLY_SALARY, DIVIDEND = "DAILY_SALARY", "HOURLY_SALARY", "DIVIDEND"
REALTIME_SALARY = "REALTIME_SALARY"
KINDS = (DAILY_SALARY, HOURLY_SALARY, DIVIDEND, REALTIME_SALARY)
# A dividend's period; salaries have theirs by kind.
CYCLES = ("DAILY", "WEEKLY", "SEMIMONTHLY", "MONTHLY")
# A settlement is PAID (or had nothing to pay) when written, except a dividend, which waits for the
# upline's approval (PENDING) and is PAID by it.
PAID, PENDING = "PAID", "PENDING"
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
        CheckConstraint(
            "kind IN ('DAILY_SALARY', 'HOURLY_SALARY', 'DIVIDEND', 'REALTIME_SALARY')", name="kind"
        ),
        CheckConstraint(
            "(kind = 'DIVIDEND') = (cycle IS NOT NULL)"
            " AND (cycle IS NULL OR cycle IN ('DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'))",
            name="cycle",
        ),
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
    # A dividend's tiers are met on the same figures; their rate is a share of the team's net loss. A
    # real-time salary has one tier of three rates: rateBps on every stake, lossRateBps on what a member lost
    # on a bet, profitRateBps on what a member won on one.
    cycle: Mapped[str | None] = mapped_column(String(16), nullable=True)
    accepted_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    ended_by: Mapped[int | None] = mapped_column(BigIntId, nullable=True)  # the member who ended it


class AgentSettlement(IdMixin, MerchantScoped, CreatedAtMixin, Base):
    __tablename__ = "agent_settlements"
    __table_args__ = (
        UniqueConstraint("contract_id", "period_start"),
        CheckConstraint("amount >= 0", name="amount_not_negative"),
        CheckConstraint("status IN ('PAID', 'PENDING')", name="status"),
        Index("ix_agent_settlements_member", "member_id", "period_start"),
        Index("ix_agent_settlements_kind_period", "kind", "period_start"),
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
    status: Mapped[str] = mapped_column(String(16), default=PAID, server_default=PAID)
    # A dividend's inputs besides the figures above: the team's net loss in the period (stakes minus
    # payouts: negative when the team won), the negative carried in from earlier periods (<= 0), and what
    # the dividends of the agents below already take of it.
    net_loss: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    carry_in: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    lower_dividends: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    approved_by: Mapped[int | None] = mapped_column(BigIntId, nullable=True)  # member, or staff for level 1
    approved_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    # A real-time salary's inputs besides the valid bet and its rate: what the team's members lost on the
    # bets they lost (stake - payout) and won on the bets they won (payout - stake), and the rates on each.
    lost: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    won: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    loss_rate_bps: Mapped[int | None] = mapped_column(Integer, nullable=True)
    profit_rate_bps: Mapped[int | None] = mapped_column(Integer, nullable=True)
