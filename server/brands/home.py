"""A brand's own words on its home page: the hero's title, subtitle and highlight chips, and the footer's
"about" text, per language, stored on the merchant (`merchants.home_content`, camelCase as the console sends
it) and edited in the console's content section (server/content/home).

Plain text only: these lines sit in the first page's status answer and render as React text, so nothing in
them is ever markup (what staff type is what visitors read, `<b>` included), and no sanitiser stands between
the console and the hero. Figures are never typed: a placeholder such as `{slots}` is filled, when the brand
snapshot is read, from the live catalogue (the enabled games of enabled vendors, as the lobbies count them),
so that a chip stays true when games are added or retired. `{brand}` is the brand's name."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

import structlog
from pydantic import AfterValidator, Field, ValidationError
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from server.brands.models import Merchant
from server.http.core.envelope import WireModel

log = structlog.get_logger(__name__)

# Placeholder -> the catalogue categories whose offered games it counts (server/games/models.CATEGORIES).
FIGURES: dict[str, tuple[str, ...]] = {
    "games": ("ELOTT", "LOTT", "LIVE", "SPORTS", "FISH", "RNG", "PVP", "ESPORTS"),
    "slots": ("RNG",),
    "live": ("LIVE",),
    "lotteries": ("LOTT", "ELOTT"),
    "fish": ("FISH",),
    "sports": ("SPORTS",),
    "esports": ("ESPORTS",),
    "pvp": ("PVP",),
}
BRAND = "brand"
PLACEHOLDERS = (BRAND, *FIGURES)

TITLE_MAX = 80
SUBTITLE_MAX = 200
CHIP_MAX = 60
CHIPS_MAX = 4
ABOUT_MAX = 500

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
# Languages that group thousands with a dot; the others with a comma.
_DOT_GROUPED = frozenset({"VI", "PT"})


def _plain(value: str) -> str:
    """One line of plain text: whitespace runs become one space; control and format characters (a bidi
    override that reverses the hero, a zero-width joiner hiding a word) are refused; every placeholder is
    one the server fills."""
    if any(unicodedata.category(c) in ("Cc", "Cf") and not c.isspace() for c in value):
        raise ValueError("control characters are not allowed")
    text = " ".join(value.split())
    unknown = sorted({name for name in _PLACEHOLDER.findall(text) if name not in PLACEHOLDERS})
    if unknown:
        raise ValueError(
            f"unknown placeholder {', '.join('{' + n + '}' for n in unknown)}; known: "
            + ", ".join("{" + n + "}" for n in PLACEHOLDERS)
        )
    return text


def _required(what: str) -> AfterValidator:
    def check(value: str) -> str:
        if not value:
            raise ValueError(f"{what} is required")
        return value

    return AfterValidator(check)


def _limit(limit: int) -> AfterValidator:
    def check(value: str) -> str:
        if len(value) > limit:
            raise ValueError(f"at most {limit} characters")
        return value

    return AfterValidator(check)


# max_length on the raw input first, so that a huge field is refused before it is read; the limits that
# count are on the collapsed text.
Title = Annotated[
    str, Field(max_length=TITLE_MAX * 4), AfterValidator(_plain), _limit(TITLE_MAX), _required("the title")
]
Subtitle = Annotated[str, Field(max_length=SUBTITLE_MAX * 4), AfterValidator(_plain), _limit(SUBTITLE_MAX)]
Chip = Annotated[
    str, Field(max_length=CHIP_MAX * 4), AfterValidator(_plain), _limit(CHIP_MAX), _required("a chip")
]
About = Annotated[str, Field(max_length=ABOUT_MAX * 4), AfterValidator(_plain), _limit(ABOUT_MAX)]


class HomeTextIn(WireModel):
    """One language's words, as staff write them (placeholders unfilled)."""

    hero_title: Title = Field(description="The hero's heading; {brand} is the brand's name")
    hero_subtitle: Subtitle = Field(default="", description="Empty: no subtitle")
    chips: list[Chip] = Field(
        default_factory=list,
        max_length=CHIPS_MAX,
        description="Highlight chips under the subtitle, e.g. '{slots} slot machines'",
    )
    footer_about: About = Field(default="", description="The footer's words about the brand; empty: none")


class HomeTextOut(WireModel):
    hero_title: str
    hero_subtitle: str = Field(description="Empty: no subtitle")
    chips: list[str]
    footer_about: str = Field(description="The footer's words about the brand; empty: none")


@dataclass(frozen=True)
class HomeText:
    hero_title: str
    hero_subtitle: str
    chips: tuple[str, ...]
    footer_about: str

    def out(self) -> HomeTextOut:
        return HomeTextOut(
            hero_title=self.hero_title,
            hero_subtitle=self.hero_subtitle,
            chips=list(self.chips),
            footer_about=self.footer_about,
        )


def figures(counts: Mapping[str, int]) -> dict[str, int]:
    """Each placeholder's number from the offered games per category."""
    return {name: sum(counts.get(c, 0) for c in categories) for name, categories in FIGURES.items()}


def _number(value: int, language: str) -> str:
    grouped = f"{value:,}"
    return grouped.replace(",", ".") if language in _DOT_GROUPED else grouped


def fill(text: str, language: str, brand_name: str, numbers: Mapping[str, int]) -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == BRAND:
            return brand_name
        value = numbers.get(name)
        return match.group(0) if value is None else _number(value, language)

    return _PLACEHOLDER.sub(one, text)


def parse_stored(stored: Mapping[str, Any] | None) -> dict[str, HomeTextIn]:
    """The stored words, language by language; a language that no longer passes the rules (stored before
    a rule tightened, or by hand) is left out, so the portal falls back rather than fail every page."""
    out: dict[str, HomeTextIn] = {}
    for language, raw in (stored or {}).items():
        try:
            out[language] = HomeTextIn.model_validate(raw)
        except ValidationError:
            log.warning("brand_home_content_invalid", language=language, exc_info=True)
    return out


def filled(
    stored: Mapping[str, Any] | None, brand_name: str, counts: Mapping[str, int]
) -> dict[str, HomeText]:
    """What visitors read in each language: the placeholders replaced by the brand's name and figures."""
    numbers = figures(counts)
    return {
        language: HomeText(
            hero_title=fill(text.hero_title, language, brand_name, numbers),
            hero_subtitle=fill(text.hero_subtitle, language, brand_name, numbers),
            chips=tuple(fill(chip, language, brand_name, numbers) for chip in text.chips),
            footer_about=fill(text.footer_about, language, brand_name, numbers),
        )
        for language, text in parse_stored(stored).items()
    }


def stored_form(texts: Mapping[str, HomeTextIn]) -> dict[str, Any]:
    return {language: text.model_dump(mode="json", by_alias=True) for language, text in texts.items()}


async def merchant_of(session: AsyncSession, merchant_id: int, *, lock: bool = True) -> Merchant:
    """The merchant's row, locked for a change: two staff saving at once write one after the other, and each
    audit entry's "before" is what the other left."""
    query = select(Merchant).where(Merchant.id == merchant_id)
    merchant = await session.scalar(query.with_for_update() if lock else query)
    assert merchant is not None  # the request's brand, read from this database
    return merchant
