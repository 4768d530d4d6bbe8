"""The picture checks on their own: PNG and JPEG by content, bounded in bytes and pixels before decoding, and
re-encoded from the pixels alone, so that metadata and anything hidden after the picture are gone."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageFile

from server.content.feedback import images
from server.content.feedback.images import MAX_IMAGE_BYTES, clean_image, clean_images
from server.http.core.errors import AppError
from tests.content.feedback import pictures


def refused(raw: bytes) -> tuple[str, int]:
    with pytest.raises(AppError) as caught:
        clean_image(raw)
    return caught.value.code, caught.value.status


def test_a_png_stays_a_png_with_its_pixels() -> None:
    clean = clean_image(pictures.png((40, 30), "RGBA", (1, 2, 3, 128)))
    assert (clean.content_type, clean.width, clean.height) == ("image/png", 40, 30)
    with Image.open(io.BytesIO(clean.data)) as stored:
        assert stored.format == "PNG"
        assert stored.mode == "RGBA"
        assert stored.getpixel((5, 5)) == (1, 2, 3, 128)


def test_a_photo_loses_its_exif_and_profile_but_stands_the_right_way_up() -> None:
    raw = pictures.jpeg_with_exif((64, 32), orientation=6)
    assert pictures.GPS_MARK in raw
    assert b"PhoneMaker" in raw
    assert b"fake-icc-profile" in raw
    clean = clean_image(raw)
    assert clean.content_type == "image/jpeg"
    # Orientation 6: turned 90 degrees clockwise for display, so 64x32 becomes 32x64, the red half on top.
    assert (clean.width, clean.height) == (32, 64)
    for mark in (pictures.GPS_MARK, b"PhoneMaker", b"fake-icc-profile", b"Exif"):
        assert mark not in clean.data
    with Image.open(io.BytesIO(clean.data)) as stored:
        assert stored.format == "JPEG"
        assert not stored.getexif()
        assert "icc_profile" not in stored.info
        assert "exif" not in stored.info
        red, _, blue = stored.convert("RGB").getpixel((16, 8))  # type: ignore[misc]
        assert red > 200
        assert blue < 60
        red, _, blue = stored.convert("RGB").getpixel((16, 56))  # type: ignore[misc]
        assert red < 60
        assert blue > 150


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(pictures.png() + pictures.ZIP_PAYLOAD, id="png-then-zip"),
        pytest.param(pictures.png() + pictures.HTML_PAYLOAD, id="png-then-html"),
        pytest.param(pictures.jpeg() + pictures.HTML_PAYLOAD, id="jpeg-then-script-after-EOI"),
        pytest.param(pictures.png_with_text(), id="html-in-a-png-text-chunk"),
    ],
)
def test_a_polyglot_comes_out_as_a_picture_only(raw: bytes) -> None:
    clean = clean_image(raw)
    for payload in (pictures.ZIP_PAYLOAD, pictures.HTML_PAYLOAD, b"<script", b"PK\x03\x04", b"tEXt"):
        assert payload not in clean.data
    assert clean.data.endswith(b"IEND\xaeB`\x82") or clean.data.endswith(b"\xff\xd9")


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(pictures.gif(), id="gif"),
        pytest.param(b"just some text, saved as photo.png", id="text"),
        pytest.param(b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", id="svg"),
        pytest.param(pictures.ZIP_PAYLOAD + pictures.png(), id="zip-then-png"),
        pytest.param(pictures.jpeg()[:-200], id="truncated-jpeg"),
        pytest.param(pictures.png((300, 300))[:-40], id="truncated-png"),
        pytest.param(b"", id="empty"),
    ],
)
def test_anything_but_a_whole_png_or_jpeg_is_invalid(raw: bytes) -> None:
    assert refused(raw) == ("FEEDBACK_IMAGE_INVALID", 422)


def test_more_than_25_megapixels_is_refused_from_the_header(monkeypatch: pytest.MonkeyPatch) -> None:
    decoded: list[Any] = []
    original = ImageFile.ImageFile.load

    def spy(self: ImageFile.ImageFile) -> Any:
        decoded.append(self.size)
        if self.size == (5000, 5000):
            raise OSError("the test stops here: only whether decoding was reached matters")
        return original(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", spy)
    raw = pictures.huge_png_header(6000, 5000)
    assert len(raw) < 100_000
    assert refused(raw) == ("FEEDBACK_IMAGE_INVALID", 422)
    assert decoded == []  # no pixel of it was decoded
    # Far past Pillow's own bomb limits as well: still our refusal, not a crash.
    assert refused(pictures.huge_png_header(30_000, 30_000)) == ("FEEDBACK_IMAGE_INVALID", 422)
    assert decoded == []
    # Exactly at the limit, decoding is reached.
    assert refused(pictures.huge_png_header(5000, 5000)) == ("FEEDBACK_IMAGE_INVALID", 422)
    assert decoded == [(5000, 5000)]


def test_more_than_5mb_is_too_large_before_anything_else() -> None:
    assert refused(pictures.oversized(MAX_IMAGE_BYTES)) == ("FEEDBACK_IMAGE_TOO_LARGE", 413)


@pytest.mark.parametrize(
    ("mode", "colour", "stored_mode"),
    [
        ("L", 77, "RGB"),
        ("I;16", 40000, "RGB"),
        ("P", 3, "RGB"),
        ("LA", (9, 200), "RGBA"),
        ("1", 1, "RGB"),
    ],
)
def test_every_png_flavour_is_re_encoded(mode: str, colour: object, stored_mode: str) -> None:
    clean = clean_image(pictures.png((12, 10), mode, colour))
    with Image.open(io.BytesIO(clean.data)) as stored:
        assert (stored.format, stored.mode, stored.size) == ("PNG", stored_mode, (12, 10))


def test_a_cmyk_or_grey_jpeg_is_re_encoded() -> None:
    for mode, colour in (("CMYK", (0, 255, 255, 0)), ("L", 128)):
        out = io.BytesIO()
        Image.new(mode, (16, 16), colour).save(out, format="JPEG")
        clean = clean_image(out.getvalue())
        with Image.open(io.BytesIO(clean.data)) as stored:
            assert stored.format == "JPEG"
            assert stored.mode in ("RGB", "L")


async def test_all_or_nothing_and_at_most_three(monkeypatch: pytest.MonkeyPatch) -> None:
    good = pictures.png()
    with pytest.raises(AppError) as caught:
        await clean_images([good] * 4)
    assert caught.value.code == "FEEDBACK_TOO_MANY_IMAGES"
    # A too-large one is refused before any other is decoded.
    decoded: list[bytes] = []
    monkeypatch.setattr(images, "clean_image", lambda raw: decoded.append(raw))
    with pytest.raises(AppError) as caught:
        await clean_images([good, pictures.oversized(MAX_IMAGE_BYTES)])
    assert caught.value.code == "FEEDBACK_IMAGE_TOO_LARGE"
    assert decoded == []
