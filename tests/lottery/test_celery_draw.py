"""A real draw on the distributed set-up: a bet placed through an API process, the draw-and-settle job run by
a Celery worker (which reaches the wallet API itself), the result pushed through Redis to a browser socket
connected to the API process, the win credited once."""

from __future__ import annotations

import asyncio
import uuid
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from realtime import events
from server.house.lottery import results, schedule
from server.house.lottery.catalogue import GAMES_BY_CODE
from server.house.lottery.models import LotteryIssue
from server.http.core.money import parse_amount
from server.settings import load_settings
from tasks.celery_app import make_celery
from tests.conftest import free_port
from tests.games.support import fund, launch_token, ledger_is_clean
from tests.support.accounts import token_for
from tests.support.distributed import distributed
from tests.support.live import api_process, celery_worker
from tests.support.portal import ok
from tests.support.services import REDIS_URL
from tests.support.sockets import Inbox, connect

pytestmark = pytest.mark.slow
GAME = GAMES_BY_CODE["vn-fast-1m"]


async def _sleep_until(moment: datetime) -> None:
    await asyncio.sleep(max(0.0, (moment - datetime.now(UTC)).total_seconds()))


async def test_a_celery_worker_draws_settles_and_announces(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        await fund(db, "demo", "player1", 20_00, "dep-celery-lot")
        queue = f"test-{uuid.uuid4().hex[:8]}"
        with ExitStack() as stack:
            stack.enter_context(celery_worker(queue, env, tmp_path / "worker.log"))
            api = await asyncio.to_thread(
                stack.enter_context, api_process(free_port(), env, tmp_path / "api.log")
            )
            member = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
            async with httpx.AsyncClient(base_url=api, timeout=10) as http:
                lobby = {"launchMode": "LOTT", "lottoGameCode": GAME.code, "lottoView": "betting"}
                url = ok(await http.post("/wps/game/launchGame", json=lobby, headers=member))["game_url"]
                opened = ok(
                    await http.post("/lgw/session", json={"token": launch_token(url)}, headers=member)
                )
                lottery = {"Merchant": "demo", "X-House-Session": opened["sessionId"]}
                browser = await connect(api, {"merchant": "demo"})
                inbox = Inbox(browser, events.LOTTERY_OPENED)
                try:
                    assert await browser.call("subscribe", f"lottery:{GAME.code}") == {"ok": True}
                    # Bet a few seconds before the close, so that the draw comes soon after.
                    window = schedule.current(GAME, datetime.now(UTC))
                    if (window.closes_at - datetime.now(UTC)).total_seconds() < 4:
                        window = schedule.following(GAME, window)
                    await _sleep_until(window.closes_at - timedelta(seconds=3))
                    body = {
                        "gameCode": GAME.code,
                        "issueNo": window.issue_no,
                        "prizeMode": "Lott",
                        "playType": "TAIL",
                        "numbers": [str(d) for d in range(10)],  # one of them wins for sure
                        "stake": "1.00",
                    }
                    placed = ok(await http.post("/lgw/bets", json=body, headers=lottery))
                    assert placed["balance"] == "10.00"
                    await _sleep_until(window.draw_at)
                    sender = make_celery(load_settings(redis_url=REDIS_URL))
                    result = sender.send_task("portal.run_job", args=["lottery.draw_and_settle"], queue=queue)
                    answer = await asyncio.to_thread(result.get, timeout=60)
                    assert "'settled': 1" in answer, answer
                    _, pushed = await inbox.next(within=10)
                    while pushed["issueNo"] != window.issue_no:  # an earlier issue may settle in the same run
                        _, pushed = await inbox.next(within=10)
                    assert pushed["next"]["issueNo"] > window.issue_no
                    balance = ok(await http.get("/wps/v2/wallets/balance", headers=member))["sumBalance"]
                finally:
                    await browser.disconnect()
        async with db.read_session() as read:
            issue = await read.scalar(
                select(LotteryIssue).where(
                    LotteryIssue.game_code == GAME.code, LotteryIssue.issue_no == window.issue_no
                )
            )
        assert issue is not None
        assert issue.status == "SETTLED"
        assert pushed["tiers"] == issue.tiers == results.draw(GAME, issue.issue_no, issue.seed)
        # Ten tails at 1.00 each, exactly one wins 9.50.
        assert parse_amount(balance, allow_zero=True) == 20_00 - 10_00 + 9_50
        await ledger_is_clean(db)
