"""Writing salary settlements, many (contract, period)s in one transaction (server/agents/salary.py computes
them): the settlement rows in one INSERT that skips the ones already written (unique per contract and
period start, committed by an earlier run or being written by one running now: it waits for that one), then
the payments of the rows it did write through the wallet's `grant_many`, then each row's transfer, all in the
caller's transaction. A batch commits its rows and their payments together or not at all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from server.agents.models import PAID, AgentSettlement
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.session import Database
from server.wallet import service as wallet_service

SALARY_TRANSFER = "AGENT_SALARY"


@dataclass(frozen=True)
class Due:
    """One (contract, period) to settle, with what it pays (computed by the caller)."""

    merchant_id: int
    contract_id: int
    member_id: int  # the agent, the contract's downline
    kind: str
    start: datetime
    end: datetime
    valid_bet: int
    active_members: int
    rate_bps: int
    amount: int
    # A real-time salary's inputs besides the valid bet (None for the other kinds).
    lost: int | None = None
    won: int | None = None
    loss_rate_bps: int | None = None
    profit_rate_bps: int | None = None


_SETTLEMENTS = cast(Table, AgentSettlement.__table__)
_WRITE = {
    name: insert.on_conflict_do_nothing(index_elements=["contract_id", "period_start"]).returning(
        _SETTLEMENTS.c.id, _SETTLEMENTS.c.contract_id, _SETTLEMENTS.c.period_start
    )
    for name, insert in (
        ("postgresql", postgresql.insert(_SETTLEMENTS)),
        ("sqlite", sqlite.insert(_SETTLEMENTS)),
    )
}
_LINK = (
    update(_SETTLEMENTS)
    .where(_SETTLEMENTS.c.id == bindparam("b_id"))
    .values(transfer_id=bindparam("b_transfer"))
)


async def settle_batch(db: Database, batch: Sequence[Due], brands: Mapping[int, Brand]) -> list[bool | None]:
    """`write_batch` in a transaction of its own."""
    async with db.session() as session:
        return await write_batch(session, batch, brands)


async def write_batch(
    session: AsyncSession, batch: Sequence[Due], brands: Mapping[int, Brand]
) -> list[bool | None]:
    """Settle these (contract, period)s in the caller's transaction, in their order (give them in one order,
    (period, contract) for instance, so that runs at once wait for each other rather than deadlock). For
    each: True paid, False settled with nothing to pay, None settled already. `brands`: each merchant's."""
    if not batch:
        return []
    now = utcnow()
    dialect = (await session.connection()).dialect.name
    written = {
        (contract_id, start): settlement_id
        for settlement_id, contract_id, start in await session.execute(
            _WRITE[dialect],
            [
                {
                    "merchant_id": due.merchant_id,
                    "contract_id": due.contract_id,
                    "member_id": due.member_id,
                    "kind": due.kind,
                    "period_start": due.start,
                    "period_end": due.end,
                    "valid_bet": due.valid_bet,
                    "active_members": due.active_members,
                    "rate_bps": due.rate_bps,
                    "amount": due.amount,
                    "lost": due.lost,
                    "won": due.won,
                    "loss_rate_bps": due.loss_rate_bps,
                    "profit_rate_bps": due.profit_rate_bps,
                    "status": PAID,
                    "created_at": now,
                }
                for due in batch
            ],
        )
    }
    ids: list[int | None] = [written.get((due.contract_id, due.start)) for due in batch]
    to_pay: dict[int, list[tuple[int, Due]]] = {}
    for settlement_id, due in zip(ids, batch, strict=True):
        if settlement_id is not None and due.amount > 0:
            to_pay.setdefault(due.merchant_id, []).append((settlement_id, due))
    links: list[dict[str, Any]] = []
    for merchant_id, paying in sorted(to_pay.items()):
        posted = await wallet_service.grant_many(
            session,
            brands[merchant_id],
            [
                wallet_service.Grant(
                    member_id=due.member_id,
                    amount=due.amount,
                    kind=SALARY_TRANSFER,
                    reference=f"agent-settlement:{settlement_id}",
                    idempotency_key=f"agent-salary:{due.contract_id}:{due.start.isoformat()}",
                    meta={
                        "contractId": due.contract_id,
                        "kind": due.kind,
                        "periodStart": due.start.isoformat(),
                        "validBet": due.valid_bet,
                    },
                )
                for settlement_id, due in paying
            ],
        )
        links += [
            {"b_id": settlement_id, "b_transfer": p.transfer_id}
            for (settlement_id, _), p in zip(paying, posted, strict=True)
        ]
    if links:
        await session.execute(_LINK, links)
    return [
        None if settlement_id is None else due.amount > 0
        for settlement_id, due in zip(ids, batch, strict=True)
    ]
