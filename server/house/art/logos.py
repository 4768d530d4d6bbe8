"""The house vendors' logos: the house's roof mark over a badge in the vendor's colours, with the motif of
what the vendor offers. Drawn square and bold, since the portal shows them at about 20 pixels."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from server.house.art import motifs
from server.house.art.rendered import Rendered
from server.house.config import VENDORS

SIZE = 64

# Vendor code -> (motif, the badge's two colours).
LOGOS: dict[str, tuple[motifs.Motif, str, str]] = {
    "HOUSE_LIVE": (motifs.cards, "#1d7a46", "#0a3d22"),
    "HOUSE_RNG": (motifs.slot_machine, "#7b1fa2", "#2e0a45"),
    "HOUSE_FISH": (motifs.fishing, "#0077b6", "#023e8a"),
    "HOUSE_PVP": (motifs.duel_cards, "#4a148c", "#1a0638"),
    "HOUSE_SPORTS": (motifs.football, "#2e7d32", "#0b3d0f"),
    "HOUSE_ESPORTS": (motifs.arena, "#3949ab", "#0d1240"),
    "HOUSE_LOTT": (lambda: motifs.lottery_balls(("18", "28", "68")), "#c62828", "#4a0a0a"),
    "HOUSE_ELOTT": (lambda: motifs.lottery_balls(("1", "2", "3", "4", "5")), "#8e24aa", "#300a3d"),
}
VENDOR_NAMES = {vendor.code: vendor.display_name for vendor in VENDORS}


def draw(code: str) -> str | None:
    spec, name = LOGOS.get(code), VENDOR_NAMES.get(code)
    if spec is None or name is None:
        return None
    motif, top, bottom = spec
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" '
        f'role="img" aria-labelledby="title" data-vendor="{escape(code)}">'
        f'<title id="title">{escape(name)}</title>'
        '<defs><linearGradient id="badge" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
        "</linearGradient></defs>"
        f'<rect x="1" y="1" width="{SIZE - 2}" height="{SIZE - 2}" rx="14" fill="url(#badge)" '
        'stroke="#f6c945" stroke-width="2"/>'
        '<path d="M20 13 L32 5 L44 13" fill="none" stroke="#f6c945" stroke-width="3.5" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        f'<g transform="translate(8 14) scale(0.48)">{motif()}</g></svg>'
    )


@lru_cache(maxsize=len(LOGOS))
def logo(code: str) -> Rendered | None:
    """A house vendor's logo, None for any other code."""
    svg = draw(code)
    return None if svg is None else Rendered.of(svg)
