"""Game thumbnails drawn as SVG from the game's name: every house game has a picture without shipping one."""

from __future__ import annotations

import hashlib
from html import escape

from server.house.config import GAMES_BY_CODE

_ICONS = {
    "SLOT": "7",
    "BACCARAT": "♠",
    "FISH": "≈",
    "HIGHCARD": "A",
    "FOOTBALL": "⚽",
    "ESPORTS": "⚔",
    "LOTTERY": "◎",
}


def svg_for(code: str) -> str | None:
    game = GAMES_BY_CODE.get(code)
    if game is None:
        return None
    digest = hashlib.sha256(code.encode()).digest()
    hue_a, hue_b = digest[0] * 360 // 256, digest[1] * 360 // 256
    words = game.name.split()
    # Two lines at most, so that long names stay inside the card.
    half = (len(words) + 1) // 2
    lines = [" ".join(words[:half]), " ".join(words[half:])] if len(game.name) > 14 else [game.name]
    text = "".join(
        f'<text x="120" y="{150 + i * 26}" font-size="22" text-anchor="middle" fill="#fff" '
        f'font-family="sans-serif" font-weight="700">{escape(line)}</text>'
        for i, line in enumerate(lines)
        if line
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="200" viewBox="0 0 240 200">'
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="hsl({hue_a},70%,45%)"/>'
        f'<stop offset="1" stop-color="hsl({hue_b},70%,25%)"/>'
        "</linearGradient></defs>"
        '<rect width="240" height="200" rx="16" fill="url(#g)"/>'
        f'<text x="120" y="100" font-size="64" text-anchor="middle" fill="rgba(255,255,255,.85)" '
        f'font-family="sans-serif">{escape(_ICONS.get(game.game_type, "★"))}</text>'
        f"{text}</svg>"
    )
