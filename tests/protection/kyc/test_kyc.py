"""Identity checks over HTTP (issue 34): a member sends pictures of a document (checked by content and
re-encoded: bytes of our own, EXIF gone), one waiting submission at a time; staff with protection.read see
the queue and the pictures (never cached), staff with protection.manage approve or reject with a reason
(audited, in the member's history, told to the member); a brand's rule holds withdrawals until approval."""

from __future__ import annotations

import io

import httpx
import pytest
from PIL import Image
from sqlalchemy import func, select

from server.admin.models import AuditEntry
from server.content.feedback.images import MAX_IMAGE_BYTES
from server.content.messages.models import MessageRecipient, PlatformMessage
from server.db.session import Database
from server.protection.kyc.models import KycDocument, KycSubmission
from server.protection.models import ProtectionEvent
from tests.content.feedback import pictures
from tests.protection.kyc.support import PHOTO, PNG, SELFIE, send, set_rule, staff
from tests.support.accounts import member_id
from tests.support.portal import Portal, failed, ok
from tests.wallet.test_cashier_api import ledger_is_clean, player, prepare_withdrawals, sum_balance

pytestmark = pytest.mark.usefixtures("demo")

QUEUE = "/wps/admin/kyc"


async def stored(db: Database) -> tuple[int, int]:
    """(submissions, pictures) in the database."""
    async with db.read_session() as session:
        submissions = await session.scalar(select(func.count()).select_from(KycSubmission))
        documents = await session.scalar(select(func.count()).select_from(KycDocument))
    return int(submissions or 0), int(documents or 0)


async def audited(db: Database, action: str) -> list[AuditEntry]:
    async with db.read_session() as session:
        return list(await session.scalars(select(AuditEntry).where(AuditEntry.action == action)))


async def history(db: Database, member: int) -> list[tuple[str, str, dict[str, object]]]:
    async with db.read_session() as session:
        rows = await session.execute(
            select(ProtectionEvent.actor, ProtectionEvent.event, ProtectionEvent.detail)
            .where(ProtectionEvent.member_id == member)
            .order_by(ProtectionEvent.id)
        )
        return [(actor, event, dict(detail)) for actor, event, detail in rows]


async def messages_of(db: Database, member: int) -> list[PlatformMessage]:
    async with db.read_session() as session:
        return list(
            await session.scalars(
                select(PlatformMessage)
                .join(MessageRecipient, MessageRecipient.message_id == PlatformMessage.id)
                .where(MessageRecipient.member_id == member, PlatformMessage.template.like("KYC_%"))
                .order_by(PlatformMessage.id)
            )
        )


async def test_send_then_approval(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    me = await member_id(db, "player1")
    before = ok(await client.get("/wps/kyc", headers=portal.headers()))
    assert before == {
        "status": "NONE",
        "documentType": None,
        "reason": None,
        "submittedAt": None,
        "reviewedAt": None,
        "rule": "NONE",
        "ruleAmount": None,
        "hasSelfie": False,
    }

    sent = ok(await send(portal, "ID_CARD", front=PNG, back=PHOTO, selfie=SELFIE))
    assert (sent["status"], sent["documentType"], sent["hasSelfie"]) == ("PENDING", "ID_CARD", True)
    assert isinstance(sent["submittedAt"], int)
    assert sent["submittedAt"] > 1_700_000_000_000
    assert sent["reviewedAt"] is None
    failed(await send(portal, "PASSPORT", back=None), 409, "KYC_PENDING")
    assert await stored(db) == (1, 3)

    # What is kept is our own encoding: other bytes, the photo turned upright and its EXIF gone.
    async with db.read_session() as session:
        documents = {d.side: d for d in await session.scalars(select(KycDocument).order_by(KycDocument.id))}
    assert set(documents) == {"FRONT", "BACK", "SELFIE"}
    assert (documents["FRONT"].media_type, documents["BACK"].media_type) == ("image/png", "image/jpeg")
    assert documents["FRONT"].content != PNG[1]
    assert pictures.HTML_PAYLOAD not in documents["FRONT"].content
    assert documents["BACK"].content != PHOTO[1]
    assert pictures.GPS_MARK not in documents["BACK"].content
    with Image.open(io.BytesIO(documents["BACK"].content)) as upright:
        assert upright.size == (32, 64)
        assert not upright.getexif()

    # The console's queue (protection.read) and the pictures, never cached.
    admin = await staff(db)
    queue = ok(await client.get(QUEUE, headers=admin, params={"status": "PENDING"}))
    assert queue["total"] == 1
    [row] = queue["list"]
    assert row["memberId"] == me
    assert (row["username"], row["status"], row["documentType"], row["sides"]) == (
        "player1",
        "PENDING",
        "ID_CARD",
        ["FRONT", "BACK", "SELFIE"],
    )
    assert (row["reviewedBy"], row["reviewedAt"], row["reason"]) == (None, None, None)
    assert row["submittedAt"] == sent["submittedAt"]
    picture = await client.get(f"{QUEUE}/{row['id']}/documents/BACK", headers=admin)
    assert picture.status_code == 200
    assert (picture.headers["content-type"], picture.headers["cache-control"]) == ("image/jpeg", "no-store")
    assert picture.content == documents["BACK"].content
    front = await client.get(f"{QUEUE}/{row['id']}/documents/FRONT", headers=admin)
    assert (front.headers["content-type"], front.content) == ("image/png", documents["FRONT"].content)

    # An auditor and customer service read, and decide nothing; the member reads no staff call.
    for reader in ("auditor1", "support1"):
        headers = await staff(db, reader)
        assert ok(await client.get(QUEUE, headers=headers))["total"] == 1
        seen = await client.get(f"{QUEUE}/{row['id']}/documents/FRONT", headers=headers)
        assert seen.status_code == 200
        failed(await client.post(f"{QUEUE}/{row['id']}/approve", headers=headers), 403, "FORBIDDEN")
        failed(
            await client.post(f"{QUEUE}/{row['id']}/reject", json={"reason": "no"}, headers=headers),
            403,
            "FORBIDDEN",
        )
    failed(await client.get(QUEUE, headers=portal.headers()), 401, "UNAUTHORIZED")
    # Another brand's staff see none of it.
    elsewhere = await staff(db, merchant="demo2")
    assert ok(await client.get(QUEUE, headers=elsewhere)) == {"list": [], "total": 0}
    failed(await client.get(f"{QUEUE}/{row['id']}/documents/FRONT", headers=elsewhere), 404, "NOT_FOUND")
    failed(await client.post(f"{QUEUE}/{row['id']}/approve", headers=elsewhere), 404, "NOT_FOUND")

    approved = ok(await client.post(f"{QUEUE}/{row['id']}/approve", headers=admin))
    assert (approved["status"], approved["reviewedBy"], approved["reason"]) == ("APPROVED", "admin1", None)
    assert isinstance(approved["reviewedAt"], int)
    failed(await client.post(f"{QUEUE}/{row['id']}/approve", headers=admin), 409, "KYC_NOT_PENDING")
    failed(
        await client.post(f"{QUEUE}/{row['id']}/reject", json={"reason": "late"}, headers=admin),
        409,
        "KYC_NOT_PENDING",
    )
    failed(await client.post(f"{QUEUE}/999999/approve", headers=admin), 404, "NOT_FOUND")

    after = ok(await client.get("/wps/kyc", headers=portal.headers()))
    assert (after["status"], after["reviewedAt"]) == ("APPROVED", approved["reviewedAt"])
    failed(await send(portal), 409, "KYC_APPROVED")
    assert await stored(db) == (1, 3)
    assert ok(await client.get(QUEUE, headers=admin, params={"status": "PENDING"}))["total"] == 0
    assert ok(await client.get(QUEUE, headers=admin, params={"status": "APPROVED"}))["total"] == 1

    [entry] = await audited(db, "protection.kyc_approve")
    assert (entry.target, entry.detail) == ("player1", {"submissionId": row["id"]})
    assert await history(db, me) == [
        ("MEMBER", "KYC_SUBMITTED", {"submissionId": row["id"], "documentType": "ID_CARD"}),
        ("STAFF", "KYC_APPROVED", {"submissionId": row["id"]}),
    ]
    [message] = await messages_of(db, me)
    assert message.template == "KYC_APPROVED"
    assert message.texts["EN"]["title"] == "Identity verified"


async def test_rejection_with_a_reason_then_a_new_submission(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    me = await member_id(db, "player1")
    # A passport has no back to send.
    sent = ok(await send(portal, "PASSPORT", back=None))
    assert (sent["status"], sent["documentType"], sent["hasSelfie"]) == ("PENDING", "PASSPORT", False)
    admin = await staff(db)
    [row] = ok(await client.get(QUEUE, headers=admin))["list"]
    assert row["sides"] == ["FRONT"]
    failed(await client.get(f"{QUEUE}/{row['id']}/documents/BACK", headers=admin), 404, "NOT_FOUND")

    reject = f"{QUEUE}/{row['id']}/reject"
    for reason in ("", "   ", "x" * 501):
        failed(await client.post(reject, json={"reason": reason}, headers=admin), 422, "VALIDATION_ERROR")
    rejected = ok(
        await client.post(reject, json={"reason": " The picture is <b>blurred</b>. "}, headers=admin)
    )
    assert (rejected["status"], rejected["reason"], rejected["reviewedBy"]) == (
        "REJECTED",
        "The picture is <b>blurred</b>.",
        "admin1",
    )
    failed(await client.post(f"{QUEUE}/{row['id']}/approve", headers=admin), 409, "KYC_NOT_PENDING")
    seen = ok(await client.get("/wps/kyc", headers=portal.headers()))
    assert (seen["status"], seen["reason"], seen["reviewedAt"]) == (
        "REJECTED",
        "The picture is <b>blurred</b>.",
        rejected["reviewedAt"],
    )
    [message] = await messages_of(db, me)
    assert message.template == "KYC_REJECTED"
    content = message.texts["EN"]["content"]
    assert "blurred" in content
    assert "<b>" not in content  # the reason is plain text, escaped

    # Rejected, the member sends again; the rejected one stays in the console's lists.
    again = ok(await send(portal, "DRIVING_LICENCE", selfie=SELFIE))
    assert (again["status"], again["documentType"], again["reason"], again["hasSelfie"]) == (
        "PENDING",
        "DRIVING_LICENCE",
        None,
        True,
    )
    assert ok(await client.get(QUEUE, headers=admin, params={"status": "REJECTED"}))["total"] == 1
    everything = ok(await client.get(QUEUE, headers=admin))
    assert [r["status"] for r in everything["list"]] == ["PENDING", "REJECTED"]  # newest first
    assert await stored(db) == (2, 4)
    [entry] = await audited(db, "protection.kyc_reject")
    assert (entry.target, entry.detail) == (
        "player1",
        {"submissionId": row["id"], "reason": "The picture is <b>blurred</b>."},
    )
    assert [event for _, event, _ in await history(db, me)] == [
        "KYC_SUBMITTED",
        "KYC_REJECTED",
        "KYC_SUBMITTED",
    ]


async def test_refused_submissions_store_nothing(client: httpx.AsyncClient, db: Database) -> None:
    portal = await player(client)
    html = ("id.png", b"<html><script>alert(1)</script></html>", "image/png")
    refused = failed(await send(portal, front=html), 422, "KYC_IMAGE_INVALID")
    assert refused["side"] == "FRONT"
    refused = failed(
        await send(portal, back=("back.png", pictures.gif(), "image/png")), 422, "KYC_IMAGE_INVALID"
    )
    assert (refused["side"], refused["reason"]) == ("BACK", "decode")  # not a png or jpg at all
    big = ("selfie.png", pictures.oversized(MAX_IMAGE_BYTES), "image/png")
    refused = failed(await send(portal, selfie=big), 422, "KYC_IMAGE_INVALID")
    assert refused == {"side": "SELFIE", "reason": "size", "maxBytes": MAX_IMAGE_BYTES}
    huge = ("front.png", pictures.huge_png_header(), "image/png")
    assert failed(await send(portal, front=huge), 422, "KYC_IMAGE_INVALID")["reason"] == "pixels"
    truncated = ("front.jpg", pictures.jpeg()[:200], "image/jpeg")
    failed(await send(portal, front=truncated), 422, "KYC_IMAGE_INVALID")
    # Only a passport goes without its back; the front is always needed; the type is one of three.
    refused = failed(await send(portal, "ID_CARD", back=None), 422, "VALIDATION_ERROR")
    assert refused == {"fields": [{"field": "back", "type": "missing"}]}
    failed(
        await send(portal, "DRIVING_LICENCE", back=("back.png", b"", "image/png")), 422, "VALIDATION_ERROR"
    )
    failed(await send(portal, front=None), 422, "VALIDATION_ERROR")
    failed(await send(portal, "SELFIE_STICK"), 422, "VALIDATION_ERROR")
    # Members only, real ones.
    trial = Portal(client)
    trial.token = ok(await trial.call("POST", "/wps/session/login/freeplay", {}))["token"]
    failed(await send(trial), 403, "in_need_true_account")
    failed(await client.get("/wps/kyc", headers=trial.headers()), 403, "in_need_true_account")
    failed(await send(Portal(client)), 401, "UNAUTHORIZED")
    assert await stored(db) == (0, 0)
    assert ok(await client.get("/wps/kyc", headers=portal.headers()))["status"] == "NONE"


async def withdraw(portal: Portal, bank: int, amount: str, request_id: str) -> httpx.Response:
    ask = {"bankAccountId": bank, "amount": amount, "paymentPassword": "246810", "requestId": request_id}
    return await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True)


async def test_the_brand_rule_holds_withdrawals_until_approval(
    client: httpx.AsyncClient, db: Database
) -> None:
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)  # 3000.00 in, a payment password, a bank account
    ok(await withdraw(portal, bank, "100.00", "req-kyc-none"))  # no rule: nothing asked

    await set_rule(db, "FIRST_WITHDRAWAL")
    refused = failed(await withdraw(portal, bank, "100.00", "req-kyc-first"), 403, "KYC_REQUIRED")
    assert refused == {"rule": "FIRST_WITHDRAWAL", "amount": None}
    seen = ok(await client.get("/wps/kyc", headers=portal.headers()))
    assert (seen["rule"], seen["ruleAmount"]) == ("FIRST_WITHDRAWAL", None)

    await set_rule(db, "ABOVE_AMOUNT", 500_00)
    ok(await withdraw(portal, bank, "500.00", "req-kyc-at"))
    refused = failed(await withdraw(portal, bank, "500.01", "req-kyc-above"), 403, "KYC_REQUIRED")
    assert refused == {"rule": "ABOVE_AMOUNT", "amount": "500.00"}
    assert ok(await client.get("/wps/kyc", headers=portal.headers()))["ruleAmount"] == "500.00"

    # Waiting is not approved; rejected is not either.
    ok(await send(portal))
    failed(await withdraw(portal, bank, "500.01", "req-kyc-waiting"), 403, "KYC_REQUIRED")
    admin = await staff(db)
    [row] = ok(await client.get(QUEUE, headers=admin))["list"]
    ok(await client.post(f"{QUEUE}/{row['id']}/reject", json={"reason": "blurred"}, headers=admin))
    failed(await withdraw(portal, bank, "500.01", "req-kyc-rejected"), 403, "KYC_REQUIRED")
    ok(await send(portal))
    [row] = ok(await client.get(QUEUE, headers=admin, params={"status": "PENDING"}))["list"]
    ok(await client.post(f"{QUEUE}/{row['id']}/approve", headers=admin))

    ok(await withdraw(portal, bank, "500.01", "req-kyc-approved"))
    await set_rule(db, "FIRST_WITHDRAWAL")
    ok(await withdraw(portal, bank, "100.00", "req-kyc-first-approved"))
    # Only the withdrawals that passed hold money: 100 + 500 + 500.01 + 100.
    assert await sum_balance(client, portal) == "1799.99"
    # Another member of the brand is still held.
    other = await player(client, "player2")
    other_bank = await prepare_withdrawals(client, db, other)
    failed(await withdraw(other, other_bank, "100.00", "req-kyc-other"), 403, "KYC_REQUIRED")
    await ledger_is_clean(db)
