"""Parallel guesses against the login throttle, on Postgres with real concurrent transactions: the limits
hold exactly, however many guesses arrive at once."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx
import pytest

from server.accounts.throttle import DEFAULT_POLICY
from server.db.session import Database
from tests.support.portal import Portal

pytestmark = pytest.mark.slow


async def test_parallel_guesses_get_one_free_try_and_then_need_a_captcha(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, _ = pg_client
    portals = [Portal(client) for _ in range(14)]
    challenges = [await portal.challenge() for portal in portals]  # solved up front: the guesses race

    async def guess(portal: Portal, challenge: dict[str, object]) -> str:
        answer = await portal.login("player1", "wrong-guess", challenge=challenge)
        assert answer.status_code < 500, answer.text
        return str(answer.json()["errorCode"])

    tally = Counter(await asyncio.gather(*(guess(p, c) for p, c in zip(portals, challenges, strict=True))))
    assert DEFAULT_POLICY.captcha_after == 1
    assert tally == {"INVALID_CREDENTIALS": 1, "CAPTCHA_REQUIRED": 13}, tally
    # The right password, without a captcha, is refused as well: the name needs one now.
    answer = await Portal(client).login("player1")
    assert answer.json()["errorCode"] == "CAPTCHA_REQUIRED"
