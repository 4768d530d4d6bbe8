"""A content item's text per language: the wire types staff send, the language check and the reader's pick.

Every content item (notice, message, help category or article) stores `{LANG: {"title", "content"}}`.
Staff input is checked twice: its shape here by pydantic (a bad title or content is a VALIDATION_ERROR naming
the field), its language codes against the brand by `check_languages` (LANGUAGE_UNSUPPORTED), which the
service calls because only it knows the brand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BeforeValidator, Field

from server.brands.defaults import SWITCHER_LANGUAGES
from server.brands.service import Brand
from server.content.html import plain_text, sanitise
from server.http.core import errors
from server.http.core.envelope import WireModel
from server.http.core.errors import AppError

TITLE_MAX = 120
CONTENT_MAX = 20_000
ENGLISH = "EN"


def _title(value: str) -> str:
    # Titles are plain text: markup is dropped (a "<script>" never comes back), entities decoded, one line.
    text = plain_text(value) if ("<" in value or "&" in value) else " ".join(value.split())
    if not text:
        raise ValueError("the title is required")
    if len(text) > TITLE_MAX:
        raise ValueError(f"the title is at most {TITLE_MAX} characters")
    return text


# max_length on the raw input first, so that a 10k-character title is refused before any parsing.
Title = Annotated[str, Field(min_length=1, max_length=TITLE_MAX * 4), AfterValidator(_title)]
Content = Annotated[str, Field(max_length=CONTENT_MAX), AfterValidator(sanitise)]


class TitleIn(WireModel):
    title: Title


class TextIn(WireModel):
    title: Title
    content: Content = ""


class TitleOut(WireModel):
    title: str


class TextOut(WireModel):
    title: str
    content: str


def _language_keys(value: Any) -> Any:
    if not isinstance(value, Mapping):
        return value
    out: dict[Any, Any] = {}
    for key, text in value.items():
        code = key.strip().upper() if isinstance(key, str) else key
        if code in out:
            raise ValueError(f"the language {code} is given twice")
        out[code] = text
    return out


# Any code passes here: check_languages refuses the ones the brand does not offer with LANGUAGE_UNSUPPORTED.
_LanguageCode = Annotated[str, Field(min_length=1, max_length=16)]
# {LANG: {title, content}} with at least one language; the codes upper-cased.
Texts = Annotated[dict[_LanguageCode, TextIn], Field(min_length=1), BeforeValidator(_language_keys)]
# {LANG: {title}}: a help category's names.
Titles = Annotated[dict[_LanguageCode, TitleIn], Field(min_length=1), BeforeValidator(_language_keys)]


def allowed_languages(brand: Brand) -> frozenset[str]:
    """The codes staff may write content in: the portal's switcher and whatever the brand adds."""
    return frozenset(SWITCHER_LANGUAGES) | frozenset(brand.supported_languages)


def check_languages(brand: Brand, languages: Iterable[str]) -> None:
    """LANGUAGE_UNSUPPORTED (422) for a code the brand does not offer; value names the codes refused."""
    allowed = allowed_languages(brand)
    unknown = sorted({code for code in languages if code not in allowed})
    if unknown:
        raise AppError(errors.LANGUAGE_UNSUPPORTED, value={"languages": unknown, "allowed": sorted(allowed)})


def dump_texts(texts: Mapping[str, TextIn] | Mapping[str, TitleIn]) -> dict[str, dict[str, str]]:
    """The JSON a model stores: {LANG: {"title": ..., "content": ...}} (or just the title)."""
    return {code: text.model_dump() for code, text in texts.items()}


T = TypeVar("T")


def pick_text(texts: Mapping[str, T], language: str, fallback_language: str) -> T | None:
    """The reader's text: their language, else the merchant's default, else English, else the first stored."""
    if not texts:
        return None
    for code in (language, fallback_language, ENGLISH):
        if code in texts:
            return texts[code]
    return next(iter(texts.values()))
