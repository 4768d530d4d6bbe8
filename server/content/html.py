"""Rich text that staff write: one sanitiser (nh3) for every content item, and its plain text for search.

Sanitised when saved, so what the database holds is already safe to hand to a browser; the client sanitises
once more (DOMPurify) as a second fence."""

from __future__ import annotations

from html.parser import HTMLParser

import nh3

ALLOWED_TAGS = frozenset(
    {
        "p", "br", "b", "strong", "i", "em", "u", "s", "a", "ul", "ol", "li", "h3", "h4", "blockquote",
        "img", "span", "div", "table", "thead", "tbody", "tr", "th", "td",
    }
)  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "width", "height"}}
# Relative URLs pass through (nh3's default); any other scheme (javascript:, data:, vbscript:) is dropped.
URL_SCHEMES = frozenset({"http", "https"})
# Tags whose content is dropped with them, not kept as text.
DROPPED_WITH_CONTENT = frozenset({"script", "style", "iframe", "object", "embed", "noscript", "template"})
LINK_REL = "noopener noreferrer"


def sanitise(html: str) -> str:
    """The HTML a browser may render: only the allow-listed tags, attributes and URL schemes."""
    if not html:
        return ""
    return nh3.clean(
        html,
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(DROPPED_WITH_CONTENT),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES),
        link_rel=LINK_REL,
        strip_comments=True,
    )


# Tags that end a run of text, so that "<p>a</p><p>b</p>" reads "a b", not "ab".
_BREAKING = frozenset(
    {"p", "br", "li", "div", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th", "blockquote", "ul", "ol"}
)


class _TextOnly(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BREAKING:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _BREAKING:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def plain_text(html: str) -> str:
    """The visible text of some HTML (entities decoded, whitespace collapsed): what search matches against."""
    if not html:
        return ""
    parser = _TextOnly()
    # Sanitised first so that script and style bodies never count as text.
    parser.feed(sanitise(html))
    parser.close()
    return " ".join("".join(parser.parts).split())
