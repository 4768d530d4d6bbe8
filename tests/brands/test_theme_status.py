"""Each brand's theme comes with the status call, picked by the page's host, and follows the operator."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import update

from server.brands import service as brands
from server.brands.models import Merchant
from server.brands.schemas import StatusOut
from server.brands.theme import DEFAULT_THEME, stored_form
from server.db.session import Database
from server.demo.themes import DEMO2_THEME, DEMO_THEME
from server.http.core.envelope import Envelope
from server.http.core.errors import AppError

pytestmark = pytest.mark.usefixtures("demo")


async def theme_at(client: httpx.AsyncClient, **request: Any) -> dict[str, Any]:
    answer = await client.get("/wps/system/status", **request)
    assert answer.status_code == 200, answer.text
    Envelope[StatusOut].model_validate_json(answer.content, strict=False)
    theme: dict[str, Any] = answer.json()["value"]["info"]["theme"]
    return theme


@pytest.mark.parametrize(
    ("host", "expected"),
    [("127.0.0.1:8000", DEMO_THEME), ("localhost", DEMO_THEME), ("demo2.localhost:5173", DEMO2_THEME)],
)
async def test_status_carries_the_theme_of_the_brand_at_that_host(
    client: httpx.AsyncClient, host: str, expected: Any
) -> None:
    theme = await theme_at(client, headers={"Host": host})
    assert theme["colors"] == stored_form(expected)["colors"]
    assert theme["font"] == expected.font
    assert theme["fontStack"] == expected.font_stack
    assert theme["colorScheme"] == expected.color_scheme
    assert theme["logoSvg"] == expected.logo_svg
    assert theme["faviconSvg"] == expected.favicon_svg
    assert theme["heroImage"] == expected.hero_image
    assert theme["banners"] == [{"image": b.image, "kind": b.kind} for b in expected.banners]


async def test_the_page_address_picks_the_theme_too(client: httpx.AsyncClient) -> None:
    theme = await theme_at(client, params={"url": "http://demo2.localhost:8000/promotions"})
    assert theme["colors"]["bg"] == "#f5f3fa"
    assert theme["colorScheme"] == "light"
    assert set(theme["colors"]) == {
        "bg", "bgRaised", "bgCard", "line", "text", "muted", "accent", "accentInk", "brand", "danger",
    }  # fmt: skip


async def test_an_operator_sets_and_clears_a_theme(client: httpx.AsyncClient, db: Database) -> None:
    mine = stored_form(DEMO2_THEME) | {"font": "serif", "heroImage": None}
    async with db.session() as session:
        await brands.set_theme(session, "demo", mine)
    theme = await theme_at(client, headers={"Merchant": "demo"})
    assert theme["font"] == "serif"
    assert theme["fontStack"].endswith("serif")
    assert theme["heroImage"] is None
    # demo2 is untouched.
    assert (await theme_at(client, headers={"Merchant": "demo2"}))["font"] == "rounded"
    async with db.session() as session:
        await brands.set_theme(session, "demo", None)
    assert (await theme_at(client, headers={"Merchant": "demo"}))["logoSvg"] == DEFAULT_THEME.logo_svg


async def test_a_refused_theme_changes_nothing(client: httpx.AsyncClient, db: Database) -> None:
    bad = stored_form(DEMO_THEME) | {"logoSvg": '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'}
    with pytest.raises(AppError) as caught:
        async with db.session() as session:
            await brands.set_theme(session, "demo", bad)
    assert caught.value.code == "THEME_UNSAFE_SVG"
    assert (await theme_at(client, headers={"Merchant": "demo"}))["logoSvg"] == DEMO_THEME.logo_svg


async def test_a_stored_theme_that_no_longer_validates_shows_the_default(
    client: httpx.AsyncClient, db: Database
) -> None:
    async with db.session() as session:
        broken = stored_form(DEMO2_THEME) | {"font": "gone"}
        await session.execute(update(Merchant).where(Merchant.code == "demo2").values(theme=broken))
    theme = await theme_at(client, headers={"Merchant": "demo2"})
    assert theme["colors"] == stored_form(DEFAULT_THEME)["colors"]
    assert theme["font"] == "system"
