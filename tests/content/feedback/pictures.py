"""Pictures for the feedback tests, made with Pillow: plain ones, ones carrying metadata, and hostile ones."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image, PngImagePlugin

ZIP_PAYLOAD = (
    b"PK\x03\x04" + b"\x14\x00" * 8 + b"evil.js" + b"alert(document.cookie)" + b"PK\x05\x06" + b"\0" * 18
)
HTML_PAYLOAD = b"<html><script>alert('polyglot')</script></html>"
GPS_MARK = b"GPS-SECRET-47.3769N"


def png(size: tuple[int, int] = (40, 30), mode: str = "RGB", colour: object = (200, 30, 30)) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, colour).save(out, format="PNG")  # type: ignore[arg-type]
    return out.getvalue()


def png_with_text(text: bytes = HTML_PAYLOAD) -> bytes:
    """A PNG whose tEXt chunk carries HTML (what an image-and-HTML polyglot looks like)."""
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", text.decode())
    out = io.BytesIO()
    Image.new("RGB", (20, 20), (0, 128, 0)).save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def jpeg_with_exif(size: tuple[int, int] = (64, 32), orientation: int = 6) -> bytes:
    """A photo as a phone writes it: EXIF with a camera, a GPS-ish note, and an orientation that says "turn
    me 90 degrees"; an ICC profile too."""
    image = Image.new("RGB", size, (10, 20, 200))
    # The left half red, so that the orientation applied is visible in the pixels.
    image.paste((255, 0, 0), (0, 0, size[0] // 2, size[1]))
    exif = Image.Exif()
    exif[0x0112] = orientation  # Orientation
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x010E] = GPS_MARK.decode()  # ImageDescription, standing in for the position a phone writes
    out = io.BytesIO()
    image.save(out, format="JPEG", exif=exif.tobytes(), icc_profile=b"fake-icc-profile" * 4, quality=90)
    return out.getvalue()


def jpeg(size: tuple[int, int] = (40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (90, 90, 90)).save(out, format="JPEG")
    return out.getvalue()


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("P", (10, 10)).save(out, format="GIF")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_png_header(width: int = 6000, height: int = 5000) -> bytes:
    """A valid PNG header claiming 30 megapixels, with one tiny row of data: decoding it would take 90MB
    (and fail on the missing rows); judging it by its header costs nothing."""
    header = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data = _chunk(b"IDAT", zlib.compress(b"\0" * (1 + width * 3)))
    return b"\x89PNG\r\n\x1a\n" + header + data + _chunk(b"IEND", b"")


def oversized(limit: int) -> bytes:
    """A real PNG padded past `limit` bytes with data after its end."""
    return png() + b"\0" * (limit + 1024)
