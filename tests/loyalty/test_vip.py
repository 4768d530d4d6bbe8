"""VIP ranks over HTTP (issue 32): the ladder a visitor reads in its language, a member's progress, the
review job's promotion (every skipped level's upgrade bonus paid once, however often the job runs), the
message, the audit row and the rank in the member info; demotion after the grace period; the levels' daily
withdrawal limits. Every money test ends with the ledger check."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest

from server.content.messages.templates import VIP_DEMOTED, VIP_PROMOTED
from server.db.base import utcnow
from server.db.session import Database
from server.loyalty.vip.review import review_ranks
from tests.loyalty.support import (
    audits,
    balance_of,
    demo_ladder,
    deposit_bank,
    ledger_is_clean,
    messages_to,
    player,
    rewards_of,
    spin,
)
from tests.promotions.support import admin
from tests.support.accounts import member_id
from tests.support.portal import failed, ok
from tests.wallet.test_cashier_api import prepare_withdrawals

pytestmark = pytest.mark.usefixtures("demo")


async def review(db: Database, days_later: int = 0) -> dict[str, int]:
    async with db.session() as session:
        return await review_ranks(session, now=utcnow() + timedelta(days=days_later))


async def test_a_visitor_reads_the_ladder_in_its_language(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    english = ok(await client.get("/wps/vip/levels", headers={"Merchant": "demo", "Language": "EN"}))
    assert english["windowDays"] == 30
    assert [(lv["level"], lv["name"], lv["emblem"]) for lv in english["levels"]] == [
        (0, "Member", "BRONZE"),
        (1, "Bronze", "BRONZE"),
        (2, "Silver", "SILVER"),
        (3, "Gold", "GOLD"),
        (4, "Platinum", "PLATINUM"),
        (5, "Diamond", "DIAMOND"),
    ]
    gold = english["levels"][3]
    assert (gold["depositRequired"], gold["turnoverRequired"]) == ("1000.00", "200.00")
    assert gold["perks"]["upgradeBonus"] == "58.00"
    assert gold["perks"]["cashbackRates"]["RNG"] == "0.60"
    assert gold["perks"]["cashbackRates"]["LIVE"] == "0.50"
    assert (gold["perks"]["vipChat"], english["levels"][5]["perks"]["vipChat"]) == (False, True)
    assert english["levels"][5]["perks"]["dailyWithdrawalAmount"] is None
    chinese = ok(await client.get("/wps/vip/levels", headers={"Merchant": "demo", "Language": "CN"}))
    assert [lv["name"] for lv in chinese["levels"]] == ["会员", "青铜", "白银", "黄金", "铂金", "钻石"]
    # A brand that set nothing up: level 0 for everyone, without perks.
    other = ok(await client.get("/wps/vip/levels", headers={"Merchant": "demo2", "Language": "EN"}))
    assert [(lv["level"], lv["name"]) for lv in other["levels"]] == [(0, "Member")]
    assert other["levels"][0]["perks"]["cashbackRates"] == {}


async def test_the_job_promotes_once_and_pays_each_skipped_level(
    client: httpx.AsyncClient, db: Database
) -> None:
    await demo_ladder(db)
    portal = await player(client, "player2")  # Bronze (level 1) in the demo
    who = await member_id(db, "player2")
    before = ok(await client.get("/wps/member/vip", headers=portal.headers()))
    assert (before["level"], before["name"], before["deposits"], before["turnover"]) == (
        1,
        "Bronze",
        "0.00",
        "0.00",
    )
    assert before["next"] == {
        "level": 2,
        "name": "Silver",
        "depositRequired": "200.00",
        "turnoverRequired": "100.00",
    }
    await deposit_bank(client, db, portal, "1000.00", "vip-dep-0001")
    await spin(client, db, "player2", 10)  # 200.00 of valid turnover
    progress = ok(await client.get("/wps/member/vip", headers=portal.headers()))
    assert (progress["level"], progress["deposits"], progress["turnover"]) == (1, "1000.00", "200.00")
    balance = await balance_of(client, portal)

    assert await review(db) == {"promoted": 1, "demoted": 0}
    assert await review(db) == {"promoted": 0, "demoted": 0}
    # Gold (3) reached from Bronze (1): Silver's 18.00 and Gold's 58.00, each with one times wagering, once.
    assert await rewards_of(db, who) == [
        ("VIP_UPGRADE", f"vip-upgrade:{who}:2", 18_00, 1),
        ("VIP_UPGRADE", f"vip-upgrade:{who}:3", 58_00, 1),
    ]
    assert await balance_of(client, portal) == balance + 76_00
    after = ok(await client.get("/wps/member/vip", headers=portal.headers()))
    assert (after["level"], after["name"], after["emblem"]) == (3, "Gold", "GOLD")
    assert after["promotedAt"] is not None
    assert after["keepUntil"] is None
    assert after["next"]["level"] == 4
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["clubLabel"] == {"labelName": "Gold", "rankLevel": 3}
    assert await messages_to(db, who, VIP_PROMOTED) == 1
    [entry] = await audits(db, "loyalty.vip_promote")
    assert (entry.staff_id, entry.target, entry.detail) == (None, "player2", {"from": 1, "to": 3})
    await ledger_is_clean(db)


async def test_demotion_waits_for_the_grace_period(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    portal = await player(client, "player3")  # Diamond, with nothing played in the window
    who = await member_id(db, "player3")
    assert await review(db) == {"promoted": 0, "demoted": 0}  # the grace period starts
    shown = ok(await client.get("/wps/member/vip", headers=portal.headers()))
    assert shown["level"] == 5
    assert shown["keepUntil"] is not None
    assert await review(db, days_later=6) == {"promoted": 0, "demoted": 0}
    # player1 (Silver) and player2 (Bronze) played nothing either: all three go down to Member.
    assert await review(db, days_later=8) == {"promoted": 0, "demoted": 3}
    assert await review(db, days_later=9) == {"promoted": 0, "demoted": 0}
    info = ok(await client.get("/wps/member/info", headers=portal.headers()))
    assert info["clubLabel"] == {"labelName": "Member", "rankLevel": 0}
    assert await messages_to(db, who, VIP_DEMOTED) == 1
    entries = {str(entry.target): entry for entry in await audits(db, "loyalty.vip_demote")}
    assert sorted(entries) == ["player1", "player2", "player3"]
    assert (entries["player3"].staff_id, entries["player3"].detail) == (None, {"from": 6, "to": 0})
    assert await rewards_of(db, who) == []


async def test_a_brand_that_does_not_demote_keeps_ranks(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    staff = await admin(db)
    settings = {"windowDays": 30, "demote": False, "graceDays": 7}
    ok(await client.put("/wps/admin/loyalty/vip/settings", json=settings, headers=staff))
    assert await review(db, days_later=30) == {"promoted": 0, "demoted": 0}
    portal = await player(client, "player3")
    assert ok(await client.get("/wps/member/info", headers=portal.headers()))["clubLabel"]["rankLevel"] == 6


async def test_the_levels_daily_withdrawal_limits(client: httpx.AsyncClient, db: Database) -> None:
    await demo_ladder(db)
    staff = await admin(db)
    vip = ok(await client.get("/wps/admin/loyalty/vip", headers=staff))
    silver = {k: v for k, v in vip["levels"][2].items() if k != "level"}  # player1's level
    limited = {**silver, "dailyWithdrawalCount": 2, "dailyWithdrawalAmount": "1500.00"}
    ok(await client.put("/wps/admin/loyalty/vip/levels/2", json=limited, headers=staff))
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)  # 3,000.00 deposited

    def ask(amount: str, n: int) -> dict[str, object]:
        return {
            "bankAccountId": bank,
            "amount": amount,
            "paymentPassword": "246810",
            "requestId": f"vip-wd-{n}",
        }

    ok(await portal.call("POST", "/wps/cashier/withdrawals", ask("1000.00", 1), encrypted=True))
    over = failed(
        await portal.call("POST", "/wps/cashier/withdrawals", ask("600.00", 2), encrypted=True),
        429,
        "WITHDRAWAL_LIMIT",
    )
    assert over == {"dailyWithdrawalCount": 2, "dailyWithdrawalAmount": "1500.00"}
    ok(await portal.call("POST", "/wps/cashier/withdrawals", ask("500.00", 3), encrypted=True))
    failed(
        await portal.call("POST", "/wps/cashier/withdrawals", ask("100.00", 4), encrypted=True),
        429,
        "WITHDRAWAL_LIMIT",
    )
    assert await balance_of(client, portal) == 1_500_00
    await ledger_is_clean(db)
