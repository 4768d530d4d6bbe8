"""Pictures attached to feedback: PNG or JPEG by content (never by name or declared type), bounded in bytes
and in pixels before anything is decoded, then re-encoded from their pixels alone.

What we store and serve is our own encoding of the picture: EXIF (with its GPS position), ICC profiles, text
chunks and whatever a polyglot carries after the image's end (a ZIP, HTML, a script) do not survive, because
nothing but the decoded pixels is written back. The EXIF orientation is applied first, so that a phone photo
still stands the right way up once its EXIF is gone."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageOps

from server.http.core import errors
from server.http.core.errors import AppError, ErrorCode

MAX_IMAGE_BYTES = 5 * 1024 * 1024
# Far beyond any screenshot or phone photo; checked from the header, before a single pixel is decoded, so a
# small file that inflates to gigabytes (a decompression bomb) is refused for the price of reading its header.
MAX_IMAGE_PIXELS = 25_000_000
MAX_IMAGES = 3
JPEG_QUALITY = 88

_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg"}


@dataclass(frozen=True)
class CleanImage:
    content_type: str
    data: bytes
    width: int
    height: int


@dataclass(frozen=True)
class ImageErrors:
    """The codes a refused picture is answered with: each upload names its own (feedback, chat)."""

    too_large: ErrorCode
    invalid: ErrorCode


FEEDBACK_ERRORS = ImageErrors(errors.FEEDBACK_IMAGE_TOO_LARGE, errors.FEEDBACK_IMAGE_INVALID)


def _invalid(reason: str, codes: ImageErrors) -> AppError:
    return AppError(codes.invalid, value={"reason": reason})


def _probe(raw: bytes, codes: ImageErrors) -> str:
    """The format the bytes really are, after a structural check (PNG chunk CRCs and the like). Only the
    header is parsed here: the size is judged before any pixel is decoded."""
    # Only the PNG and JPEG decoders are tried: a GIF, a WebP or text is "not an image" to us.
    with Image.open(io.BytesIO(raw), formats=tuple(_FORMATS)) as probe:
        image_format = probe.format or ""
        if image_format not in _FORMATS:
            raise _invalid("format", codes)
        width, height = probe.size
        if width < 1 or height < 1 or width * height > MAX_IMAGE_PIXELS:
            raise _invalid("pixels", codes)
        probe.verify()
    return image_format


def _pixels_only(image: Image.Image, image_format: str) -> Image.Image:
    """A fresh image holding the picture's pixels and nothing else: no info dictionary, no palette, no
    profile to carry over, whatever the decoder attached."""
    upright = ImageOps.exif_transpose(image)
    if image_format == "JPEG":
        mode = "L" if upright.mode in ("L", "1") else "RGB"
    else:
        has_alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
        mode = "RGBA" if has_alpha else "RGB"
    converted = upright if upright.mode == mode else upright.convert(mode)
    fresh = Image.new(mode, converted.size)
    fresh.paste(converted)
    return fresh


def clean_image(raw: bytes, codes: ImageErrors = FEEDBACK_ERRORS) -> CleanImage:
    """The picture re-encoded by us, or FEEDBACK_IMAGE_TOO_LARGE (413) / FEEDBACK_IMAGE_INVALID (422).
    CPU-bound: call it off the event loop (clean_images does)."""
    if len(raw) > MAX_IMAGE_BYTES:
        raise AppError(codes.too_large, value={"maxBytes": MAX_IMAGE_BYTES})
    if not raw:
        raise _invalid("empty", codes)
    try:
        image_format = _probe(raw, codes)
        # verify() leaves the image unusable: open again to decode. A truncated file fails here (Pillow's
        # ImageFile.LOAD_TRUNCATED_IMAGES is left off).
        with Image.open(io.BytesIO(raw), formats=(image_format,)) as image:
            image.load()
            fresh = _pixels_only(image, image_format)
    except AppError:
        raise
    except MemoryError:
        raise
    # Hostile input reaches the decoders' corners (struct.error, IndexError, ... besides the documented
    # OSError and UnidentifiedImageError): any failure to read the picture is a bad picture, not a 500.
    except Exception as exc:
        raise _invalid("decode", codes) from exc
    out = io.BytesIO()
    if image_format == "JPEG":
        fresh.save(out, format="JPEG", quality=JPEG_QUALITY, optimize=True)
    else:
        fresh.save(out, format="PNG")
    return CleanImage(_FORMATS[image_format], out.getvalue(), fresh.width, fresh.height)


async def clean_images(raws: Sequence[bytes]) -> list[CleanImage]:
    """Every picture of one feedback, checked and re-encoded in a worker thread (decoding a 25-megapixel
    photo takes a while; the event loop keeps serving meanwhile). All or nothing: the first bad one fails."""
    if len(raws) > MAX_IMAGES:
        raise AppError(errors.FEEDBACK_TOO_MANY_IMAGES, value={"max": MAX_IMAGES})
    # Cheap before costly: an oversized upload is refused before any other picture is decoded.
    for raw in raws:
        if len(raw) > MAX_IMAGE_BYTES:
            raise AppError(errors.FEEDBACK_IMAGE_TOO_LARGE, value={"maxBytes": MAX_IMAGE_BYTES})
    return [await asyncio.to_thread(clean_image, raw) for raw in raws]
