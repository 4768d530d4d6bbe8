"""The house's game art: every game has a thumbnail per language that names it, each theme its own motif,
every vendor a logo, and the routes serve them with a validator a browser can revalidate against."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import httpx
import pytest

from server.house.art import logos, thumbnails
from server.house.art.rendered import LANGUAGES
from server.house.art.text import fit, width
from server.house.config import GAMES_BY_CODE, VENDORS, HouseGame

SVG = "{http://www.w3.org/2000/svg}"
THEMED_SLOTS = {
    "slot-golden-dragon": "dragon",
    "slot-lucky-koi": "koi",
    "slot-pharaohs-fortune": "pyramid",
    "slot-neon-nights": "neon",
    "slot-fruit-fiesta": "fruit",
    "slot-viking-raid": "viking",
}


def _parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # noqa: S314 - our own drawing, not outside input
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height")) == ("320", "240")
    return root


def _title(root: ET.Element) -> str:
    title = root.find(f"{SVG}title")
    assert title is not None
    return title.text or ""


def _written_name(root: ET.Element) -> str:
    """The name as the lines of the picture read, joined again."""
    text = root.find(f"{SVG}text")
    assert text is not None
    return " ".join(span.text or "" for span in text.iter(f"{SVG}tspan"))


def _slot(code: str) -> HouseGame:
    return HouseGame(code, "Some Slot", "SLOT", 1_00, lines=20, names={"CN": "某老虎机"})


@pytest.mark.parametrize("code", sorted(GAMES_BY_CODE))
def test_every_house_game_has_a_thumbnail_naming_it_in_each_language(code: str) -> None:
    game = GAMES_BY_CODE[code]
    for language in LANGUAGES:
        expected = game.names.get(language) or game.name
        drawn = thumbnails.thumbnail(code, language.lower())
        assert drawn is not None
        assert _title(_parsed(drawn.svg)) == expected
    for language, expected in (("cn", game.names.get("CN") or game.name), ("en", game.name)):
        drawn = thumbnails.thumbnail(code, language)
        assert drawn is not None
        root = _parsed(drawn.svg)
        assert _title(root) == expected
        written = _written_name(root)
        # Wrapping breaks Chinese without spaces and may end a long name in an ellipsis.
        assert written.replace(" ", "").rstrip("…") in expected.replace(" ", "")
        assert len(written.replace(" ", "").rstrip("…")) >= min(6, len(expected.replace(" ", "")))


def test_a_localized_name_is_used_and_tagged_with_its_language() -> None:
    drawn = thumbnails.thumbnail("baccarat-a", "cn")
    assert drawn is not None
    root = _parsed(drawn.svg)
    assert _title(root) == "百家乐 A"
    assert "Baccarat" not in drawn.svg
    text = root.find(f"{SVG}text")
    assert text is not None
    assert text.get("{http://www.w3.org/XML/1998/namespace}lang") == "zh-Hans"
    english = thumbnails.thumbnail("baccarat-a", "en")
    assert english is not None
    assert _title(_parsed(english.svg)) == "Baccarat A"
    # A language the portal does not have is English, and so is one the game has no name in.
    assert thumbnails.thumbnail("baccarat-a", "xx") == english
    assert thumbnails.thumbnail("baccarat-a", "ja") == english


@pytest.mark.parametrize(("code", "motif"), sorted(THEMED_SLOTS.items()))
def test_themed_slots_draw_their_own_motif(code: str, motif: str) -> None:
    root = _parsed(thumbnails.draw(_slot(code), "EN"))
    assert root.get("data-motif") == motif


def test_slots_without_a_theme_draw_the_slot_machine() -> None:
    assert _parsed(thumbnails.draw(_slot("slot-anything-else"), "EN")).get("data-motif") == "slot_machine"
    # The slot list in force today names one of them with a dash in "pharaoh-s".
    assert thumbnails.theme_for(_slot("slot-pharaoh-s-fortune")).motif == "pyramid"


@pytest.mark.parametrize(
    ("code", "motif"),
    [
        ("baccarat-a", "cards"),
        ("dragon-tiger-a", "dragon_tiger"),
        ("roulette-a", "roulette"),
        ("sicbo-a", "dice"),
        ("fish-ocean-hunt", "fishing"),
        ("highcard-1", "duel_cards"),
        ("virtual-football", "football"),
        ("virtual-arena", "arena"),
        ("vn-fast-1m", "lottery"),
    ],
)
def test_each_kind_of_game_has_its_motif(code: str, motif: str) -> None:
    if code not in GAMES_BY_CODE:
        pytest.skip(f"{code} is not in the catalogue")
    drawn = thumbnails.thumbnail(code, "en")
    assert drawn is not None
    assert _parsed(drawn.svg).get("data-motif") == motif


def test_different_games_draw_different_pictures() -> None:
    dragon, koi = _slot("slot-golden-dragon"), _slot("slot-lucky-koi")
    assert thumbnails.motif_markup(dragon, thumbnails.theme_for(dragon)) != thumbnails.motif_markup(
        koi, thumbnails.theme_for(koi)
    )
    motifs = {
        thumbnails.motif_markup(game, thumbnails.theme_for(game))
        for game in (
            GAMES_BY_CODE["baccarat-a"],
            GAMES_BY_CODE["fish-ocean-hunt"],
            GAMES_BY_CODE["virtual-arena"],
        )
    }
    assert len(motifs) == 3
    # Two lottery games share the motif but not the numbers on their balls.
    lotteries = [game for game in GAMES_BY_CODE.values() if game.game_type == "LOTTERY"][:2]
    assert len({thumbnails.motif_markup(g, thumbnails.theme_for(g)) for g in lotteries}) == 2


def test_drawing_is_deterministic() -> None:
    game = GAMES_BY_CODE["roulette-a"] if "roulette-a" in GAMES_BY_CODE else GAMES_BY_CODE["baccarat-a"]
    assert thumbnails.draw(game, "CN") == thumbnails.draw(dataclasses.replace(game), "CN")


def test_long_names_wrap_inside_the_card() -> None:
    long = "High Card Duel · Room 1 of the Grand Championship Series"
    fitted = fit(long, thumbnails.NAME_WIDTH, thumbnails.NAME_SIZES, thumbnails.NAME_LINES)
    assert len(fitted.lines) == thumbnails.NAME_LINES
    assert fitted.lines[-1].endswith("…")
    assert all(width(line, fitted.font_size) <= thumbnails.NAME_WIDTH for line in fitted.lines)
    chinese = fit("超级无敌幸运黄金巨龙宝藏老虎机豪华版", thumbnails.NAME_WIDTH, (26,), 2)
    assert len(chinese.lines) == 2
    assert "".join(chinese.lines) == "超级无敌幸运黄金巨龙宝藏老虎机豪华版"
    # A Thai tone mark stays with its letter.
    thai = fit("เวียดนามด่วน", 40, (20,), 9)
    assert not any(line[0] in "่้ี" for line in thai.lines)


def test_every_vendor_has_a_logo_and_nothing_else_does() -> None:
    for vendor in VENDORS:
        drawn = logos.logo(vendor.code)
        assert drawn is not None, vendor.code
        root = ET.fromstring(drawn.svg)  # noqa: S314 - our own drawing
        assert (root.get("width"), root.get("height")) == ("64", "64")
        assert _title(root) == vendor.display_name
    assert len({logos.draw(vendor.code) for vendor in VENDORS}) == len(VENDORS)
    assert logos.logo("PG") is None


async def test_thumbnail_route_serves_svg_with_a_validator(client: httpx.AsyncClient) -> None:
    response = await client.get("/house/thumb/baccarat-a.svg", params={"lang": "cn"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "max-age" in response.headers["cache-control"]
    etag = response.headers["etag"]
    assert etag.startswith('"')
    assert "百家乐 A" in response.text
    again = await client.get("/house/thumb/baccarat-a.svg?lang=cn", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    english = await client.get("/house/thumb/baccarat-a.svg?lang=en", headers={"If-None-Match": etag})
    assert english.status_code == 200
    assert english.headers["etag"] != etag
    assert "Baccarat A" in english.text


async def test_unknown_codes_are_not_found(client: httpx.AsyncClient) -> None:
    assert (await client.get("/house/thumb/no-such-game.svg")).status_code == 404
    assert (await client.get("/house/logo/NOT_A_VENDOR.svg")).status_code == 404


async def test_logo_route(client: httpx.AsyncClient) -> None:
    response = await client.get("/house/logo/HOUSE_LIVE.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "House Live" in response.text
    cached = await client.get(
        "/house/logo/HOUSE_LIVE.svg", headers={"If-None-Match": response.headers["etag"]}
    )
    assert cached.status_code == 304
