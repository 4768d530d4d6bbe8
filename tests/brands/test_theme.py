"""Brand themes: what validation refuses (with which error code), and that every theme the project ships
is readable (WCAG AA) and safe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.brands.svg import MAX_SVG_CHARS, check_svg
from server.brands.theme import (
    AA_CONTRAST,
    DEFAULT_THEME,
    FONT_STACKS,
    Theme,
    contrast_ratio,
    contrast_report,
    parse_theme,
    stored_form,
)
from server.demo.themes import DEMO2_THEME, DEMO_THEME
from server.http.core.errors import AppError

PUBLIC = Path(__file__).resolve().parents[2] / "frontend" / "public"
SHIPPED = {"default": DEFAULT_THEME, "demo": DEMO_THEME, "demo2": DEMO2_THEME}
SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'


def theme_with(**changes: Any) -> dict[str, Any]:
    raw = stored_form(DEFAULT_THEME)
    colours = changes.pop("colors", {})
    raw["colors"] = {**raw["colors"], **colours}
    return {**raw, **changes}


def refused(raw: dict[str, Any]) -> AppError:
    with pytest.raises(AppError) as caught:
        parse_theme(raw)
    return caught.value


def test_contrast_ratio_matches_wcag_reference_values() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    # WCAG's own example: #767676 on white is the lightest grey at 4.5:1.
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio("#777777", "#ffffff") < AA_CONTRAST


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_theme_meets_wcag_aa(name: str) -> None:
    report = {(fore, back): ratio for fore, back, ratio in contrast_report(SHIPPED[name].colours)}
    assert {
        ("text", "bg"),
        ("text", "bg_card"),
        ("muted", "bg"),
        ("muted", "bg_card"),
        ("accent_ink", "accent"),
    } <= set(report)
    weak = {pair: round(ratio, 2) for pair, ratio in report.items() if ratio < AA_CONTRAST}
    assert weak == {}, f"{name} is below {AA_CONTRAST}:1 for {weak}"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_shipped_theme_is_valid_and_its_images_exist(name: str) -> None:
    theme = SHIPPED[name]
    assert parse_theme(stored_form(theme)) == theme
    for image in [theme.hero_image, *(b.image for b in theme.banners)]:
        if image is not None:
            file = PUBLIC / image.lstrip("/")
            assert file.is_file(), image
            check_svg(file.read_text())


def test_the_demo_brands_look_different() -> None:
    one, two = DEMO_THEME, DEMO2_THEME
    assert one.colours.bg != two.colours.bg
    assert one.colours.accent != two.colours.accent
    assert (one.color_scheme, two.color_scheme) == ("dark", "light")
    assert one.font != two.font
    assert one.logo_svg != two.logo_svg
    assert one.favicon_svg != two.favicon_svg
    assert one.hero_image != two.hero_image
    # demo keeps today's palette.
    assert one.colours == DEFAULT_THEME.colours


def test_default_is_todays_look() -> None:
    css = (PUBLIC.parent / "src" / "styles" / "global.css").read_text()
    for field, value in DEFAULT_THEME.colours.model_dump(by_alias=False).items():
        assert f"--{field.replace('_', '-')}: {value};" in css
    assert DEFAULT_THEME.font_stack.startswith("system-ui")


@pytest.mark.parametrize("bad", ["red", "#fff", "#12345g", "rgb(0,0,0)", "#0b1220; background:url(x)"])
def test_a_colour_that_is_not_hex_is_refused(bad: str) -> None:
    error = refused(theme_with(colors={"accent": bad}))
    assert error.code == "THEME_BAD_COLOUR"
    assert "colors.accent" in error.message


def test_colours_are_stored_lower_case() -> None:
    assert parse_theme(theme_with(colors={"line": "#AABBCC"})).colours.line == "#aabbcc"


def test_an_unknown_font_is_refused() -> None:
    error = refused(theme_with(font="Comic Sans"))
    assert error.code == "THEME_UNKNOWN_FONT"
    assert all(known in error.message for known in FONT_STACKS)


def test_low_contrast_is_refused_with_the_pairs_named() -> None:
    error = refused(theme_with(colors={"muted": "#3a4660"}))
    assert error.code == "THEME_LOW_CONTRAST"
    assert "muted/bg" in error.message


@pytest.mark.parametrize(
    "svg",
    [
        f"{SVG_OPEN}<script>alert(1)</script></svg>",
        f'{SVG_OPEN}<rect width="1" height="1" onload="alert(1)"/></svg>',
        f'{SVG_OPEN}<image href="https://evil.example/x.png"/></svg>',
        f'{SVG_OPEN}<use href="https://evil.example/s.svg#a"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 1 1"><a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
        f'{SVG_OPEN}<rect width="1" height="1" fill="url(https://evil.example/p)"/></svg>',
        f'{SVG_OPEN}<rect width="1" height="1" style="fill:url(//evil.example/p)"/></svg>',
        f'{SVG_OPEN}<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
        f"{SVG_OPEN}<style>@import url(https://evil.example/a.css);</style></svg>",
        f'{SVG_OPEN}<set attributeName="href" to="javascript:alert(1)"/></svg>',
        '<!DOCTYPE svg [<!ENTITY x "y">]>' + f"{SVG_OPEN}<title>&x;</title></svg>",
    ],
)
def test_an_svg_that_could_run_or_reach_out_is_refused(svg: str) -> None:
    error = refused(theme_with(logoSvg=svg))
    assert error.code == "THEME_UNSAFE_SVG"
    assert "logoSvg" in error.message


@pytest.mark.parametrize(
    "svg",
    [
        "<svg",
        "<html><body/></html>",
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
        SVG_OPEN + " " * MAX_SVG_CHARS,
    ],
)
def test_what_is_not_a_usable_svg_is_refused(svg: str) -> None:
    assert refused(theme_with(faviconSvg=svg)).code == "THEME_BAD_SVG"


def test_a_plain_vector_svg_with_local_references_passes() -> None:
    svg = (
        f'{SVG_OPEN}<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>'
        '<rect id="r" width="10" height="10" fill="url(#g)"/><use href="#r"/></svg>'
    )
    assert parse_theme(theme_with(logoSvg=svg)).logo_svg == svg


@pytest.mark.parametrize(
    "image", ["https://cdn.example/hero.svg", "/brand/../secret.svg", "/brand/demo/hero.png"]
)
def test_images_are_the_portals_own_brand_files(image: str) -> None:
    assert refused(theme_with(heroImage=image)).code == "THEME_BAD_IMAGE"
    banner = {"image": image, "kind": "WELCOME"}
    assert refused(theme_with(banners=[banner])).code == "THEME_BAD_IMAGE"


def test_missing_or_unknown_fields_are_refused() -> None:
    raw = stored_form(DEFAULT_THEME)
    del raw["colors"]["danger"]
    assert refused(raw).code == "THEME_INVALID"
    assert refused(theme_with(extra="x")).code == "THEME_INVALID"
    assert (
        refused(theme_with(banners=[{"image": "/brand/demo/hero.svg", "kind": "CASINO"}])).code
        == "THEME_INVALID"
    )


def test_theme_is_immutable_so_snapshots_can_share_it() -> None:
    with pytest.raises(ValueError, match="frozen"):
        Theme.model_validate(stored_form(DEFAULT_THEME)).font = "serif"  # type: ignore[misc]
