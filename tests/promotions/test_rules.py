"""The other kinds and the guards (issue 31): the daily check-in's streak, the sign-up bonus, a trial account,
the console's permissions and validation, an upline transfer refused while turnover is owed, an expired bonus
forfeited once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import select, update

from server.accounts.models import Member
from server.admin.models import AuditEntry
from server.db.session import Database
from server.promotions.jobs import expire_bonuses
from server.promotions.models import PromotionEntry
from server.wallet.models import BonusLock
from tests.promotions.support import admin, body, create, staff_headers
from tests.support.accounts import member_id, token_for
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, player, sum_balance
from tests.wallet.test_withdrawal_rules import pin

pytestmark = pytest.mark.usefixtures("demo")

CHECKIN = {"rewards": ["1.00", "2.00", "5.00"], "wagerMultiple": 0}


async def test_check_in_once_a_day_with_its_streak(client: httpx.AsyncClient, db: Database) -> None:
    promotion_id = await create(client, await admin(db), "CHECKIN", CHECKIN)
    portal = await player(client)
    before = ok(await client.get(f"/wps/promotions/{promotion_id}", headers=portal.headers()))
    assert (before["action"], before["streak"]) == ("CHECKIN", 1)
    first = ok(await portal.call("POST", f"/wps/promotions/{promotion_id}/checkin", {}))
    assert (first["reward"]["streak"], first["reward"]["amount"], first["promotion"]["status"]) == (
        1,
        "1.00",
        "SIGNED",
    )
    failed(await portal.call("POST", f"/wps/promotions/{promotion_id}/checkin", {}), 409, "PROMOTION_ALREADY")
    assert await sum_balance(client, portal) == "1.00"

    # After a check-in yesterday at day 1 of the streak, today's is day 2.
    other = await player(client, "player2")
    yesterday = (datetime.now(UTC) + timedelta(hours=8) - timedelta(days=1)).date().isoformat()
    player2 = await member_id(db, "player2")
    async with db.session() as session:
        merchant_id = await session.scalar(select(Member.merchant_id).where(Member.id == player2))
        session.add(
            PromotionEntry(
                merchant_id=merchant_id,
                promotion_id=promotion_id,
                member_id=player2,
                period_key=yesterday,
                status="ISSUED",
                amount=1_00,
                streak=1,
            )
        )
    second = ok(await other.call("POST", f"/wps/promotions/{promotion_id}/checkin", {}))
    assert (second["reward"]["streak"], second["reward"]["amount"]) == (2, "2.00")
    failed(
        await portal.call("POST", f"/wps/promotions/{promotion_id}/join", {}), 409, "PROMOTION_WRONG_ACTION"
    )
    await ledger_is_clean(db)


async def test_sign_up_bonus_for_members_who_joined_during_it(
    client: httpx.AsyncClient, db: Database
) -> None:
    promotion_id = await create(client, await admin(db), "SIGNUP", {"amount": "8.88", "wagerMultiple": 3})
    portal = await player(client)
    rewards = ok(await client.get("/wps/member/rewards", headers=portal.headers()))
    assert [c["id"] for c in rewards["claimable"]] == [promotion_id]
    paid = ok(await portal.call("POST", f"/wps/promotions/{promotion_id}/claim", {}))
    assert paid["reward"]["amount"] == "8.88"
    assert paid["promotion"]["status"] == "CLAIMED"
    failed(await portal.call("POST", f"/wps/promotions/{promotion_id}/claim", {}), 409, "PROMOTION_ALREADY")
    owed = ok(await client.get("/wps/member/bonus/wagering", headers=portal.headers()))
    assert owed["outstanding"] == "26.64"

    # A member who registered before the promotion started is not eligible.
    async with db.session() as session:
        await session.execute(
            update(Member)
            .where(Member.username == "player2")
            .values(created_at=datetime.now(UTC) - timedelta(days=9))
        )
    late = await player(client, "player2")
    assert (await late_card(client, late, promotion_id))["status"] == "CLOSE"
    failed(
        await late.call("POST", f"/wps/promotions/{promotion_id}/claim", {}), 409, "PROMOTION_NOT_ELIGIBLE"
    )
    await ledger_is_clean(db)


async def late_card(client: httpx.AsyncClient, portal: Portal, promotion_id: int) -> dict[str, object]:
    found: dict[str, object] = ok(
        await client.get(f"/wps/promotions/{promotion_id}", headers=portal.headers())
    )
    return found


async def test_a_trial_account_cannot_take_part(client: httpx.AsyncClient, db: Database) -> None:
    promotion_id = await create(client, await admin(db), "CHECKIN", CHECKIN)
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(
        await trial.call("POST", f"/wps/promotions/{promotion_id}/checkin", {}), 403, "in_need_true_account"
    )


async def test_console_permissions_validation_and_audit(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    auditor = staff_headers(await token_for(db, "demo", "auditor1", staff=True))
    promotion_id = await create(
        client, staff, "FIRST_DEPOSIT", {"percent": 10, "cap": "50.00", "minDeposit": "10.00"}
    )
    # The auditor reads it (beside the demo brand's own promotions) and changes nothing.
    assert promotion_id in [
        p["id"] for p in ok(await client.get("/wps/admin/promotions", headers=auditor))["list"]
    ]
    failed(
        await client.post(f"/wps/admin/promotions/{promotion_id}/pause", headers=auditor), 403, "FORBIDDEN"
    )
    failed(
        await client.post("/wps/admin/promotions", json=body("SIGNUP", {"amount": "1.00"}), headers=auditor),
        403,
        "FORBIDDEN",
    )

    missing = failed(
        await client.post(
            "/wps/admin/promotions", json=body("FIRST_DEPOSIT", {"percent": 10}), headers=staff
        ),
        422,
        "VALIDATION_ERROR",
    )
    assert missing == {"fields": [{"field": "params.cap", "type": "missing"}]}
    bad_amount = failed(
        await client.post("/wps/admin/promotions", json=body("SIGNUP", {"amount": "1e3"}), headers=staff),
        422,
        "VALIDATION_ERROR",
    )
    assert bad_amount == {"fields": [{"field": "params.amount", "type": "amount"}]}
    failed(
        await client.put(
            f"/wps/admin/promotions/{promotion_id}", json=body("SIGNUP", {"amount": "1.00"}), headers=staff
        ),
        422,
        "PROMOTION_KIND_FIXED",
    )
    paused = ok(await client.post(f"/wps/admin/promotions/{promotion_id}/pause", headers=staff))
    assert paused["state"] == "PAUSED"
    portal = await player(client)
    listed = ok(await client.get("/wps/promotions", headers=portal.headers()))["list"]
    assert [c["status"] for c in listed if c["id"] == promotion_id] == ["CLOSE"]
    ended = ok(await client.post(f"/wps/admin/promotions/{promotion_id}/end", headers=staff))
    assert ended["state"] == "ENDED"
    failed(
        await client.post(f"/wps/admin/promotions/{promotion_id}/resume", headers=staff),
        409,
        "PROMOTION_CLOSED",
    )
    # Another brand's staff do not find it.
    other = staff_headers(await token_for(db, "demo2", "admin1", staff=True), "demo2")
    failed(
        await client.post(f"/wps/admin/promotions/{promotion_id}/pause", headers=other),
        404,
        "PROMOTION_NOT_FOUND",
    )

    weights = ok(
        await client.put("/wps/admin/promotions/weights", json={"weights": {"LIVE": 20}}, headers=staff)
    )
    assert weights["weights"]["LIVE"] == 20
    assert weights["weights"]["RNG"] == 100
    async with db.read_session() as session:
        actions = list(
            await session.scalars(select(AuditEntry.action).where(AuditEntry.action.like("promotion.%")))
        )
    assert sorted(actions) == ["promotion.create", "promotion.end", "promotion.pause", "promotion.weights"]


async def test_an_open_bonus_keeps_money_from_the_upline_and_is_forfeited_once_at_expiry(
    client: httpx.AsyncClient, db: Database
) -> None:
    promotion_id = await create(client, await admin(db), "SIGNUP", {"amount": "50.00", "wagerMultiple": 10})
    portal = await player(client)
    await deposit_bank(client, db, portal, "100.00", "promo-dep-0301")
    ok(await portal.call("POST", f"/wps/promotions/{promotion_id}/claim", {}))
    assert await sum_balance(client, portal) == "150.00"
    # Nothing goes up the line while turnover is owed (player1's upline is agent1).
    ok(await portal.call("POST", "/wps/member/paymentPassword", pin("Demo1234", "246810"), encrypted=True))
    pay = {"amount": "20.00", "paymentPassword": "246810", "requestId": "promo-upline-01"}
    refused = failed(
        await portal.call("POST", "/wps/member/transferUpline", pay, encrypted=True), 409, "TURNOVER_REQUIRED"
    )
    assert refused == {"outstanding": "500.00"}
    async with db.session() as session:
        await session.execute(update(BonusLock).values(expires_at=datetime.now(UTC) - timedelta(minutes=1)))
    for _ in range(2):  # the job twice: the second finds nothing to do
        async with db.session() as session:
            await expire_bonuses(session)
    assert await sum_balance(client, portal) == "100.00"
    owed = ok(await client.get("/wps/member/bonus/wagering", headers=portal.headers()))
    assert owed["outstanding"] == "0.00"
    assert (owed["locks"][0]["status"], owed["locks"][0]["forfeited"]) == ("FORFEITED", "50.00")
    await ledger_is_clean(db)
