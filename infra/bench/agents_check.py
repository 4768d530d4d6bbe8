"""The agent benchmark's checks (infra/bench/agents.py): every settlement of a round recomputed here, from
the bets and the tree, with a recursive query over the upline chains and the tiers picked here rather than
by the job's own functions, and compared row by row; and the ledger. A benchmark that pays wrong measures
nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import text

from infra.bench.agents_load import Load
from server.agents import salary
from server.agents.models import DIVIDEND, PAID, PENDING, REALTIME_SALARY
from server.db.session import Database
from server.wallet.reconcile import check_ledger

BASIS = 10_000

_FIGURES_SQL = """
WITH RECURSIVE played AS (
    SELECT member_id, sum(bet_amount) AS stake, sum(bet_amount - win_amount) AS net_loss,
           sum(greatest(bet_amount - win_amount, 0)) AS lost, sum(greatest(win_amount - bet_amount, 0)) AS won
    FROM bet_records
    WHERE merchant_id = :merchant AND status = 'SETTLED' AND NOT trial
      AND settled_at >= :start AND settled_at < :end
    GROUP BY member_id
), up AS (
    SELECT p.member_id, m.upline_id AS agent_id, 1 AS depth
    FROM played p JOIN members m ON m.id = p.member_id WHERE m.upline_id IS NOT NULL
    UNION ALL
    SELECT up.member_id, m.upline_id, up.depth + 1
    FROM up JOIN members m ON m.id = up.agent_id WHERE m.upline_id IS NOT NULL AND up.depth < 32
)
SELECT up.agent_id, sum(p.stake) AS valid_bet, count(*) FILTER (WHERE p.stake > 0) AS active,
       sum(p.net_loss) AS net_loss, sum(p.lost) AS lost, sum(p.won) AS won
FROM up JOIN played p USING (member_id) GROUP BY up.agent_id
"""


@dataclass(frozen=True)
class Team:
    """An agent's team in a period, as recomputed here."""

    valid_bet: int = 0
    active: int = 0
    net_loss: int = 0
    lost: int = 0
    won: int = 0


async def teams(db: Database, load: Load, start: datetime, end: datetime) -> dict[int, Team]:
    async with db.read_session() as session:
        rows = await session.execute(
            text(_FIGURES_SQL), {"merchant": load.merchant_id, "start": start, "end": end}
        )
        return {
            row.agent_id: Team(
                int(row.valid_bet), int(row.active), int(row.net_loss), int(row.lost), int(row.won)
            )
            for row in rows
        }


def _tier(tiers: list[dict[str, int]], team: Team) -> dict[str, int]:
    """The best rate among the tiers met (an empty tier of rate 0 when none is)."""
    met = [t for t in tiers if team.valid_bet >= t["minValidBet"] and team.active >= t["minActiveMembers"]]
    return max(met, key=lambda t: t["rateBps"], default={"rateBps": 0})


@dataclass(frozen=True)
class Salaries:
    paid: int  # settlements with an amount, each paid by a transfer


async def verify_salaries(
    db: Database, load: Load, kind: str, start: datetime, figures: dict[int, Team], report: salary.Report
) -> Salaries:
    """One settlement per contract of the kind for the period: its valid bet, active members, rate (and a
    real-time salary's lost, won and their rates), amount, and a transfer exactly when the amount is not 0,
    of that amount, its reference the settlement and its idempotency key the contract and period."""
    key = f"agent-salary:%:{start.isoformat()}"
    async with db.read_session() as session:
        settled = (
            await session.execute(
                text(
                    "SELECT s.id, s.contract_id, s.member_id, s.valid_bet, s.active_members, s.rate_bps,"
                    " s.amount, s.lost, s.won, s.loss_rate_bps, s.profit_rate_bps, s.status,"
                    " t.amount AS paid, t.reference, t.idempotency_key, c.tiers"
                    " FROM agent_settlements s JOIN agent_contracts c ON c.id = s.contract_id"
                    " LEFT JOIN ledger_transfers t ON t.id = s.transfer_id AND t.kind = 'AGENT_SALARY'"
                    " WHERE s.kind = :kind AND s.period_start = :start"
                ),
                {"kind": kind, "start": start},
            )
        ).all()
        transfers = await session.scalar(
            text(
                "SELECT count(*) FROM ledger_transfers"
                " WHERE kind = 'AGENT_SALARY' AND idempotency_key LIKE :key"
            ),
            {"key": key},
        )
        findings = await check_ledger(session)
    realtime = kind == REALTIME_SALARY
    wrong: list[Any] = []
    for row in settled:
        team = figures.get(row.member_id, Team())
        tier = _tier(row.tiers, team)
        rate, loss, profit = tier["rateBps"], tier.get("lossRateBps", 0), tier.get("profitRateBps", 0)
        amount = (team.valid_bet * rate + team.lost * loss + team.won * profit) // BASIS
        extra = (team.lost, team.won, loss, profit) if realtime else (None, None, None, None)
        expected = (team.valid_bet, team.active, rate, amount, *extra, PAID, amount)
        got = (
            row.valid_bet,
            row.active_members,
            row.rate_bps,
            row.amount,
            row.lost,
            row.won,
            row.loss_rate_bps,
            row.profit_rate_bps,
            row.status,
            row.paid or 0,
        )
        if got != expected:
            wrong.append((row.member_id, got, expected))
        elif row.paid and (row.reference, row.idempotency_key) != (
            f"agent-settlement:{row.id}",
            f"agent-salary:{row.contract_id}:{start.isoformat()}",
        ):
            wrong.append((row.member_id, row.reference, row.idempotency_key))
    paid = sum(1 for row in settled if row.amount > 0)
    problems = _common(load, settled, report, paid, findings.clean, str(findings))
    if wrong:
        problems.append(f"{len(wrong)} settlements differ from the recomputation, e.g. {wrong[:3]}")
    if transfers != paid:
        problems.append(f"{transfers} salary transfers for the period, {paid} settlements with an amount")
    if paid == 0:
        problems.append("no settlement has an amount: the load measures no payment")
    if problems:
        raise RuntimeError(
            f"{kind} settlement of {start:%Y-%m-%d %H:%M} UTC is wrong: " + "; ".join(problems)
        )
    return Salaries(paid)


@dataclass(frozen=True)
class Dividends:
    pending: int  # dividends owed, waiting for approval
    team_won: int  # agents whose team won the day (net loss < 0): nothing owed
    no_tier: int  # agents whose team lost (or did not play) but met no tier: nothing owed
    lowered_to_zero: int  # agents whose share the lower dividends took whole


async def verify_dividends(
    db: Database, load: Load, start: datetime, figures: dict[int, Team], report: salary.Report
) -> Dividends:
    """One dividend per agent for the period (every agent has a contract, carry-in 0 in the first period):
    its figures, rate, net loss, lower dividends (its direct sub-agents' amounts, as recomputed here, the
    deepest first), amount = max(0, floor(net loss * rate) - lower) when the net loss is positive, else 0,
    PENDING exactly when the amount is not 0, no transfer (a dividend is paid on approval, not settled)."""
    tree = load.tree
    below: dict[int, list[int]] = {}
    for agent in tree.agent_level:
        upline = tree.uplines[agent]
        if upline is not None:
            below.setdefault(upline, []).append(agent)
    async with db.read_session() as session:
        settled = (
            await session.execute(
                text(
                    "SELECT member_id, valid_bet, active_members, rate_bps, amount, status, net_loss,"
                    " carry_in, lower_dividends, transfer_id FROM agent_settlements"
                    " WHERE kind = :kind AND period_start = :start"
                ),
                {"kind": DIVIDEND, "start": start},
            )
        ).all()
        tiers: dict[int, Any] = dict(
            (
                await session.execute(
                    text(
                        "SELECT downline_id, tiers FROM agent_contracts"
                        " WHERE kind = :kind AND status = 'ACTIVE'"
                    ),
                    {"kind": DIVIDEND},
                )
            ).all()
        )
        transfers = await session.scalar(
            text("SELECT count(*) FROM ledger_transfers WHERE kind = 'AGENT_DIVIDEND'")
        )
        findings = await check_ledger(session)
    expected: dict[int, tuple[Any, ...]] = {}
    amounts: dict[int, int] = {}
    team_won = no_tier = lowered = 0
    for agent in sorted(tiers, key=lambda a: (-tree.agent_level.get(a, 0), a)):
        team = figures.get(agent, Team())
        rate = _tier(tiers[agent], team)["rateBps"]
        lower = sum(amounts.get(sub, 0) for sub in below.get(agent, ()))
        share = team.net_loss * rate // BASIS if team.net_loss > 0 else 0
        amounts[agent] = amount = max(0, share - lower)
        team_won += team.net_loss < 0
        no_tier += team.net_loss >= 0 and rate == 0
        lowered += share > 0 and amount == 0
        status = PENDING if amount > 0 else PAID
        expected[agent] = (team.valid_bet, team.active, rate, amount, status, team.net_loss, 0, lower, None)
    wrong = []
    for row in settled:
        got = (
            row.valid_bet,
            row.active_members,
            row.rate_bps,
            row.amount,
            row.status,
            row.net_loss,
            row.carry_in,
            row.lower_dividends,
            row.transfer_id,
        )
        if got != expected.get(row.member_id):
            wrong.append((row.member_id, got, expected.get(row.member_id)))
    pending = sum(1 for amount in amounts.values() if amount > 0)
    problems = _common(load, settled, report, pending, findings.clean, str(findings))
    if wrong:
        problems.append(f"{len(wrong)} dividends differ from the recomputation, e.g. {wrong[:3]}")
    if transfers:
        problems.append(f"{transfers} dividend transfers: a settlement pays nothing until approved")
    if pending == 0:
        problems.append("no dividend is owed: the load measures nothing")
    if problems:
        raise RuntimeError(f"dividends of {start:%Y-%m-%d %H:%M} UTC are wrong: " + "; ".join(problems))
    return Dividends(pending, team_won, no_tier, lowered)


def _common(
    load: Load, settled: Any, report: salary.Report, paid: int, clean: bool, findings: str
) -> list[str]:
    """One settlement per agent, the job's report agreeing with the rows, the ledger clean."""
    agents = load.tree.agent_level
    problems = []
    if {row.member_id for row in settled} != set(agents) or len(settled) != len(agents):
        problems.append(f"{len(settled)} settlements for {len(agents)} contracts")
    if (report.settled, report.paid, report.already) != (len(agents), paid, 0):
        problems.append(f"the report says {report}; expected {len(agents)} settled, {paid} paid")
    if not clean:
        problems.append(f"the ledger is not clean: {findings}")
    return problems
