"""One strict amount format everywhere money arrives (server.http.core.money.parse_amount): a player's
transfers, deposits, withdrawals and their receipts, an agent's payments and contract terms, an operator's
bonus, a vendor's bet and win, the house's and the lottery's stakes and a gateway's payment notice. Each
refuses the same malformed strings with VALIDATION_ERROR naming its field, before any money moves; a
well-formed amount is still read."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts.models import Member
from server.accounts.passwords import hash_password
from server.brands.models import Merchant
from server.db.session import Database
from server.http.core.errors import AppError
from server.http.core.money import format_amount, parse_amount
from server.wallet.cashier_models import MemberBankAccount
from server.wallet.gateway import PaymentNotice
from tests.games.support import fund, ledger_is_clean
from tests.games.test_house_api import house_headers, open_game
from tests.games.test_seamless_api import launched
from tests.lottery.test_lottery_api import bet as lottery_bet
from tests.lottery.test_lottery_api import lottery_session
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import SANDBOX

MALFORMED = (
    "1.00 ",
    " 1.00",
    "1e2",
    "+1",
    "-1",
    "1.001",
    "NaN",
    "Infinity",
    "9999999999999999999",
    "01.00",
    "1.",
    ".5",
    "1,000",
    "1 000",
    "１.00",  # a full-width digit is a digit to str.isdigit and to Decimal
    "1.00\n",
    "",
)


@pytest.mark.parametrize("text", MALFORMED)
def test_the_parser_refuses(text: str) -> None:
    with pytest.raises(AppError) as refused:
        parse_amount(text, allow_zero=True)
    assert refused.value.code == "VALIDATION_ERROR"
    assert refused.value.value == {"fields": [{"field": "amount", "type": "amount"}]}


@pytest.mark.parametrize("value", [1.5, 100, None, ["1.00"], True])
def test_the_parser_refuses_anything_but_text(value: object) -> None:
    with pytest.raises(AppError):
        parse_amount(value)


@pytest.mark.parametrize(
    ("text", "minor"),
    [("1", 100), ("1.5", 150), ("1.50", 150), ("0.01", 1), ("10", 1000), ("999999999999999.99", 10**17 - 1)],
)
def test_the_parser_reads(text: str, minor: int) -> None:
    assert parse_amount(text) == minor
    assert parse_amount(format_amount(minor)) == minor


def test_zero_only_where_allowed() -> None:
    assert parse_amount("0", allow_zero=True) == parse_amount("0.00", allow_zero=True) == 0
    with pytest.raises(AppError):
        parse_amount("0.00")


Send = Callable[[str], Awaitable[httpx.Response]]
# Optional fields: an empty one is an absent one.
OPTIONAL = {"game list filter", "receipt of a withdrawal"}


async def _calls(client: httpx.AsyncClient, db: Database) -> dict[str, tuple[str, Send]]:
    """Each call that takes an amount: (the field its refusal names, a sender of one amount)."""
    await fund(db, "demo", "player1", 1_000_00, "amount-format-player")
    await fund(db, "demo", "agent1", 1_000_00, "amount-format-agent")
    async with db.session() as session:
        demo = select(Merchant.id).where(Merchant.code == "demo").scalar_subquery()
        await session.execute(
            update(Member)
            .where(Member.merchant_id == demo, Member.username.in_(("player1", "agent1")))
            .values(payment_password_hash=hash_password("135790"))
        )
        player = await session.scalar(
            select(Member).where(Member.merchant_id == demo, Member.username == "player1")
        )
        assert player is not None
        player_id = player.id
        bank = MemberBankAccount(
            merchant_id=player.merchant_id,
            member_id=player.id,
            bank_name="Demo Bank",
            account_name="Player One",
            account_number="123456789",
        )
        session.add(bank)
        await session.flush()
        bank_id = bank.id
    member = Portal(client)
    member.token = await token_for(db, "demo", "player1")
    agent = Portal(client)
    agent.token = await token_for(db, "demo", "agent1")
    staff = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "admin1", staff=True)}
    agents = ok(await client.get("/wps/admin/agents", headers=staff))
    agent_id = next(a["id"] for a in agents["list"] if a["username"] == "agent1")
    vendor_player = await launched(client, db)
    slot = house_headers(await open_game(client, db, "slot-golden-dragon"))
    table = house_headers(await open_game(client, db, "baccarat-a"))
    round_no = ok(await client.get("/house/api/baccarat/state", headers=table))["roundNo"]
    gateway_order = ok(
        await member.call(
            "POST",
            "/wps/cashier/deposits",
            {"channel": "SANDBOX", "amount": "250.00", "requestId": "req-amt-gw"},
        )
    )
    withdrawal = ok(
        await member.call(
            "POST",
            "/wps/cashier/withdrawals",
            {
                "bankAccountId": bank_id,
                "amount": "100.00",
                "paymentPassword": "135790",
                "requestId": "req-amt-wd",
            },
            encrypted=True,
        )
    )
    lottery = await lottery_session(client, db)
    n = iter(range(1_000_000))

    def request_id() -> str:
        return f"req-amount-{next(n):06d}"

    def tiers(amount: str) -> list[dict[str, object]]:
        return [{"minValidBet": amount, "minActiveMembers": 1, "rateBps": 10}]

    async def notice(amount: str) -> httpx.Response:
        paid = PaymentNotice(gateway_order["orderNo"], amount, "PAID", f"nonce-amt-{time.time_ns()}", "SBX9")
        headers, body = SANDBOX.signed_callback(paid)
        return await client.post("/wps/payment/callback/sandbox", content=body, headers=headers)

    async def vendor(action: str, amount: str) -> httpx.Response:
        from tests.games.support import vendor_call

        body = {"sessionToken": vendor_player["sessionToken"], "txId": request_id(), "roundId": "r-amt"}
        return await vendor_call(client, action, {**body, "amount": amount})

    return {
        "wallet transfer": (
            "amount",
            lambda a: member.call(
                "POST",
                "/wps/relay/GCS_walletTransfer",
                {"toVendor": "HOUSE", "amount": a, "requestId": request_id()},
            ),
        ),
        "upline transfer": (
            "amount",
            lambda a: member.call(
                "POST",
                "/wps/member/transferUpline",
                {"amount": a, "paymentPassword": "000000", "requestId": request_id()},
                encrypted=True,
            ),
        ),
        "deposit": (
            "amount",
            lambda a: member.call(
                "POST", "/wps/cashier/deposits", {"channel": "BANK", "amount": a, "requestId": request_id()}
            ),
        ),
        "withdrawal": (
            "amount",
            lambda a: member.call(
                "POST",
                "/wps/cashier/withdrawals",
                {"bankAccountId": 1, "amount": a, "paymentPassword": "000000", "requestId": request_id()},
                encrypted=True,
            ),
        ),
        "game list filter": (
            "minBet",
            lambda a: client.get("/wps/relay/GCS_gameList", params={"minBet": a}, headers=member.headers()),
        ),
        "agent pays a downline": (
            "amount",
            lambda a: agent.call(
                "POST",
                "/wps/agent/transfers/downline",
                {"username": "player1", "amount": a, "paymentPassword": "000000", "requestId": request_id()},
                encrypted=True,
            ),
        ),
        "agent offers a salary": (
            "minValidBet",
            lambda a: agent.call(
                "POST",
                "/wps/agent/contracts",
                {"memberId": player_id, "kind": "DAILY_SALARY", "tiers": tiers(a)},
            ),
        ),
        "operator offers a salary": (
            "minValidBet",
            lambda a: client.post(
                f"/wps/admin/agents/{agent_id}/contracts",
                json={"kind": "DAILY_SALARY", "tiers": tiers(a)},
                headers=staff,
            ),
        ),
        "operator grants a bonus": (
            "amount",
            lambda a: client.post(
                "/wps/admin/members/player1/bonus",
                json={"amount": a, "reason": "amount format", "requestId": request_id()},
                headers=staff,
            ),
        ),
        "vendor bet": ("amount", lambda a: vendor("bet", a)),
        "vendor win": ("amount", lambda a: vendor("win", a)),
        "house slot": (
            "lineBet",
            lambda a: client.post("/house/api/round", json={"lineBet": a}, headers=slot),
        ),
        "house table": (
            "stake",
            lambda a: client.post(
                "/house/api/baccarat/bet",
                json={"roundNo": round_no + 1, "betOn": "PLAYER", "stake": a},
                headers=table,
            ),
        ),
        "gateway notice": ("amount", notice),
        "receipt of a withdrawal": (
            "receivedAmount",
            lambda a: client.post(
                f"/wps/cashier/withdrawals/{withdrawal['orderNo']}/confirm",
                data={"outcome": "partial", "receivedAmount": a},
                headers=member.headers(),
            ),
        ),
        "lottery bet": ("stake", lambda a: lottery_bet(client, lottery, "0", "LO", ["07", "42"], a)),
    }


def _names_the_amount(answer: httpx.Response, field: str) -> bool:
    body: dict[str, Any] = answer.json()
    if answer.status_code != 422 or body.get("errorCode") != "VALIDATION_ERROR":
        return False
    fields = (body.get("value") or {}).get("fields", [])
    if len(fields) != 1:
        return False
    named = fields[0]["field"] or ""
    # The input guard refuses a query's 19-digit number before the route, naming no field.
    return named == field or named.endswith("." + field) or fields[0]["type"] == "int_range"


@pytest.mark.usefixtures("demo")
async def test_every_call_that_takes_an_amount_refuses_the_same_strings(
    client: httpx.AsyncClient, db: Database
) -> None:
    calls = await _calls(client, db)
    accepted = []
    for name, (field, send) in calls.items():
        for text in MALFORMED:
            if text == "" and name in OPTIONAL:
                continue
            answer = await send(text)
            if not _names_the_amount(answer, field):
                accepted.append(f"{name} {text!r}: {answer.status_code} {answer.text[:200]}")
        # A well-formed amount is read: whatever the call answers next, it is not about the amount.
        assert not _names_the_amount(await send("1.00"), field), name
    assert accepted == [], "\n".join(accepted)
    await ledger_is_clean(db)


@pytest.mark.usefixtures("demo")
async def test_a_gateway_notice_with_a_padded_amount_pays_nothing(
    client: httpx.AsyncClient, db: Database
) -> None:
    member = Portal(client)
    member.token = await token_for(db, "demo", "player1")
    order = ok(
        await member.call(
            "POST",
            "/wps/cashier/deposits",
            {"channel": "SANDBOX", "amount": "250.00", "requestId": "req-amt-pad"},
        )
    )
    paid = PaymentNotice(order["orderNo"], "250.00 ", "PAID", "nonce-amt-pad-1", "SBX8")
    headers, body = SANDBOX.signed_callback(paid)
    failed(
        await client.post("/wps/payment/callback/sandbox", content=body, headers=headers),
        422,
        "VALIDATION_ERROR",
    )
    orders = ok(await member.call("GET", "/wps/cashier/deposits"))
    assert next(o for o in orders if o["orderNo"] == order["orderNo"])["status"] == "PENDING"
