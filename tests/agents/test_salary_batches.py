"""Salaries settled in batches (salary.BATCH (contract, period)s a transaction): more periods than a batch
holds are each settled and paid once, to the minor unit, each payment the transfer a single settlement would
make; a crash in a batch keeps the batches before it whole and leaves nothing of its own; a re-run settles
only what is left."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.accounts.models import Member
from server.agents import salary
from server.agents.models import ACTIVE, DAILY_SALARY, HOURLY_SALARY, AgentContract, AgentSettlement
from server.brands.models import Merchant
from server.brands.service import Brand
from server.db.base import utcnow
from server.db.session import Database
from server.games.models import BetRecord, GameVendor
from server.wallet import service as wallet_service
from server.wallet.ledger import Posted
from server.wallet.models import MAIN, LedgerAccount, LedgerTransfer
from server.wallet.reconcile import check_ledger
from server.wallet.service import Grant

pytestmark = pytest.mark.usefixtures("demo")
RATE = 100  # basis points of the valid bet, from the first minor unit and one active member
PERIODS = 3


@dataclass(frozen=True)
class Agents:
    ids: list[int]
    now: datetime  # the instant the periods were cut at: a run at it has exactly them due
    # (agent, period start) -> the salary it earned, computed here from the stakes placed
    earned: dict[tuple[int, datetime], int]


def stake(agent_index: int, period: int) -> int:
    return 12_345 + 1_000 * agent_index + 7 * period  # floored to 1 % of it: the minor unit matters


async def many_agents(db: Database, count: int, kind: str = DAILY_SALARY) -> Agents:
    """`count` first-level agents of the demo merchant, each with one player and a contract of `kind`
    accepted PERIODS periods ago; the player stakes in each of those periods but the first agent's (so
    that some periods pay nothing)."""
    cadence = salary.CADENCES[kind]
    now = utcnow()
    current = cadence.start_of(now)
    starts = [current]
    for _ in range(PERIODS):
        starts.insert(0, cadence.start_of(starts[0] - timedelta(minutes=1)))
    starts = starts[:PERIODS]
    earned: dict[tuple[int, datetime], int] = {}
    async with db.session() as session:
        merchant_id = await session.scalar(select(Merchant.id).where(Merchant.code == "demo"))
        vendor = await session.scalar(select(GameVendor).where(GameVendor.merchant_id == merchant_id))
        assert merchant_id is not None
        assert vendor is not None
        agents = [
            Member(merchant_id=merchant_id, username=f"batch{kind[0]}{n}", password_hash="!", member_type=1)
            for n in range(count)
        ]
        session.add_all(agents)
        await session.flush()
        players = [
            Member(merchant_id=merchant_id, username=f"batchp{kind[0]}{n}", password_hash="!", upline_id=a.id)
            for n, a in enumerate(agents)
        ]
        session.add_all(players)
        await session.flush()
        for n, (agent, player) in enumerate(zip(agents, players, strict=True)):
            session.add(
                AgentContract(
                    merchant_id=merchant_id,
                    downline_id=agent.id,
                    kind=kind,
                    status=ACTIVE,
                    tiers=[{"minValidBet": 0, "minActiveMembers": 1, "rateBps": RATE}],
                    accepted_at=starts[0] + timedelta(minutes=1),
                )
            )
            for p, start in enumerate(starts):
                placed = n > 0
                earned[(agent.id, start)] = stake(n, p) * RATE // 10_000 if placed else 0
                if placed:
                    session.add(
                        BetRecord(
                            merchant_id=merchant_id,
                            vendor_id=vendor.id,
                            member_id=player.id,
                            category=vendor.category,
                            round_id=f"batch-{kind}-{n}-{p}",
                            bet_amount=stake(n, p),
                            win_amount=0,
                            status="SETTLED",
                            trial=False,
                            placed_at=start + timedelta(minutes=2),
                            settled_at=start + timedelta(minutes=2),
                        )
                    )
    return Agents([a.id for a in agents], now, earned)


async def assert_paid_once(db: Database, agents: Agents, kind: str = DAILY_SALARY) -> None:
    """Every (agent, period) settled once at what it earned; each positive one paid by one transfer of
    that amount, with the reference and key a single settlement uses; balances the sums; ledger clean."""
    async with db.read_session() as session:
        rows = (
            await session.execute(
                select(AgentSettlement, LedgerTransfer)
                .outerjoin(LedgerTransfer, LedgerTransfer.id == AgentSettlement.transfer_id)
                .where(AgentSettlement.member_id.in_(agents.ids), AgentSettlement.kind == kind)
            )
        ).all()
        balances = dict(
            (
                await session.execute(
                    select(LedgerAccount.member_id, LedgerAccount.balance).where(
                        LedgerAccount.member_id.in_(agents.ids), LedgerAccount.kind == MAIN
                    )
                )
            ).all()
        )
        transfers = (
            await session.scalars(
                select(LedgerTransfer.id).where(
                    LedgerTransfer.kind == "AGENT_SALARY", LedgerTransfer.meta["kind"].as_string() == kind
                )
            )
        ).all()
        findings = await check_ledger(session)
    assert findings.clean, findings
    assert {(s.member_id, s.period_start): s.amount for s, _ in rows} == agents.earned
    assert len(rows) == len(agents.earned)
    for settlement, transfer in rows:
        if settlement.amount == 0:
            assert transfer is None
            continue
        assert transfer is not None
        assert (transfer.amount, transfer.reference, transfer.idempotency_key) == (
            settlement.amount,
            f"agent-settlement:{settlement.id}",
            f"agent-salary:{settlement.contract_id}:{settlement.period_start.isoformat()}",
        )
    assert len(transfers) == sum(1 for amount in agents.earned.values() if amount)
    paid: dict[int, int] = {}
    for (agent, _), amount in agents.earned.items():
        paid[agent] = paid.get(agent, 0) + amount
    assert {a: balances.get(a, 0) for a in agents.ids} == paid


async def test_more_periods_than_a_batch_holds_are_each_paid_once(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(salary, "BATCH", 4)
    agents = await many_agents(db, 7)  # 21 (contract, period)s: six batches, the last of one
    calls: list[int] = []
    grant_many = wallet_service.grant_many

    async def counted(
        session: AsyncSession, brand: Brand, grants: Sequence[Grant], **kw: Any
    ) -> list[Posted]:
        calls.append(len(grants))
        return await grant_many(session, brand, grants, **kw)

    monkeypatch.setattr(wallet_service, "grant_many", counted)
    report = await salary.settle_salaries(db, DAILY_SALARY, agents.now, agents=agents.ids)
    paid = sum(1 for amount in agents.earned.values() if amount)
    assert report == salary.Report(settled=21, paid=paid, already=0)
    assert (sum(calls), len(calls), max(calls)) == (paid, 6, 4)  # one grant_many a batch, of its payments
    await assert_paid_once(db, agents)
    assert await salary.settle_salaries(db, DAILY_SALARY, agents.now, agents=agents.ids) == salary.Report(
        0, 0, 0
    )


async def test_a_crash_in_a_batch_keeps_the_ones_before_and_nothing_of_its_own(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(salary, "BATCH", 4)
    agents = await many_agents(db, 7, HOURLY_SALARY)
    grant_many = wallet_service.grant_many
    calls = 0

    async def crashing(
        session: AsyncSession, brand: Brand, grants: Sequence[Grant], **kw: Any
    ) -> list[Posted]:
        nonlocal calls
        calls += 1
        posted = await grant_many(session, brand, grants, **kw)
        if calls == 3:
            raise RuntimeError("the process dies in the third batch, its payments posted")
        return posted

    monkeypatch.setattr(wallet_service, "grant_many", crashing)
    with pytest.raises(RuntimeError, match="third batch"):
        await salary.settle_salaries(db, HOURLY_SALARY, agents.now, agents=agents.ids)
    async with db.read_session() as session:
        kept = (
            await session.scalars(
                select(AgentSettlement.transfer_id).where(AgentSettlement.member_id.in_(agents.ids))
            )
        ).all()
        transfers = (
            await session.scalars(select(LedgerTransfer.id).where(LedgerTransfer.kind == "AGENT_SALARY"))
        ).all()
    assert len(kept) == 8  # two whole batches: their rows and their payments
    assert sorted(t for t in kept if t is not None) == sorted(transfers)

    monkeypatch.setattr(wallet_service, "grant_many", grant_many)
    report = await salary.settle_salaries(db, HOURLY_SALARY, agents.now, agents=agents.ids)
    paid_before = sum(1 for t in kept if t is not None)
    assert (report.settled, report.already) == (21 - 8, 0)
    assert report.paid == sum(1 for amount in agents.earned.values() if amount) - paid_before
    await assert_paid_once(db, agents, HOURLY_SALARY)


async def test_settle_period_still_settles_one_and_a_run_skips_it(db: Database) -> None:
    agents = await many_agents(db, 2)
    async with db.read_session() as session:
        contract = await session.scalar(
            select(AgentContract.id).where(AgentContract.downline_id == agents.ids[1])
        )
    assert contract is not None
    first = min(start for _, start in agents.earned)
    assert await salary.settle_period(db, contract, first) is True
    assert await salary.settle_period(db, contract, first) is None
    report = await salary.settle_salaries(db, DAILY_SALARY, agents.now, agents=agents.ids)
    assert report == salary.Report(settled=5, paid=2, already=0)
    await assert_paid_once(db, agents)
