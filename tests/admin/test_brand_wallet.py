"""The wallet settings in the console's brand settings (issue 29): how a merchant keeps players' money, and
automatic transfer, which an operator switches on and off for a merchant with a wallet per vendor (audited
with what it replaced; the portal follows at once) and which a one-wallet merchant cannot have."""

from __future__ import annotations

import httpx
import pytest

from server.db.session import Database
from tests.admin.test_staff_api import as_
from tests.support.accounts import token_for
from tests.support.portal import failed, ok

pytestmark = pytest.mark.usefixtures("demo")


async def test_an_operator_switches_automatic_transfer_and_it_is_audited(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = as_(await token_for(db, "demo2", "admin1", staff=True), "demo2")
    read = ok(await client.get("/wps/admin/brand", headers=admin))
    assert read["wallet"] == {"singleWallet": False, "vendors": ["HOUSE"], "autoTransfer": True}
    ok(await client.put("/wps/admin/brand/wallet", json={"autoTransfer": False}, headers=admin))
    assert ok(await client.get("/wps/admin/brand", headers=admin))["wallet"]["autoTransfer"] is False
    # The portal's players see it at once.
    player = {"Merchant": "demo2", "Authorization": await token_for(db, "demo2", "player1")}
    assert ok(await client.get("/wps/v2/wallets/merchant", headers=player))["autoTransfer"] is False
    ok(await client.put("/wps/admin/brand/wallet", json={"autoTransfer": True}, headers=admin))
    assert ok(await client.get("/wps/v2/wallets/merchant", headers=player))["autoTransfer"] is True
    trail = ok(await client.get("/wps/admin/audit", params={"action": "brand.wallet"}, headers=admin))
    assert [(e["action"], e["target"], e["detail"]) for e in reversed(trail)] == [
        (
            "brand.wallet",
            "autoTransfer",
            {"before": {"autoTransfer": True}, "after": {"autoTransfer": False}},
        ),
        (
            "brand.wallet",
            "autoTransfer",
            {"before": {"autoTransfer": False}, "after": {"autoTransfer": True}},
        ),
    ]


async def test_a_one_wallet_merchant_cannot_have_it_and_readers_cannot_change_it(
    client: httpx.AsyncClient, db: Database
) -> None:
    admin = as_(await token_for(db, "demo", "admin1", staff=True))
    assert ok(await client.get("/wps/admin/brand", headers=admin))["wallet"] == {
        "singleWallet": True,
        "vendors": [],
        "autoTransfer": False,
    }
    failed(
        await client.put("/wps/admin/brand/wallet", json={"autoTransfer": True}, headers=admin),
        409,
        "AUTO_TRANSFER_SINGLE_WALLET",
    )
    failed(
        await client.put("/wps/admin/brand/wallet", json={"autoTransfer": "maybe"}, headers=admin),
        422,
        "VALIDATION_ERROR",
    )
    auditor = as_(await token_for(db, "demo", "auditor1", staff=True))
    failed(
        await client.put("/wps/admin/brand/wallet", json={"autoTransfer": False}, headers=auditor),
        403,
        "FORBIDDEN",
    )
    player = {"Merchant": "demo", "Authorization": await token_for(db, "demo", "player1")}
    assert ok(await client.get("/wps/v2/wallets/merchant", headers=player))["autoTransfer"] is False
