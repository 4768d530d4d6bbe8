"""The application activity end to end over HTTP (issue 31): staff create it in the console, a member applies
with a remark and pictures (checked by content and re-encoded as feedback's are), reads back their own
pictures only, and staff approve (the bonus is paid once, with its wagering lock) or reject with a reason (the
member is told by a message). Refusals store nothing; twenty parallel approvals pay once on Postgres."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Mapping, Sequence

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.feedback.images import MAX_IMAGE_BYTES
from server.content.messages.models import MessageRecipient, PlatformMessage
from server.db.session import Database
from server.promotions.models import PromotionEntry, PromotionImage
from server.wallet.models import BonusLock, LedgerTransfer
from tests.content.feedback import pictures
from tests.promotions.support import admin, body, create, staff_headers
from tests.support.accounts import token_for
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean, player, sum_balance

pytestmark = pytest.mark.usefixtures("demo")

QUEUE = "/wps/admin/promotions/applications"
APPLICATION = {"amount": "10.00", "wagerMultiple": 2, "expiryDays": 30}
PNG = ("screen.png", pictures.png((40, 30)), "image/png")
PHOTO = ("photo.jpg", pictures.jpeg_with_exif((64, 32)), "image/jpeg")
File = tuple[str, bytes, str]


async def apply(
    client: httpx.AsyncClient,
    portal: Portal,
    promotion_id: int,
    remark: str = "My screenshot of the win",
    files: Sequence[File] = (),
    headers: Mapping[str, str] | None = None,
) -> httpx.Response:
    """POST .../apply as a browser's FormData sends it: each picture under the same field name."""
    return await client.post(
        f"/wps/promotions/{promotion_id}/apply",
        data={"remark": remark},
        files=[("images", file) for file in files] or None,
        headers=portal.headers(**(headers or {})),
    )


async def stored(db: Database) -> tuple[int, int]:
    """(application entries, pictures) in the database."""
    async with db.read_session() as session:
        applying = await session.scalar(
            select(func.count()).select_from(PromotionEntry).where(PromotionEntry.remark.is_not(None))
        )
        images = await session.scalar(select(func.count()).select_from(PromotionImage))
    return int(applying or 0), int(images or 0)


async def bonuses(db: Database) -> tuple[int, int]:
    async with db.read_session() as session:
        transfers = await session.scalar(select(func.count()).where(LedgerTransfer.kind == "BONUS"))
        locks = await session.scalar(select(func.count()).select_from(BonusLock))
    return int(transfers or 0), int(locks or 0)


async def audited(db: Database, action: str) -> list[AuditEntry]:
    async with db.read_session() as session:
        return list(await session.scalars(select(AuditEntry).where(AuditEntry.action == action)))


async def test_apply_with_pictures_then_approval_pays_once(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    promotion_id = await create(client, staff, "APPLICATION", APPLICATION)
    visitor = ok(await client.get(f"/wps/promotions/{promotion_id}", headers={"Merchant": "demo"}))
    assert (visitor["status"], visitor["action"], visitor["params"]["amount"]) == ("JOIN", "LOGIN", "10.00")

    portal = await player(client)
    seen = ok(await client.get(f"/wps/promotions/{promotion_id}", headers=portal.headers()))
    assert (seen["status"], seen["action"], seen["entry"]) == ("JOIN", "APPLY", None)
    # The join and claim calls are not how this one works.
    failed(
        await portal.call("POST", f"/wps/promotions/{promotion_id}/claim", {}), 409, "PROMOTION_WRONG_ACTION"
    )

    applied = ok(await apply(client, portal, promotion_id, "  My screenshot of the win  ", [PNG, PHOTO]))
    assert (applied["promotion"]["status"], applied["promotion"]["action"]) == ("APPLYING", None)
    reward = applied["reward"]
    assert (reward["status"], reward["amount"], reward["remark"], reward["images"]) == (
        "APPLYING",
        "0.00",
        "My screenshot of the win",
        2,
    )
    assert reward["reviewReason"] is None
    failed(await apply(client, portal, promotion_id, "again"), 409, "PROMOTION_ALREADY")
    assert await stored(db) == (1, 2)

    # The member reads their own pictures back, as we re-encoded them (the photo turned upright, its EXIF
    # gone); nobody else's, and no picture past the last.
    base = f"/wps/promotions/applications/{reward['id']}/images"
    first = await client.get(f"{base}/0", headers=portal.headers())
    assert (first.status_code, first.headers["content-type"]) == (200, "image/png")
    photo = await client.get(f"{base}/1", headers=portal.headers())
    assert photo.headers["content-type"] == "image/jpeg"
    assert pictures.GPS_MARK not in photo.content
    with Image.open(io.BytesIO(photo.content)) as upright:
        assert upright.size == (32, 64)
        assert not upright.getexif()
    failed(await client.get(f"{base}/2", headers=portal.headers()), 404, "PROMOTION_APPLICATION_NOT_FOUND")
    other = await player(client, "player2")
    failed(await client.get(f"{base}/0", headers=other.headers()), 404, "PROMOTION_APPLICATION_NOT_FOUND")
    failed(await client.get(f"{base}/0", headers={"Merchant": "demo"}), 401, "UNAUTHORIZED")

    # The console's queue: waiting applications, with what approval pays; the pictures through the console.
    queue = ok(await client.get(QUEUE, headers=staff, params={"status": "APPLYING"}))
    [row] = [r for r in queue["list"] if r["id"] == reward["id"]]
    assert (row["username"], row["status"], row["amount"], row["images"], row["remark"]) == (
        "player1",
        "APPLYING",
        "10.00",
        2,
        "My screenshot of the win",
    )
    assert (row["promotionId"], row["promotionTitle"], row["reviewedBy"]) == (
        promotion_id,
        "Welcome bonus",
        None,
    )
    desk_picture = await client.get(f"{QUEUE}/{reward['id']}/images/1", headers=staff)
    assert desk_picture.content == photo.content
    # Another brand's staff see none of it.
    other_staff = await admin(db, "demo2")
    assert ok(await client.get(QUEUE, headers=other_staff))["list"] == []
    failed(
        await client.get(f"{QUEUE}/{reward['id']}/images/0", headers=other_staff),
        404,
        "PROMOTION_APPLICATION_NOT_FOUND",
    )
    failed(
        await client.post(f"{QUEUE}/{reward['id']}/approve", headers=other_staff),
        404,
        "PROMOTION_APPLICATION_NOT_FOUND",
    )
    # A reader sees the queue but does not decide.
    auditor = staff_headers(await token_for(db, "demo", "auditor1", staff=True))
    assert ok(await client.get(QUEUE, headers=auditor))["total"] == 1
    failed(await client.post(f"{QUEUE}/{reward['id']}/approve", headers=auditor), 403, "FORBIDDEN")

    approved = ok(await client.post(f"{QUEUE}/{reward['id']}/approve", headers=staff))
    assert (approved["status"], approved["amount"], approved["reviewedBy"]) == ("ISSUED", "10.00", "admin1")
    assert approved["paidAt"] is not None
    failed(
        await client.post(f"{QUEUE}/{reward['id']}/approve", headers=staff),
        409,
        "PROMOTION_APPLICATION_REVIEWED",
    )
    failed(
        await client.post(f"{QUEUE}/{reward['id']}/reject", json={"reason": "late"}, headers=staff),
        409,
        "PROMOTION_APPLICATION_REVIEWED",
    )
    assert await sum_balance(client, portal) == "10.00"
    assert await bonuses(db) == (1, 1)
    wagering = ok(await client.get("/wps/member/bonus/wagering", headers=portal.headers()))
    assert (wagering["outstanding"], wagering["locks"][0]["requirement"]) == ("20.00", "20.00")

    after = ok(await client.get(f"/wps/promotions/{promotion_id}", headers=portal.headers()))
    assert (after["status"], after["action"], after["entry"]["status"], after["entry"]["amount"]) == (
        "ISSUED",
        None,
        "ISSUED",
        "10.00",
    )
    assert ok(await client.get(QUEUE, headers=staff, params={"status": "APPLYING"}))["total"] == 0
    assert ok(await client.get(QUEUE, headers=staff, params={"status": "ISSUED"}))["total"] == 1
    [entry] = await audited(db, "promotion.application.approve")
    assert (entry.target, entry.detail) == (
        "player1",
        {"promotion": promotion_id, "id": reward["id"], "amount": "10.00"},
    )
    row_stats = [p for p in ok(await client.get("/wps/admin/promotions", headers=staff))["list"]]
    [mine] = [p for p in row_stats if p["id"] == promotion_id]
    assert (mine["stats"]["paid"], mine["stats"]["paidAmount"], mine["mostPerMember"]) == (
        1,
        "10.00",
        "10.00",
    )
    await ledger_is_clean(db)


async def test_rejection_with_a_reason_reaches_the_member(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    promotion_id = await create(client, staff, "APPLICATION", APPLICATION)
    portal = await player(client)
    reward = ok(await apply(client, portal, promotion_id, "", [PNG]))["reward"]
    assert (reward["remark"], reward["images"]) == (None, 1)

    reject = f"{QUEUE}/{reward['id']}/reject"
    failed(await client.post(reject, json={"reason": ""}, headers=staff), 422, "VALIDATION_ERROR")
    failed(await client.post(reject, json={"reason": "x" * 201}, headers=staff), 422, "VALIDATION_ERROR")
    failed(await client.post(reject, json={"reason": "   "}, headers=staff), 422, "VALIDATION_ERROR")
    rejected = ok(
        await client.post(reject, json={"reason": " The screenshot is <b>unreadable</b> "}, headers=staff)
    )
    assert (rejected["status"], rejected["reviewReason"], rejected["amount"]) == (
        "REJECTED",
        "The screenshot is <b>unreadable</b>",
        "0.00",
    )
    failed(
        await client.post(f"{QUEUE}/{reward['id']}/approve", headers=staff),
        409,
        "PROMOTION_APPLICATION_REVIEWED",
    )

    seen = ok(await client.get(f"/wps/promotions/{promotion_id}", headers=portal.headers()))
    assert (seen["status"], seen["action"]) == ("REJECTED", None)
    assert (seen["entry"]["status"], seen["entry"]["reviewReason"]) == ("REJECTED", rejected["reviewReason"])
    # Once a period (here: once): a rejected application is not made again.
    failed(await apply(client, portal, promotion_id, "again"), 409, "PROMOTION_ALREADY")
    assert await sum_balance(client, portal) == "0.00"
    assert await bonuses(db) == (0, 0)

    async with db.read_session() as session:
        [message] = list(
            await session.scalars(
                select(PlatformMessage)
                .join(MessageRecipient, MessageRecipient.message_id == PlatformMessage.id)
                .where(PlatformMessage.kind == "STAFF")
            )
        )
    [text] = message.texts.values()
    assert "unreadable" in text["content"]
    assert "<b>" not in text["content"]  # the reason is plain text, escaped
    [entry] = await audited(db, "promotion.application.reject")
    assert entry.detail == {"promotion": promotion_id, "id": reward["id"], "reason": rejected["reviewReason"]}
    await ledger_is_clean(db)


async def test_refused_applications_store_nothing(client: httpx.AsyncClient, db: Database) -> None:
    staff = await admin(db)
    promotion_id = await create(client, staff, "APPLICATION", APPLICATION)
    portal = await player(client)
    refused = failed(await apply(client, portal, promotion_id, "x" * 141), 422, "VALIDATION_ERROR")
    assert refused == {"fields": [{"field": "remark", "type": "max_length"}]}
    failed(await apply(client, portal, promotion_id, files=[PNG] * 4), 422, "FEEDBACK_TOO_MANY_IMAGES")
    failed(
        await apply(client, portal, promotion_id, files=[PNG, ("a.gif", pictures.gif(), "image/png")]),
        422,
        "FEEDBACK_IMAGE_INVALID",
    )
    failed(
        await apply(client, portal, promotion_id, files=[("b.txt", b"<html>hello</html>", "image/jpeg")]),
        422,
        "FEEDBACK_IMAGE_INVALID",
    )
    failed(
        await apply(
            client,
            portal,
            promotion_id,
            files=[("big.png", pictures.oversized(MAX_IMAGE_BYTES), "image/png")],
        ),
        413,
        "FEEDBACK_IMAGE_TOO_LARGE",
    )
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(await apply(client, trial, promotion_id), 403, "in_need_true_account")
    failed(await apply(client, Portal(client), promotion_id), 401, "UNAUTHORIZED")
    signup = await create(client, staff, "SIGNUP", {"amount": "5.00"})
    failed(await apply(client, portal, signup), 409, "PROMOTION_WRONG_ACTION")
    ok(await client.post(f"/wps/admin/promotions/{promotion_id}/pause", headers=staff))
    failed(await apply(client, portal, promotion_id), 409, "PROMOTION_CLOSED")
    failed(
        await client.post(f"{QUEUE}/999999/approve", headers=staff), 404, "PROMOTION_APPLICATION_NOT_FOUND"
    )
    assert await stored(db) == (0, 0)
    async with db.read_session() as session:
        assert await session.scalar(select(func.count()).select_from(PromotionEntry)) == 0

    # The application's amount is required of staff.
    refused = failed(
        await client.post(
            "/wps/admin/promotions",
            json=body("APPLICATION", {"period": "DAILY"}),
            headers=staff,
        ),
        422,
        "VALIDATION_ERROR",
    )
    assert refused == {"fields": [{"field": "params.amount", "type": "missing"}]}


async def test_once_per_device_and_per_address(
    client: httpx.AsyncClient, db: Database, client_at: Callable[[str], httpx.AsyncClient]
) -> None:
    staff = await admin(db)
    by_device = await create(client, staff, "APPLICATION", {**APPLICATION, "onePerDevice": True})
    by_address = await create(client, staff, "APPLICATION", {**APPLICATION, "onePerAddress": True})
    one, two = await player(client), await player(client, "player2")
    phone = {"User-Agent": "Mozilla/5.0 (iPhone) Safari/604.1"}
    ok(await apply(client, one, by_device, headers=phone))
    failed(await apply(client, two, by_device, headers=phone), 409, "PROMOTION_DEVICE_USED")
    ok(
        await apply(
            client, two, by_device, headers={"User-Agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0"}
        )
    )

    ok(await apply(client, one, by_address))
    failed(await apply(client, two, by_address), 409, "PROMOTION_ADDRESS_USED")
    elsewhere = client_at("203.0.113.9")
    away = Portal(elsewhere)
    away.token = two.token
    ok(await apply(elsewhere, away, by_address))
    async with db.read_session() as session:
        devices = list(
            await session.scalars(
                select(PromotionEntry.device).where(PromotionEntry.promotion_id == by_device)
            )
        )
    assert len(devices) == 2
    assert all(d is not None and len(d) == 64 for d in devices)


@pytest.mark.slow
async def test_twenty_parallel_approvals_pay_once(pg_client: tuple[httpx.AsyncClient, Database]) -> None:
    client, db = pg_client
    staff = await admin(db)
    promotion_id = await create(client, staff, "APPLICATION", APPLICATION)
    portal = await player(client)
    reward = ok(await apply(client, portal, promotion_id, "please", [PNG]))["reward"]
    answers = await asyncio.gather(
        *(client.post(f"{QUEUE}/{reward['id']}/approve", headers=staff) for _ in range(20))
    )
    codes = sorted(a.json()["errorCode"] or a.json()["value"]["status"] for a in answers)
    assert codes == ["ISSUED"] + ["PROMOTION_APPLICATION_REVIEWED"] * 19, [a.text for a in answers]
    assert await sum_balance(client, portal) == "10.00"
    assert await bonuses(db) == (1, 1)
    assert len(await audited(db, "promotion.application.approve")) == 1
    # And twenty parallel applications of one member make one entry.
    other = await create(client, staff, "APPLICATION", APPLICATION)
    many = await asyncio.gather(*(apply(client, portal, other, f"try {n}") for n in range(20)))
    assert (
        sorted(a.json()["errorCode"] or "APPLIED" for a in many) == ["APPLIED"] + ["PROMOTION_ALREADY"] * 19
    )
    await ledger_is_clean(db)
