"""The job registry. A job is a plain async function of a session; runners own the transaction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from server.agents.models import DAILY_SALARY, DIVIDEND, HOURLY_SALARY, REALTIME_SALARY
from server.agents.settle import settle
from server.brands.announce import announce_status_changes
from server.content.messages.fanout import fan_out_messages
from server.db.session import Database
from server.house.lottery import draws
from server.house.wallet_client import WalletClient
from server.loyalty.cashback.daily import daily_cashback
from server.loyalty.points.accrual import accrue_points
from server.loyalty.referral.job import pay_referral_rewards
from server.loyalty.vip.review import review_ranks, vip_bonuses
from server.minigames.rain.jobs import run_rains
from server.promotions.jobs import (
    expire_bonuses,
    expire_unclaimed_rewards,
    offer_period_rewards,
    pay_leaderboards,
)
from server.promotions.raffle import draw_raffles
from server.protection.limits import apply_due
from server.protection.markers import risk_markers
from server.security.captcha import purge_expired_captchas
from server.security.challenge import purge_expired_challenges
from server.wallet.game_money import return_idle_game_money
from server.wallet.reconcile import reconcile
from server.wallet.withdrawals import auto_receive

JobFunction = Callable[[AsyncSession], Awaitable[Any]]
DatabaseJobFunction = Callable[[Database, WalletClient | None], Awaitable[Any]]


@dataclass(frozen=True)
class Job:
    name: str
    run: JobFunction
    every: timedelta


@dataclass(frozen=True)
class DatabaseJob:
    """A job that calls out between its writes (the lottery pays through the wallet API): it opens its own
    short transactions instead of running inside the runner's one. It gets the house's wallet client from
    the runner, which got it from its composition root (None where the house is switched off)."""

    name: str
    run: DatabaseJobFunction
    every: timedelta


async def draw_lottery(db: Database, house_wallet: WalletClient | None) -> dict[str, int]:
    if house_wallet is None:
        return {"skipped": 1}
    report = await draws.run(db, house_wallet)
    return {"drawn": report.drawn, "paid": report.paid, "settled": report.settled, "failed": report.failed}


def pay_salaries(kind: str) -> DatabaseJobFunction:
    async def pay(db: Database, _house_wallet: WalletClient | None) -> dict[str, int]:
        report = await settle(db, kind)
        return {"settled": report.settled, "paid": report.paid, "already": report.already}

    return pay


JOBS: dict[str, Job | DatabaseJob] = {
    job.name: job
    for job in (
        Job("brands.announce_status", announce_status_changes, timedelta(seconds=15)),
        DatabaseJob("lottery.draw_and_settle", draw_lottery, timedelta(seconds=2)),
        DatabaseJob("content.fan_out_messages", fan_out_messages, timedelta(seconds=2)),
        Job("security.purge_captchas", purge_expired_captchas, timedelta(minutes=10)),
        Job("security.purge_challenges", purge_expired_challenges, timedelta(minutes=10)),
        Job("wallet.auto_receive_withdrawals", auto_receive, timedelta(minutes=1)),
        Job("wallet.reconcile", reconcile, timedelta(hours=1)),
        # Automatic transfer: game wallets nobody has played from for a while go back to the main wallet.
        Job("wallet.return_idle_game_money", return_idle_game_money, timedelta(minutes=1)),
        # Bonuses past their expiry: turnover counted a last time, then met or forfeited (each lock once).
        Job("promotions.expire_bonuses", expire_bonuses, timedelta(minutes=5)),
        Job("promotions.expire_unclaimed", expire_unclaimed_rewards, timedelta(minutes=5)),
        # Turnover tiers and loss rebates: each closed period's rewards offered (the last two looked at).
        Job("promotions.offer_period_rewards", offer_period_rewards, timedelta(minutes=10)),
        # Raffles whose end has passed: drawn once (the seed published), the winners' prizes offered.
        Job("promotions.draw_raffles", draw_raffles, timedelta(minutes=1)),
        # Mission leaderboards whose period closed: final ranks counted from the bet records, paid once.
        Job("promotions.pay_leaderboards", pay_leaderboards, timedelta(minutes=5)),
        # Points from the bets settled since the last run (a minute ago at most), each window once.
        Job("loyalty.accrue_points", accrue_points, timedelta(minutes=1)),
        # VIP ranks: promotions (each level's upgrade bonus once) and demotions after the grace period.
        Job("loyalty.review_ranks", review_ranks, timedelta(minutes=10)),
        # Monthly and birthday bonuses of the member's level: each key paid once, so four runs a day are safe.
        Job("loyalty.vip_bonuses", vip_bonuses, timedelta(hours=6)),
        # Brands with automatic cashback: the previous business day paid (run often; the cursor pays once).
        Job("loyalty.daily_cashback", daily_cashback, timedelta(minutes=30)),
        # Due once a period; run often, so a period is paid soon after it closes and missed runs catch up.
        DatabaseJob("agents.daily_salary", pay_salaries(DAILY_SALARY), timedelta(minutes=10)),
        DatabaseJob("agents.hourly_salary", pay_salaries(HOURLY_SALARY), timedelta(minutes=5)),
        DatabaseJob("agents.dividend", pay_salaries(DIVIDEND), timedelta(minutes=10)),
        # SPEC §9: the real-time salary every 5 minutes (each five minutes a minute after it closes).
        DatabaseJob("agents.realtime_salary", pay_salaries(REALTIME_SALARY), timedelta(minutes=5)),
        # Invite friends: invitees who qualified within their window earn their inviter's reward, once each.
        Job("loyalty.referral_rewards", pay_referral_rewards, timedelta(minutes=5)),
        # Red-envelope rains: the next 24 h of sessions created, started ones announced, spent ones closed.
        Job("minigames.rains", run_rains, timedelta(seconds=15)),
        # Player protection: raised or removed limits whose 24 hours are over applied (each once).
        Job("protection.apply_pending", apply_due, timedelta(minutes=1)),
        # Risk markers of the previous business day, worked out in the first run of each business day.
        Job("protection.risk_markers", risk_markers, timedelta(hours=1)),
    )
}
