"""The demo brands' looks: demo keeps the portal's navy and gold with a crown; demo2 is light, purple and
teal with a sparkle, another font stack and its own home images, so that switching host shows two brands."""

from __future__ import annotations

from server.brands.theme import DEFAULT_THEME, Theme, ThemeBanner, ThemeColours

_SVG = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"'
_CROWN = '<path d="M14 44 10 20l13 10 9-16 9 16 13-10-4 24Z" fill="#f2c14e"/>'
_SPARKLE = (
    '<path d="M32 10c2 13 9 20 22 22-13 2-20 9-22 22-2-13-9-20-22-22 13-2 20-9 22-22Z" fill="#5eead4"/>'
)


def _banners(folder: str) -> tuple[ThemeBanner, ...]:
    return tuple(
        ThemeBanner(image=f"/brand/{folder}/banner-{name}.svg", kind=kind)
        for name, kind in (("welcome", "WELCOME"), ("games", "GAMES"), ("lottery", "LOTTERY"))
    )


DEMO_THEME = Theme(
    colours=DEFAULT_THEME.colours,
    font="system",
    logo_svg=(
        f'<svg {_SVG}><title>Demo Casino</title><rect width="64" height="64" rx="14" fill="#121b2e"/>'
        f'{_CROWN}<rect x="14" y="47" width="36" height="5" rx="2" fill="#f2c14e"/>'
        '<circle cx="32" cy="35" r="4" fill="#0f6b5c"/></svg>'
    ),
    favicon_svg=f'<svg {_SVG}><rect width="64" height="64" rx="14" fill="#0f6b5c"/>{_CROWN}</svg>',
    hero_image="/brand/demo/hero.svg",
    banners=_banners("demo"),
)

DEMO2_THEME = Theme(
    colours=ThemeColours(
        bg="#f5f3fa",
        bg_raised="#ffffff",
        bg_card="#ffffff",
        line="#d9d2ea",
        text="#1d1537",
        muted="#595272",
        accent="#0f766e",
        accent_ink="#ffffff",
        brand="#6d28d9",
        danger="#b42318",
    ),
    font="rounded",
    logo_svg=(
        f'<svg {_SVG}><title>Second Brand</title><circle cx="32" cy="32" r="31" fill="#6d28d9"/>'
        f'{_SPARKLE}<circle cx="46" cy="18" r="4" fill="#ffffff"/></svg>'
    ),
    favicon_svg=f'<svg {_SVG}><rect width="64" height="64" rx="18" fill="#6d28d9"/>{_SPARKLE}</svg>',
    hero_image="/brand/demo2/hero.svg",
    banners=_banners("demo2"),
)
