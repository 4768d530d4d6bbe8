"""Image captchas for login and registration: four characters, two minutes, one guess, bound to the
merchant and the address that fetched the image. The browser holds only an opaque token (a cookie); the
database holds hashes, so neither a leaked token list nor a leaked row gives away a usable answer."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import threading
from datetime import timedelta

from captcha.image import ColorTuple, ImageCaptcha, random_color
from PIL.Image import Image, Resampling
from PIL.Image import new as createImage
from PIL.ImageDraw import Draw
from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.db.base import utcnow
from server.http.core import errors
from server.http.core.errors import AppError
from server.security.models import Captcha

# Characters people confuse once distorted: the worst pairs are left out on both sides (S/5, N/W, O/0,
# I/1/L, B/8, Z/2), and of each looser group only one member is drawn (D of 0/O/Q/D, C of G/6/C, Y of
# U/V/Y, E of E/F), so that a wrong guess means a bot, not bad eyes. 17**4 = 83,521 answers stay far
# more than the one guess each image allows can cover.
ALPHABET = "3479ACDEHJKMPRTXY"
LENGTH = 4
LIFETIME = timedelta(minutes=2)
ISSUES_PER_IP_PER_MINUTE = 30
# Longer than any answer or token we hand out: anything bigger is garbage and is not hashed.
_MAX_INPUT = 128

# The library's own size, for which its default font sizes are made; the portal and the console show it at
# exactly this size.
WIDTH, HEIGHT = 160, 60
# Room kept clear around the characters, in pixels of the final image: nothing is cut at an edge.
MARGIN = 4
# Ink dark enough on any of the light backgrounds (at least 238 in each channel): a contrast of 7:1 or more.
INK = (10, 90)
BACKGROUND = (238, 255)


class _ReadableCaptcha(ImageCaptcha):
    """The library's distorted characters, laid out so that people can read them.

    The library lets neighbours overlap by up to a quarter of a glyph and turns them up to 30 degrees, which
    merges pairs such as "JT" into one shape; here they overlap by at most a tenth and turn 20 degrees.
    Noise and warping still keep the image unreadable to a plain OCR. Its own layout also pastes each glyph
    through a mask made of the glyph's brightness (dark ink comes out faint) and lets the last glyph run off
    the right edge; `create_captcha_image` lays the glyphs out itself instead, at full ink, and scales the
    whole line into the image with a margin all round."""

    word_offset_dx = 0.1
    character_rotate = (-20, 20)

    def create_captcha_image(self, chars: str, color: ColorTuple, background: ColorTuple) -> Image:
        draw = Draw(createImage("RGB", (1, 1)))
        glyphs = [self._draw_character(c, draw, color) for c in chars]
        average = sum(g.size[0] for g in glyphs) // len(glyphs)
        overlap = int(self.word_offset_dx * average)
        # Where each glyph starts on one line, neighbours overlapping a little (never more than `overlap`).
        starts, x = [], 0
        for glyph in glyphs:
            starts.append(x)
            x += glyph.size[0] - secrets.randbelow(overlap + 1)
        line_width = max(s + g.size[0] for s, g in zip(starts, glyphs, strict=True))
        line_height = max(g.size[1] for g in glyphs)
        # A canvas of the image's proportions that holds the line and the margin; scaled down afterwards.
        scale = max(1.0, line_width / (WIDTH - 2 * MARGIN), line_height / (HEIGHT - 2 * MARGIN))
        canvas_size = (round(WIDTH * scale), round(HEIGHT * scale))
        canvas = createImage("RGB", canvas_size, background)
        left = (canvas_size[0] - line_width) // 2
        for start, glyph in zip(starts, glyphs, strict=True):
            top = (canvas_size[1] - glyph.size[1]) // 2
            canvas.paste(glyph, (left + start, top), glyph.getchannel("A"))
        return canvas.resize((WIDTH, HEIGHT), Resampling.LANCZOS) if scale > 1 else canvas


# An ImageCaptcha keeps FreeType faces, which must not be shared between threads.
_local = threading.local()


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _generator() -> _ReadableCaptcha:
    generator: _ReadableCaptcha | None = getattr(_local, "generator", None)
    if generator is None:
        generator = _local.generator = _ReadableCaptcha(width=WIDTH, height=HEIGHT)
    return generator


def _colours() -> tuple[ColorTuple, ColorTuple]:
    """(ink, background). The library's own ink may be as light as (200, 200, 200); ours stays dark."""
    return random_color(*INK, 255), random_color(*BACKGROUND)


def compose(text: str) -> Image:
    """The characters alone, before noise: what the tests measure (every glyph inside, dark ink)."""
    ink, background = _colours()
    return _generator().create_captcha_image(text, ink, background)


def _render(text: str) -> bytes:
    ink, background = _colours()
    return _generator().generate(text, format="png", fg_color=ink, bg_color=background).getvalue()


def random_answer() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


async def _issued_recently(session: AsyncSession, ip: str) -> int:
    # Counted across merchants: otherwise switching the Merchant header would reset the limit.
    since = utcnow() - timedelta(minutes=1)
    count = await session.scalar(
        select(func.count()).select_from(Captcha).where(Captcha.ip == ip, Captcha.created_at >= since)
    )
    return int(count or 0)


async def issue_captcha(
    session: AsyncSession, *, merchant_id: int, ip: str, answer: str | None = None
) -> tuple[str, bytes]:
    """A new captcha: (token for the cookie, PNG). `answer` fixes the characters, for tests only."""
    if await _issued_recently(session, ip) >= ISSUES_PER_IP_PER_MINUTE:
        raise AppError(errors.TOO_MANY_REQUEST)
    text = (answer or random_answer()).upper()
    token = secrets.token_urlsafe(32)
    session.add(
        Captcha(
            merchant_id=merchant_id,
            token_hash=_hash(token),
            answer_hash=_hash(text),
            ip=ip,
            expires_at=utcnow() + LIFETIME,
        )
    )
    await session.flush()
    # Drawing takes a few milliseconds of CPU; keep it off the event loop.
    png = await asyncio.to_thread(_render, text)
    return token, png


async def check_captcha(
    session: AsyncSession, *, merchant_id: int, token: str | None, answer: str | None, ip: str
) -> bool:
    """True only for a live captcha of this merchant, fetched from this address, answered right.

    Any check uses the captcha up, right or wrong, so each image allows exactly one guess. The
    consumption is written in the caller's unit of work: a caller that raises after a False must keep it
    (AppError(..., commit_changes=True), as require_captcha does)."""
    if not token or len(token) > _MAX_INPUT:
        return False
    now = utcnow()
    # One statement marks it used and reads it, so two concurrent checks cannot both win.
    row = (
        await session.execute(
            update(Captcha)
            .where(Captcha.token_hash == _hash(token), Captcha.used_at.is_(None))
            .values(used_at=now)
            .returning(Captcha.merchant_id, Captcha.answer_hash, Captcha.ip, Captcha.expires_at)
            .execution_options(synchronize_session=False)
        )
    ).one_or_none()
    if row is None or not answer or len(answer) > _MAX_INPUT:
        return False
    right = hmac.compare_digest(row.answer_hash, _hash(answer.strip().upper()))
    return right and row.merchant_id == merchant_id and row.ip == ip and now < row.expires_at


async def require_captcha(
    session: AsyncSession, *, merchant_id: int, token: str | None, answer: str | None, ip: str
) -> None:
    """For routes: CAPTCHA_REQUIRED without a token or an answer, CAPTCHA_INVALID when the check fails.
    The failed guess is committed with the error, so retrying the same image is impossible; the value
    tells the client to show (a fresh) captcha."""
    if not token or not answer or not answer.strip():
        raise AppError(errors.CAPTCHA_REQUIRED, value={"captcha": True}, commit_changes=True)
    if not await check_captcha(session, merchant_id=merchant_id, token=token, answer=answer, ip=ip):
        raise AppError(errors.CAPTCHA_INVALID, value={"captcha": True}, commit_changes=True)


async def purge_expired_captchas(session: AsyncSession) -> int:
    """Delete captchas past their lifetime (they can never pass again). The issue limit only counts the
    last minute, well inside the lifetime, so purging never resets it."""
    result = await session.execute(
        delete(Captcha).where(Captcha.expires_at < utcnow()).execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
