"""Wire shapes of the console's home-page words: {LANG: {heroTitle, heroSubtitle, chips, footerAbout}}."""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field

from server.brands.home import PLACEHOLDERS, HomeTextIn
from server.content.texts import _language_keys
from server.http.core.envelope import WireModel

_LanguageCode = Annotated[str, Field(min_length=1, max_length=16)]
# The codes upper-cased; any code passes here, check_languages refuses those the brand does not offer.
HomeTexts = Annotated[dict[_LanguageCode, HomeTextIn], BeforeValidator(_language_keys)]


class HomeContentIn(WireModel):
    texts: HomeTexts = Field(
        description="Every language's words at once (a language left out is removed; none at all: the portal "
        "shows its neutral title). Plain text; placeholders: "
        + ", ".join("{" + p + "}" for p in PLACEHOLDERS)
    )


class HomeContentAdminOut(WireModel):
    texts: dict[str, HomeTextIn] = Field(description="As stored: placeholders unfilled")
    figures: dict[str, int | str] = Field(
        description="What each placeholder stands for now: {brand} the name, the others the number of games "
        "the merchant offers (enabled games of enabled vendors), as the portal fills them"
    )
