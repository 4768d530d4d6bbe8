"""Input no column can hold is refused at the edge with VALIDATION_ERROR, never a 500: NUL characters,
integers beyond 64 bits, dates outside the calendar the product deals in, malformed addresses."""

from __future__ import annotations

import json

import httpx
import pytest

from server.db.session import Database
from tests.games.support import game_id
from tests.support.portal import Portal, failed, ok

pytestmark = pytest.mark.usefixtures("demo")

HUGE = 2**63  # one past the largest 64-bit integer


async def member(client: httpx.AsyncClient) -> Portal:
    portal = Portal(client)
    ok(await portal.login("player1"))
    return portal


def refused(answer: httpx.Response, kind: str | None = None) -> None:
    value = failed(answer, 422, "VALIDATION_ERROR")
    if kind is not None:
        assert [f["type"] for f in value["fields"]] == [kind], value


async def test_integers_beyond_64_bits(client: httpx.AsyncClient, db: Database) -> None:
    portal = await member(client)
    refused(await portal.call("POST", "/wps/game/launchGame", {"gameId": HUGE}), "int_range")
    refused(await portal.call("POST", "/wps/game/launchGame", {"gameId": -HUGE - 1}), "int_range")
    body = {"bankAccountId": HUGE, "amount": "1.00", "paymentPassword": "135790", "requestId": "r-huge-1"}
    refused(await portal.call("POST", "/wps/cashier/withdrawals", body, encrypted=True), "int_range")
    refused(await client.get(f"/house/api/baccarat/round/{HUGE}"), "int_range")
    refused(await client.get("/wps/relay/personalHistoryCopy", params={"pageNo": str(HUGE)}), "int_range")
    # The largest 64-bit integer itself is only a number that matches nothing.
    big = await portal.call("POST", "/wps/game/launchGame", {"gameId": HUGE - 1})
    assert big.status_code in (404, 422), big.text
    real = await game_id(db, "demo", "slot-golden-dragon")
    ok(await portal.call("POST", "/wps/game/launchGame", {"gameId": real}))


@pytest.mark.parametrize(
    ("method", "path", "kind"),
    [
        ("GET", "/lgw/games/vn%00fast/state", "path"),
        ("POST", "/wps/cashier/withdrawals/W%0012/cancel", "path"),
        ("GET", "/wps/system/whitelabel?url=demo%00.localhost", "query"),
    ],
)
async def test_nul_in_paths_and_queries(client: httpx.AsyncClient, method: str, path: str, kind: str) -> None:
    answer = await client.request(method, path, headers={"Merchant": "demo"})
    value = failed(answer, 422, "VALIDATION_ERROR")
    assert value["fields"][0]["location"] == kind
    assert value["fields"][0]["type"] == "nul"


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/wps/cashier/withdrawals/99999999999999999999/cancel", "path"),
        ("/wps/system/whitelabel?page=99999999999999999999", "query"),
    ],
)
async def test_integers_past_64_bits_in_paths_and_queries(
    client: httpx.AsyncClient, path: str, kind: str
) -> None:
    value = failed(await client.get(path, headers={"Merchant": "demo"}), 422, "VALIDATION_ERROR")
    assert value["fields"][0]["location"] == kind
    assert value["fields"][0]["type"] == "int_range"
    # 19 digits that still fit are only a number.
    assert (
        await client.get("/wps/cashier/withdrawals/9223372036854775807", headers={"Merchant": "demo"})
    ).status_code != 422


async def test_nul_in_bodies_plain_form_and_encrypted(client: httpx.AsyncClient) -> None:
    anonymous = Portal(client)
    refused(await anonymous.login("player\x001"), "nul")  # encrypted: checked once decrypted
    form = {"username": "player\x001", "email": "p@example.com"}
    refused(await client.post("/wps/member/password/email", data=form, headers={"Merchant": "demo"}), "nul")
    portal = await member(client)
    deposit = {"channel": "BANK", "amount": "100.00", "requestId": "r-nul-1", "payerReference": "ref\x00"}
    refused(await portal.call("POST", "/wps/cashier/deposits", deposit), "nul")
    bank = {"bankName": "Bank\x00", "accountNo": "123456789", "accountName": "Player One"}
    refused(await portal.call("POST", "/wps/member/bankAccounts", bank), "nul")
    raw = json.dumps({"username": "x", "affiliateCode": "a\x00"}).encode()
    answer = await client.post(
        "/wps/member/register", content=raw, headers={"Merchant": "demo", "Content-Type": "application/json"}
    )
    refused(answer, "nul")
    # Nothing was kept: the member's deposits are as they were.
    assert ok(await portal.call("GET", "/wps/cashier/deposits")) == []


@pytest.mark.parametrize(
    "params",
    [
        {"startDate": "9999-12-30", "endDate": "9999-12-31"},
        {"endDate": "0"},
        {"endDate": "20261124"},
        {"startDate": "1900-01-01", "endDate": "1900-01-02"},
    ],
)
async def test_betting_record_dates_are_iso_days_in_range(
    client: httpx.AsyncClient, params: dict[str, str]
) -> None:
    portal = await member(client)
    answer = await client.get("/wps/relay/personalHistoryCopy", params=params, headers=portal.headers())
    refused(answer)
    profit = await client.get("/wps/relay/personalProfit", params=params, headers=portal.headers())
    refused(profit)


@pytest.mark.parametrize(
    "params", [{"to": "0.5"}, {"from": "0"}, {"to": "9999-12-31T23:59:59"}, {"from": "yesterday"}]
)
async def test_record_times_are_iso_in_range(client: httpx.AsyncClient, params: dict[str, str]) -> None:
    portal = await member(client)
    refused(await client.get("/wps/member/transactions", params=params, headers=portal.headers()))


async def test_iso_dates_in_range_still_work(client: httpx.AsyncClient) -> None:
    portal = await member(client)
    days = {"startDate": "2026-11-01", "endDate": "2026-11-24"}
    ok(await client.get("/wps/relay/personalHistoryCopy", params=days, headers=portal.headers()))
    times = {"from": "2026-11-01T00:00:00Z", "to": "2026-11-24 12:00"}
    ok(await client.get("/wps/member/transactions", params=times, headers=portal.headers()))


@pytest.mark.parametrize("url", ["http://[::1", "//[x]/", "http://demo.localhost:99999999/"])
async def test_a_malformed_page_address_falls_back_to_the_host(client: httpx.AsyncClient, url: str) -> None:
    answer = await client.get("/wps/system/whitelabel", params={"url": url})
    assert answer.status_code < 500, answer.text
