"""Fitting a game's name into a thumbnail without a font at hand: widths are estimated per character (wide
CJK characters take a full em, Latin letters about half), which is close enough to choose the line breaks
and the font size that keep the name inside the card in any of the portal's languages."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


def _em(char: str) -> float:
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
        return 0.0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return 1.0
    # Bold sans-serif Latin, rounded up: a name a little narrower than estimated only gains a margin.
    if char == " ":
        return 0.34
    if char.isupper() or char.isdigit():
        return 0.76
    return 0.64


def width(text: str, font_size: float) -> float:
    return sum(_em(c) for c in text) * font_size


def _clusters(word: str) -> list[str]:
    """The word's characters, each with its combining marks (Thai vowels and tones, Vietnamese accents when
    decomposed), so that a break never separates a mark from its letter."""
    out: list[str] = []
    for char in word:
        if out and _em(char) == 0.0:
            out[-1] += char
        else:
            out.append(char)
    return out


def _pieces(text: str, limit: float, font_size: float) -> list[str]:
    """Words, and a word too wide for a line (a Chinese or Thai name has no spaces) cut into runs that fit."""
    pieces: list[str] = []
    for word in text.split():
        if width(word, font_size) <= limit:
            pieces.append(word)
            continue
        run = ""
        for cluster in _clusters(word):
            if run and width(run + cluster, font_size) > limit:
                pieces.append(run)
                run = ""
            run += cluster
        if run:
            pieces.append(run)
    return pieces


def wrap(text: str, limit: float, font_size: float) -> list[str]:
    lines: list[str] = []
    for piece in _pieces(text, limit, font_size):
        joined = f"{lines[-1]} {piece}" if lines else piece
        if lines and width(joined, font_size) <= limit:
            lines[-1] = joined
        else:
            lines.append(piece)
    return lines


@dataclass(frozen=True)
class Fitted:
    font_size: int
    lines: tuple[str, ...]


def fit(text: str, limit: float, sizes: tuple[int, ...], max_lines: int) -> Fitted:
    """The largest size at which the name takes at most max_lines; at the smallest, the lines past that are
    cut and the last one ends in an ellipsis (the title element still carries the whole name)."""
    for size in sizes:
        lines = wrap(text, limit, size)
        if len(lines) <= max_lines:
            return Fitted(size, tuple(lines))
    size = sizes[-1]
    lines = wrap(text, limit, size)[:max_lines]
    last = _clusters(lines[-1])
    while last and width("".join(last) + "…", size) > limit:
        last.pop()
    return Fitted(size, (*lines[:-1], "".join(last) + "…"))
