"""What the art routes send: the drawing and its strong validator.

The art is drawn when first asked for rather than at seed time: a merchant's catalogue stores one thumbnail
address per game while the picture differs per language, and a drawing is a few kilobytes of string work.
Each (game, language) is drawn once per process (the cache is bounded by the games times the seven
languages) and carries an ETag from its content hash, so a browser revalidates for free and a new drawing
after a deploy is picked up as soon as its max-age runs out."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

# The portal's language codes (the house cannot import the brands' list, see the house-is-a-vendor contract).
LANGUAGES = ("EN", "CN", "JA", "TH", "VI", "PT", "TY")
CACHE_CONTROL = "public, max-age=86400"

# BCP 47 tags for xml:lang, so that a browser picks Japanese rather than Chinese glyphs for shared characters.
LANGUAGE_TAGS = {"EN": "en", "CN": "zh-Hans", "JA": "ja", "TH": "th", "VI": "vi", "PT": "pt", "TY": "tl"}


def language_of(requested: str | None) -> str:
    code = (requested or "").strip().upper()
    return code if code in LANGUAGES else "EN"


@dataclass(frozen=True)
class Rendered:
    svg: str
    etag: str

    @classmethod
    def of(cls, svg: str) -> Rendered:
        return cls(svg, '"' + hashlib.sha256(svg.encode()).hexdigest()[:32] + '"')

    def matches(self, if_none_match: str | None) -> bool:
        """Whether the browser's copy is this one (If-None-Match may list several tags, or be *)."""
        if not if_none_match:
            return False
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or self.etag in tags
