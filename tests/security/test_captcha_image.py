"""The captcha image is readable by people: every character inside the picture with room to spare (none cut
at an edge), and ink that stands out from the background (WCAG contrast), over many random images."""

from __future__ import annotations

import io

from PIL import Image

from server.security import captcha

SAMPLES = 60


def luminance(pixel: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in pixel)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    rgb = image.convert("RGB")
    return [rgb.getpixel((x, y)) for y in range(rgb.height) for x in range(rgb.width)]  # type: ignore[misc]


def test_every_character_is_inside_the_picture() -> None:
    border = captcha.MARGIN - 1
    for _ in range(SAMPLES):
        text = captcha.random_answer()
        image = captcha.compose(text).convert("RGB")
        assert image.size == (captcha.WIDTH, captcha.HEIGHT)
        background = image.getpixel((0, 0))
        assert isinstance(background, tuple)
        inked = [
            (x, y)
            for y in range(image.height)
            for x in range(image.width)
            if (x < border or x >= image.width - border or y < border or y >= image.height - border)
            and contrast(image.getpixel((x, y)), background) > 1.5  # type: ignore[arg-type]
        ]
        assert inked == [], (text, inked[:5])


def test_the_ink_stands_out_from_the_background() -> None:
    for _ in range(SAMPLES):
        png = captcha._render(captcha.random_answer())
        image = Image.open(io.BytesIO(png))
        assert image.size == (captcha.WIDTH, captcha.HEIGHT)
        drawn = sorted(pixels(image), key=luminance)
        background = drawn[len(drawn) // 2]  # most of the picture is background
        # The darkest strokes (not a stray anti-aliased pixel: the 2nd percentile) against the background:
        # at least the 4.5:1 WCAG asks of text.
        ink = drawn[len(drawn) // 50]
        assert contrast(ink, background) >= 4.5, (ink, background)
