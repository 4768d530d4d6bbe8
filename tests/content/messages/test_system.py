"""Messages the product writes itself, in the member's language: a deposit credited, a bonus granted, a
withdrawal approved or rejected, a password changed (by the member or by staff), a sign-in from a new
device; the templates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from server.brands.defaults import SWITCHER_LANGUAGES
from server.content.messages import service, templates
from server.content.messages.models import PlatformMessage
from server.db.session import Database
from tests.admin.test_members_api import staff as staff_headers
from tests.content.messages.support import Sent, inbox, member, pushes, set_language
from tests.support.accounts import member_id
from tests.support.portal import Portal, ok
from tests.wallet.test_cashier_api import deposit_bank, ledger_is_clean, operator, player, prepare_withdrawals

pytestmark = pytest.mark.usefixtures("demo")


async def system_titles(client: httpx.AsyncClient, headers: dict[str, str]) -> list[tuple[str, str]]:
    found = (await inbox(client, headers, pageSize=50))["list"]
    return [(m["title"], m["content"]) for m in found if m["kind"] == "SYSTEM"]


async def test_a_credited_deposit_in_the_members_language(
    client: httpx.AsyncClient, db: Database, emitted: Sent
) -> None:
    me = await member_id(db, "player1")
    await set_language(db, me, "VI")
    portal = await player(client)
    emitted.clear()
    await deposit_bank(client, db, portal, "150.00", "req-msg-dep-1")
    assert await system_titles(client, portal.headers()) == [
        ("Nạp tiền thành công", "<p>Khoản nạp 150.00 PHP của bạn đã được cộng vào tài khoản.</p>")
    ]
    assert pushes(emitted, f"user:{me}") == [{"count": 1}]
    # The message holds every language: a member who switches reads it in the new one.
    await set_language(db, me, "EN")
    assert await system_titles(client, portal.headers()) == [
        ("Deposit credited", "<p>Your deposit of 150.00 PHP has been credited to your account.</p>")
    ]


async def test_a_granted_bonus_once_per_grant(client: httpx.AsyncClient, db: Database, emitted: Sent) -> None:
    me = await member_id(db, "player1")
    await set_language(db, me, "PT")
    portal = await player(client)
    staff = await operator(client, db)
    emitted.clear()
    bonus = {"amount": "80.00", "reason": "welcome", "requestId": "req-bonus-msg"}
    for _ in range(2):  # the operator's retry of the same grant pays once and writes once
        ok(await client.post("/wps/admin/members/player1/bonus", json=bonus, headers=staff))
    assert await system_titles(client, portal.headers()) == [
        ("Bônus recebido", "<p>Um bônus de 80.00 PHP foi adicionado à sua conta.</p>")
    ]
    assert pushes(emitted, f"user:{me}") == [{"count": 1}]
    await ledger_is_clean(db)


async def test_withdrawals_approved_and_rejected(client: httpx.AsyncClient, db: Database) -> None:
    await set_language(db, await member_id(db, "player1"), "TH")
    portal = await player(client)
    bank = await prepare_withdrawals(client, db, portal)
    staff = await operator(client, db)
    for n, action in enumerate(("approve", "reject")):
        ask = {
            "bankAccountId": bank,
            "amount": "120.00",
            "paymentPassword": "246810",
            "requestId": f"req-wd-m{n}",
        }
        order = ok(await portal.call("POST", "/wps/cashier/withdrawals", ask, encrypted=True))["orderNo"]
        ok(await client.post(f"/wps/admin/withdrawals/{order}/{action}", json={}, headers=staff))
    titles = [title for title, _ in await system_titles(client, portal.headers())]
    assert titles == ["การถอนเงินถูกปฏิเสธ", "อนุมัติการถอนเงินแล้ว", "ฝากเงินสำเร็จ"]


async def test_a_changed_password_by_the_member_or_by_staff(client: httpx.AsyncClient, db: Database) -> None:
    me = await member_id(db, "player2")
    await set_language(db, me, "JA")
    portal = Portal(client)
    ok(await portal.login("player2"))
    change = {"oldPassword": "Demo1234", "newPassword": "Secret123", "confirmNewPassword": "Secret123"}
    ok(await portal.call("POST", "/wps/member/password", change, encrypted=True))
    assert await system_titles(client, portal.headers()) == [
        (
            "パスワードが変更されました",
            "<p>ログインパスワードが変更されました。"
            "お心当たりがない場合は、すぐにカスタマーサービスへご連絡ください。</p>",
        )
    ]
    ok(
        await client.post(
            f"/wps/admin/members/{me}/password/reset", headers=await staff_headers(db, "admin1")
        )
    )
    headers = await member(db, "player2")
    assert [t for t, _ in await system_titles(client, headers)] == ["パスワードが変更されました"] * 2


async def test_a_sign_in_from_a_new_device_or_network(
    client: httpx.AsyncClient, db: Database, client_at: Callable[[str], httpx.AsyncClient]
) -> None:
    me = await member_id(db, "player3")
    await set_language(db, me, "PT")

    async def sign_in(ip: str, agent: str = "Phone A") -> dict[str, str]:
        async with client_at(ip) as there:
            there.headers["User-Agent"] = agent
            portal = Portal(there)
            ok(await portal.login("player3"))
            return portal.headers()

    first = await sign_in("203.0.113.10")
    assert await system_titles(client, first) == []  # the first sign-in ever: nothing to compare with
    await sign_in("203.0.113.77")  # the same phone on the same /24
    assert await system_titles(client, first) == []
    await sign_in("198.51.100.5")  # another network
    await sign_in("203.0.113.10", "Laptop B")  # another device
    assert await system_titles(client, first) == [
        (
            "Acesso de um novo dispositivo",
            "<p>Sua conta foi acessada de um novo dispositivo ou rede (IP 203.0.113.10). Se não foi você, "
            "altere sua senha e fale com o atendimento.</p>",
        ),
        (
            "Acesso de um novo dispositivo",
            "<p>Sua conta foi acessada de um novo dispositivo ou rede (IP 198.51.100.5). Se não foi você, "
            "altere sua senha e fale com o atendimento.</p>",
        ),
    ]


async def test_system_messages_hold_every_language(client: httpx.AsyncClient, db: Database) -> None:
    me = await member_id(db, "player3")
    async with db.session() as session:
        await service.send_system(session, me, templates.BONUS_GRANTED, amount="<b>5.00</b>")
    async with db.read_session() as session:
        stored = await session.scalar(
            select(PlatformMessage).where(PlatformMessage.template == "BONUS_GRANTED")
        )
    assert stored is not None
    assert (stored.kind, stored.audience, stored.status, stored.sent_by_staff_id) == (
        "SYSTEM",
        "MEMBER",
        "SENT",
        None,
    )
    assert set(stored.texts) == set(SWITCHER_LANGUAGES)
    # Values are escaped into the HTML; the merchant's currency is filled in.
    assert stored.texts["EN"]["content"] == (
        "<p>A bonus of &lt;b&gt;5.00&lt;/b&gt; PHP has been added to your account.</p>"
    )


def test_every_template_speaks_every_language_and_asks_for_its_values() -> None:
    known: dict[str, Any] = {"amount": "1.00", "currency": "PHP", "ip": "1.2.3.4"}
    for name, languages in templates.TEMPLATES.items():
        assert set(languages) == set(SWITCHER_LANGUAGES), name
        # Every value the template asks for, each a text of its own, so that none is left unfilled.
        values = {field: known.get(field, f"<{field}>") for field in templates.fields_of(name)}
        rendered = templates.render(name, values)
        for language, text in rendered.items():
            assert text["title"], (name, language)
            assert "{" not in text["content"], (name, language)
            assert 1 <= len(text["title"]) <= 120
    with pytest.raises(KeyError, match="amount"):
        templates.render(templates.DEPOSIT_CREDITED, {"currency": "PHP"})
    with pytest.raises(KeyError):
        templates.render("NO_SUCH_TEMPLATE", {})
