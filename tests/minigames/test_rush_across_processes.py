"""The rush of issue 33 across the real topology: two API processes sharing Postgres and Redis, 200 members
sending 2,000 grabs at once (ten each, half through each process) at a session of 1,000 envelopes with a
limit of 5. Whatever each process answers, the envelope count and the budget are never exceeded, no member
passes its limit, each taken envelope is paid exactly once, every OK answer is an envelope taken, and the
ledger reconciles. The per-member rate limit is counted in Redis by both processes together: a member's ten
taps within its second cannot all be served, whichever process they reach."""

from __future__ import annotations

import asyncio
from collections import Counter
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import free_port
from tests.minigames.rain_support import (
    add_members,
    envelopes,
    ledger_is_clean,
    member,
    minigame_transfers,
    open_session,
)
from tests.support.distributed import distributed
from tests.support.live import api_process

pytestmark = pytest.mark.slow

MEMBERS, TAPS, ENVELOPES, LIMIT = 200, 10, 1_000, 5


async def test_two_thousand_grabs_on_two_processes(tmp_path: Path) -> None:
    async with distributed() as (db, env):
        with ExitStack() as stack:
            bases = [
                await asyncio.to_thread(
                    stack.enter_context,
                    api_process(free_port(), {**env, "SCHEDULER": "off"}, tmp_path / f"{name}.log"),
                )
                for name in ("a", "b")
            ]
            await add_members(db, "demo", "rush", MEMBERS)
            headers = [await member(db, f"rush{n}") for n in range(MEMBERS)]
            sid = await open_session(
                db,
                budget=ENVELOPES * 1_00,
                envelopes=ENVELOPES,
                flat_limit=LIMIT,
                duration_seconds=600,  # open throughout: the rush, not the clock, ends it here
            )
            # 2,000 requests queue on two processes of two cores: the last answer comes long after the first.
            options: dict[str, Any] = {
                "limits": httpx.Limits(max_connections=64, max_keepalive_connections=64),
                "timeout": httpx.Timeout(180),
            }
            async with (
                httpx.AsyncClient(base_url=bases[0], **options) as a,
                httpx.AsyncClient(base_url=bases[1], **options) as b,
            ):
                clients = (a, b)
                answers = await asyncio.gather(
                    *(
                        clients[(n + tap) % 2].post(
                            f"/wps/minigames/rains/{sid}/grab", json={}, headers=headers[n]
                        )
                        for n in range(MEMBERS)
                        for tap in range(TAPS)
                    )
                )
            codes = Counter(answer.json()["errorCode"] or "OK" for answer in answers)
            # The grab that takes the last envelope closes the session: later ones are told it is not open.
            refusals = {"GRAB_LIMIT", "RAIN_EMPTY", "RAIN_NOT_OPEN", "TOO_MANY_REQUEST"}
            assert set(codes) <= {"OK", *refusals}, codes
            assert codes["TOO_MANY_REQUEST"] > 0, (
                codes
            )  # ten taps a member at once: Redis counted them together
            taken = [e for e in await envelopes(db, sid) if e[2] is not None]
            assert codes["OK"] == len(taken) <= ENVELOPES, codes
            assert max(Counter(who for _, _, who in taken).values()) <= LIMIT
            paid = await minigame_transfers(db)
            assert paid == sorted((f"minigame:rain:{sid}:{seq}", amount) for seq, amount, _ in taken)
            assert sum(amount for _, amount in paid) <= ENVELOPES * 1_00
            await ledger_is_clean(db)
