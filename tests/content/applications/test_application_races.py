"""Applications under real concurrency, on Postgres: six at once from one address still make three."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from server.db.session import Database
from tests.content.applications.test_applications_api import APPLY, VISITOR, count, form

pytestmark = pytest.mark.slow


async def test_six_applications_at_once_from_one_address_make_three(
    pg_client: tuple[httpx.AsyncClient, Database],
) -> None:
    client, db = pg_client
    answers = await asyncio.gather(
        *(client.post(APPLY, json=form(name=f"Racer {n}"), headers=VISITOR) for n in range(6))
    )
    assert sorted(a.status_code for a in answers) == [200] * 3 + [429] * 3, [a.text for a in answers]
    assert await count(db) == 3
