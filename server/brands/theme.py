"""A brand's look: the portal's colours, a font stack, its logo and favicon, the home page's hero and
fallback banners. Stored on the merchant as JSON (None: the default, today's navy and gold), validated
here both when an operator sets it and when a snapshot reads it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

from server.brands import svg
from server.http.core import errors
from server.http.core.errors import AppError, ErrorCode

# The portal's own stacks of fonts every visitor already has (no web font is fetched): each ends with
# the Thai and Simplified Chinese faces and a generic family, so that every locale renders.
_SCRIPTS = "'Noto Sans Thai', 'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei'"
FONT_STACKS: dict[str, str] = {
    "system": f"system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', {_SCRIPTS}, sans-serif",
    "humanist": f"Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', {_SCRIPTS}, sans-serif",
    "rounded": (
        f"ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', "
        f"'Arial Rounded MT Bold', Calibri, {_SCRIPTS}, sans-serif"
    ),
    "geometric": f"Avenir, Montserrat, Corbel, 'URW Gothic', 'Century Gothic', {_SCRIPTS}, sans-serif",
    "serif": (
        "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, 'Noto Serif', "
        "'Noto Serif Thai', 'Noto Serif SC', serif"
    ),
}

# The pairs a reader must make out, each at least WCAG AA for body text.
AA_CONTRAST = 4.5
CONTRAST_PAIRS: tuple[tuple[str, str], ...] = (
    ("text", "bg"),
    ("text", "bg_card"),
    ("text", "bg_raised"),
    ("muted", "bg"),
    ("muted", "bg_card"),
    ("accent_ink", "accent"),
)

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
# The portal's own images: files under frontend/public/brand/.
_BRAND_IMAGE = re.compile(r"/brand/[a-z0-9-]+/[a-z0-9-]+\.svg")


def _hex_colour(value: str) -> str:
    if not _HEX.fullmatch(value):
        raise PydanticCustomError("THEME_BAD_COLOUR", "a colour is #rrggbb, got {value}", {"value": value})
    return value.lower()


def _font(value: str) -> str:
    if value not in FONT_STACKS:
        raise PydanticCustomError(
            "THEME_UNKNOWN_FONT", "font is one of {known}", {"known": ", ".join(FONT_STACKS)}
        )
    return value


def _svg(value: str) -> str:
    try:
        return svg.check_svg(value)
    except svg.UnsafeSvg as exc:
        raise PydanticCustomError("THEME_UNSAFE_SVG", "{reason}", {"reason": str(exc)}) from exc
    except svg.MalformedSvg as exc:
        raise PydanticCustomError("THEME_BAD_SVG", "{reason}", {"reason": str(exc)}) from exc


def _brand_image(value: str) -> str:
    if not _BRAND_IMAGE.fullmatch(value):
        raise PydanticCustomError(
            "THEME_BAD_IMAGE", "an image is one of the portal's /brand/<set>/<name>.svg files, got {value}",
            {"value": value[:80]},
        )  # fmt: skip
    return value


HexColour = Annotated[str, AfterValidator(_hex_colour), Field(examples=["#0b1220"])]
SafeSvg = Annotated[str, AfterValidator(_svg)]
BrandImage = Annotated[str, AfterValidator(_brand_image), Field(examples=["/brand/demo/hero.svg"])]


class _ThemePart(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, frozen=True, extra="forbid", from_attributes=True
    )


class ThemeColours(_ThemePart):
    """The portal's CSS custom properties (--bg, --bg-raised, ...), in the same order."""

    bg: HexColour
    bg_raised: HexColour
    bg_card: HexColour
    line: HexColour
    text: HexColour
    muted: HexColour
    accent: HexColour
    accent_ink: HexColour
    brand: HexColour
    danger: HexColour


class ThemeBanner(_ThemePart):
    image: BrandImage
    # Each kind leads to a page that exists (WELCOME: registration, GAMES: the slots, LOTTERY: the lottery);
    # a promotions kind comes back with the promotions page.
    kind: Literal["WELCOME", "GAMES", "LOTTERY"] = Field(
        description="What the banner shows: the portal words its alt text and picks its link from this"
    )


class Theme(_ThemePart):
    colours: ThemeColours = Field(alias="colors")
    font: Annotated[str, AfterValidator(_font)] = Field(description="One of the portal's system-font stacks")
    logo_svg: SafeSvg = Field(description="The brand's logo, an SVG of vector shapes only")
    favicon_svg: SafeSvg = Field(description="The tab icon, an SVG of vector shapes only")
    hero_image: BrandImage | None = Field(default=None, description="The home page hero's background")
    banners: tuple[ThemeBanner, ...] = Field(
        default=(),
        max_length=5,
        description="Shown on the home page when the brand has no banners of its own",
    )

    @model_validator(mode="after")
    def _readable(self) -> Theme:
        weak = [
            f"{fore}/{back} {ratio:.2f}"
            for fore, back, ratio in contrast_report(self.colours)
            if ratio < AA_CONTRAST
        ]
        if weak:
            raise PydanticCustomError(
                "THEME_LOW_CONTRAST",
                "below {minimum}:1 contrast: {pairs}",
                {"minimum": AA_CONTRAST, "pairs": ", ".join(weak)},
            )
        return self

    @property
    def font_stack(self) -> str:
        return FONT_STACKS[self.font]

    @property
    def color_scheme(self) -> Literal["dark", "light"]:
        """What the browser's own controls (scroll bars, date pickers) should match."""
        return "light" if relative_luminance(self.colours.bg) > 0.4 else "dark"


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of #rrggbb."""

    def channel(hex_pair: str) -> float:
        c = int(hex_pair, 16) / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(one: str, other: str) -> float:
    light, dark = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def contrast_report(colours: ThemeColours) -> list[tuple[str, str, float]]:
    return [
        (fore, back, contrast_ratio(getattr(colours, fore), getattr(colours, back)))
        for fore, back in CONTRAST_PAIRS
    ]


# Today's portal: what global.css declares and what the header and tab have always shown.
DEFAULT_LOGO_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" '
    'fill="#0f6b5c"/><path d="M32 12 50 32 32 52 14 32Z" fill="#f2c14e"/><circle cx="32" cy="32" r="7" '
    'fill="#0b1220"/></svg>'
)
DEFAULT_THEME = Theme(
    colours=ThemeColours(
        bg="#0b1220",
        bg_raised="#121b2e",
        bg_card="#18233a",
        line="#243250",
        text="#e8edf7",
        muted="#9aa8c2",
        accent="#f2c14e",
        accent_ink="#1b1400",
        brand="#0f6b5c",
        danger="#ff6b6b",
    ),
    font="system",
    logo_svg=DEFAULT_LOGO_SVG,
    favicon_svg=DEFAULT_LOGO_SVG,
)


_ERROR_OF_TYPE: dict[str, ErrorCode] = {
    "THEME_BAD_COLOUR": errors.THEME_BAD_COLOUR,
    "THEME_UNKNOWN_FONT": errors.THEME_UNKNOWN_FONT,
    "THEME_UNSAFE_SVG": errors.THEME_UNSAFE_SVG,
    "THEME_BAD_SVG": errors.THEME_BAD_SVG,
    "THEME_BAD_IMAGE": errors.THEME_BAD_IMAGE,
    "THEME_LOW_CONTRAST": errors.THEME_LOW_CONTRAST,
}


def parse_theme(raw: Mapping[str, Any]) -> Theme:
    """An operator's theme, or AppError with the code of the first thing wrong in it and where."""
    try:
        return Theme.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "theme"
        raise AppError(
            _ERROR_OF_TYPE.get(first["type"], errors.THEME_INVALID), f"{where}: {first['msg']}"
        ) from exc


def stored_form(theme: Theme) -> dict[str, Any]:
    return theme.model_dump(mode="json", by_alias=True)
