"""The built-in human verification (a proof of work), over HTTP and as require_human, on SQLite and
Postgres: single use, short-lived, per merchant, and never a crash on whatever the browser sends."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.models import Merchant
from server.brands.service import Brand, load_brand
from server.db.base import utcnow
from server.db.session import Database
from server.http.core.errors import AppError
from server.security import challenge as pow_
from server.security.challenge import ProofOfWorkVerifier, require_human
from server.security.models import HumanChallenge
from server.settings import Settings

pytestmark = pytest.mark.usefixtures("demo")

IP = "127.0.0.1"
DIFFICULTY = 8


def solve(salt: str, difficulty: int, *, start: int = 0) -> int:
    nonce = start
    while pow_.leading_zero_bits(hashlib.sha256(f"{salt}:{nonce}".encode()).digest()) < difficulty:
        nonce += 1
    return nonce


def wrong_nonce(salt: str, difficulty: int) -> int:
    nonce = 0
    while pow_.leading_zero_bits(hashlib.sha256(f"{salt}:{nonce}".encode()).digest()) >= difficulty:
        nonce += 1
    return nonce


async def merchant_id(session: AsyncSession, code: str = "demo") -> int:
    found = await session.scalar(select(Merchant.id).where(Merchant.code == code))
    assert found is not None
    return found


async def brand(session: AsyncSession, *, human_verification: bool) -> Brand:
    loaded = await load_brand(session, "demo")
    assert loaded is not None
    return dataclasses.replace(loaded, human_verification=human_verification)


async def issue(session: AsyncSession, verifier: ProofOfWorkVerifier | None = None) -> dict[str, Any]:
    verifier = verifier or ProofOfWorkVerifier(DIFFICULTY)
    return await verifier.issue(session, merchant_id=await merchant_id(session), ip=IP)


async def verify(session: AsyncSession, result: Any, *, merchant: str = "demo", ip: str = IP) -> bool:
    verifier = ProofOfWorkVerifier(DIFFICULTY)
    return await verifier.verify(
        session, merchant_id=await merchant_id(session, merchant), result=result, ip=ip
    )


def solution(issued: Mapping[str, Any]) -> dict[str, Any]:
    return {"challengeId": issued["challengeId"], "nonce": solve(issued["salt"], issued["difficulty"])}


def test_leading_zero_bits() -> None:
    assert pow_.leading_zero_bits(bytes(32)) == 256
    assert pow_.leading_zero_bits(b"\x80" + bytes(31)) == 0
    assert pow_.leading_zero_bits(b"\x00\x01" + bytes(30)) == 15
    assert pow_.leading_zero_bits(b"\x00\x00\x10\xff") == 19


async def test_challenge_over_http_solved_once(
    client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    answer = await client.get("/wps/verification/challenge", headers={"Merchant": "demo"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["success"] is True
    issued = body["value"]
    assert set(issued) == {"challengeId", "algorithm", "salt", "difficulty", "expiresAt"}
    assert issued["algorithm"] == "SHA-256"
    assert issued["difficulty"] == settings.challenge_difficulty
    assert len(issued["salt"]) == 32
    expires = datetime.fromisoformat(issued["expiresAt"])
    assert timedelta(minutes=4) < expires - utcnow() <= timedelta(minutes=5)

    result = solution(issued)
    digest = hashlib.sha256(f"{issued['salt']}:{result['nonce']}".encode()).digest()
    assert int.from_bytes(digest, "big") >> (256 - settings.challenge_difficulty) == 0
    async with db.session() as session:
        assert await verify(session, result)
    async with db.session() as session:
        assert not await verify(session, result)


async def test_challenge_needs_a_known_merchant(client: httpx.AsyncClient) -> None:
    answer = await client.get("/wps/verification/challenge", headers={"Merchant": "nope"})
    assert answer.status_code == 404
    assert answer.json()["errorCode"] == "MERCHANT_NOT_FOUND"


async def test_a_wrong_nonce_fails_and_uses_the_challenge_up(session: AsyncSession) -> None:
    issued = await issue(session)
    bad = wrong_nonce(issued["salt"], DIFFICULTY)
    assert not await verify(session, {"challengeId": issued["challengeId"], "nonce": bad})
    assert not await verify(session, solution(issued))


async def test_a_decimal_string_nonce_and_another_address_pass(session: AsyncSession) -> None:
    issued = await issue(session)
    result = solution(issued)
    # A phone can change networks between fetching and answering.
    assert await verify(session, {**result, "nonce": str(result["nonce"])}, ip="203.0.113.50")
    stored = await session.scalar(
        select(HumanChallenge).where(HumanChallenge.challenge_id == issued["challengeId"])
    )
    assert stored is not None
    assert stored.ip == IP
    assert stored.used_at is not None


async def test_expired_and_other_merchant_fail(session: AsyncSession) -> None:
    issued = await issue(session)
    await session.execute(
        update(HumanChallenge)
        .where(HumanChallenge.challenge_id == issued["challengeId"])
        .values(expires_at=utcnow() - timedelta(seconds=1))
    )
    assert not await verify(session, solution(issued))
    issued = await issue(session)
    assert not await verify(session, solution(issued), merchant="demo2")


async def test_the_issued_difficulty_counts(session: AsyncSession) -> None:
    """A settings change does not void challenges already handed out."""
    issued = await issue(session, ProofOfWorkVerifier(4))
    assert issued["difficulty"] == 4
    result = {"challengeId": issued["challengeId"], "nonce": solve(issued["salt"], 4)}
    strict = ProofOfWorkVerifier(20)
    assert await strict.verify(session, merchant_id=await merchant_id(session), result=result, ip=IP)


MALFORMED: list[Any] = [
    None,
    [],
    "challenge",
    42,
    {},
    {"nonce": 1},
    {"challengeId": "<id>"},
    {"challengeId": "<id>", "nonce": None},
    {"challengeId": "<id>", "nonce": -1},
    {"challengeId": "<id>", "nonce": "-1"},
    {"challengeId": "<id>", "nonce": "abc"},
    {"challengeId": "<id>", "nonce": "1e3"},
    {"challengeId": "<id>", "nonce": " 12"},
    {"challengeId": "<id>", "nonce": "١٢"},  # Arabic-Indic digits: str.isdigit() would accept them
    {"challengeId": "<id>", "nonce": 1.0},
    {"challengeId": "<id>", "nonce": True},
    {"challengeId": "<id>", "nonce": [1]},
    {"challengeId": "<id>", "nonce": {"n": 1}},
    {"challengeId": "<id>", "nonce": 10**400},
    {"challengeId": "<id>", "nonce": "9" * 100_000},
    {"challengeId": 123, "nonce": "<nonce>"},
    {"challengeId": None, "nonce": "<nonce>"},
    {"challengeId": ["<id>"], "nonce": "<nonce>"},
    {"challengeId": "", "nonce": "<nonce>"},
    {"challengeId": "x" * 100_000, "nonce": "<nonce>"},
    {"challengeId": "unknown-challenge", "nonce": "<nonce>"},
]


@pytest.mark.parametrize("template", MALFORMED)
async def test_malformed_results_fail_quietly(session: AsyncSession, template: Any) -> None:
    issued = await issue(session)
    good = solution(issued)
    result = template
    if isinstance(template, dict):
        result = {
            key: {"<id>": issued["challengeId"], "<nonce>": good["nonce"]}.get(value, value)
            if isinstance(value, str)
            else value
            for key, value in template.items()
        }
    assert not await verify(session, result)


async def test_require_human_off_asks_nothing(session: AsyncSession) -> None:
    verifier = ProofOfWorkVerifier(DIFFICULTY)
    off = await brand(session, human_verification=False)
    await require_human(session, verifier, brand=off, result=None, ip=IP)
    await require_human(session, verifier, brand=off, result={"challengeId": "junk"}, ip=IP)


async def test_require_human_on(db: Database) -> None:
    verifier = ProofOfWorkVerifier(DIFFICULTY)
    async with db.session() as session:
        on = await brand(session, human_verification=True)
        issued = await issue(session)
    nothing: tuple[Mapping[str, Any] | None, ...] = (None, {})
    for missing in nothing:
        with pytest.raises(AppError) as raised:
            async with db.session() as session:
                await require_human(session, verifier, brand=on, result=missing, ip=IP)
        assert raised.value.code == "CHALLENGE_REQUIRED"
    bad = {"challengeId": issued["challengeId"], "nonce": wrong_nonce(issued["salt"], DIFFICULTY)}
    with pytest.raises(AppError) as raised:
        async with db.session() as session:
            await require_human(session, verifier, brand=on, result=bad, ip=IP)
    assert raised.value.code == "CHALLENGE_INVALID"
    # The failure was committed with the error: the same challenge cannot be retried.
    with pytest.raises(AppError) as raised:
        async with db.session() as session:
            await require_human(session, verifier, brand=on, result=solution(issued), ip=IP)
    assert raised.value.code == "CHALLENGE_INVALID"
    async with db.session() as session:
        await require_human(session, verifier, brand=on, result=solution(await issue(session)), ip=IP)


async def test_issue_limit_per_address(session: AsyncSession) -> None:
    verifier = ProofOfWorkVerifier(DIFFICULTY)
    demo, demo2 = await merchant_id(session), await merchant_id(session, "demo2")
    for _ in range(pow_.ISSUES_PER_IP_PER_MINUTE):
        await verifier.issue(session, merchant_id=demo, ip="198.51.100.7")
    for merchant in (demo, demo2):
        with pytest.raises(AppError) as raised:
            await verifier.issue(session, merchant_id=merchant, ip="198.51.100.7")
        assert raised.value.code == "TOO_MANY_REQUEST"
    await verifier.issue(session, merchant_id=demo, ip="198.51.100.8")


async def test_the_app_verifier(app: FastAPI, client: httpx.AsyncClient, settings: Settings) -> None:
    first = await client.get("/wps/verification/challenge", headers={"Merchant": "demo"})
    assert first.json()["value"]["difficulty"] == settings.challenge_difficulty
    built = app.state.human_verifier
    assert isinstance(built, ProofOfWorkVerifier)
    # One installed on app.state (a third-party service, or here an easier proof of work) wins.
    app.state.human_verifier = ProofOfWorkVerifier(3)
    second = await client.get("/wps/verification/challenge", headers={"Merchant": "demo"})
    assert second.json()["value"]["difficulty"] == 3


async def test_purge_removes_only_expired(session: AsyncSession) -> None:
    live, old = await issue(session), await issue(session)
    await session.execute(
        update(HumanChallenge)
        .where(HumanChallenge.challenge_id == old["challengeId"])
        .values(expires_at=utcnow() - timedelta(minutes=1))
    )
    assert await pow_.purge_expired_challenges(session) >= 1
    ids = set(await session.scalars(select(HumanChallenge.challenge_id)))
    assert live["challengeId"] in ids
    assert old["challengeId"] not in ids
