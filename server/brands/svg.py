"""Checks an SVG a brand stores (its logo, its favicon) against an allow-list: plain vector shapes and
gradients only. The portal shows these images on every page of the brand, so nothing in them may run
(scripts, event handlers, animations that set attributes) or reach outside the file (links, external
images, fonts, stylesheets): an SVG that names anything else is refused, not cleaned, so that what is
stored is exactly what the operator sent."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_SVG_CHARS = 12_000

ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "title", "desc", "path", "rect", "circle", "ellipse", "line", "polyline",
        "polygon", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "use",
    }
)  # fmt: skip
ATTRIBUTES = frozenset(
    {
        "xmlns", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx",
        "ry", "fx", "fy", "d", "points", "fill", "fill-opacity", "fill-rule", "clip-rule", "stroke",
        "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-opacity", "stroke-dasharray",
        "stroke-miterlimit", "opacity", "transform", "id", "offset", "stop-color", "stop-opacity",
        "gradientUnits", "gradientTransform", "spreadMethod", "clip-path", "mask", "maskUnits",
        "clipPathUnits", "preserveAspectRatio", "href", "role", "aria-hidden", "aria-label", "focusable",
        "vector-effect", "shape-rendering",
    }
)  # fmt: skip
# Inside the file only: "#id" and url(#id). Anything else after url( reaches out.
_LOCAL_REF = re.compile(r"#[A-Za-z_][\w.-]*")
_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)['\"]?\s*\)", re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^?]*\?>")


class UnsafeSvg(ValueError):
    """The SVG names something outside the allow-list (the reason says what)."""


class MalformedSvg(ValueError):
    """Not an SVG document at all, or too large."""


def _local(name: str) -> tuple[str | None, str]:
    if name.startswith("{"):
        namespace, local = name[1:].split("}", 1)
        return namespace, local
    return None, name


def _check_attribute(element: str, name: str, value: str) -> None:
    namespace, local = _local(name)
    if namespace not in (None, XLINK_NS) or (namespace == XLINK_NS and local != "href"):
        raise UnsafeSvg(f"<{element}> attribute {name} is not allowed")
    if local not in ATTRIBUTES:
        raise UnsafeSvg(f"<{element}> attribute {local} is not allowed")
    if local == "href" and not _LOCAL_REF.fullmatch(value.strip()):
        raise UnsafeSvg(f"<{element}> links outside the image ({value[:60]})")
    for target in _URL.findall(value):
        if not _LOCAL_REF.fullmatch(target.strip()):
            raise UnsafeSvg(f"<{element}> {local} refers outside the image ({target[:60]})")
    if "javascript:" in value.lower().replace(" ", ""):
        raise UnsafeSvg(f"<{element}> {local} holds a script address")


def check_svg(text: str) -> str:
    """The SVG as given when it passes the allow-list; UnsafeSvg or MalformedSvg otherwise."""
    if len(text) > MAX_SVG_CHARS:
        raise MalformedSvg(f"an SVG of at most {MAX_SVG_CHARS} characters")
    body = _XML_DECLARATION.sub("", text, count=1)
    # Entities and processing instructions are refused before parsing: no entity is ever expanded.
    if "<!DOCTYPE" in body.upper() or "<!ENTITY" in body.upper():
        raise UnsafeSvg("a DOCTYPE or entity declaration is not allowed")
    if "<?" in body:
        raise UnsafeSvg("processing instructions are not allowed")
    try:
        root = ET.fromstring(body)  # noqa: S314 - no DOCTYPE, so no entity can expand
    except ET.ParseError as exc:
        raise MalformedSvg(f"not well-formed XML: {exc}") from exc
    if root.tag != f"{{{SVG_NS}}}svg":
        raise MalformedSvg("the root element must be <svg> in the SVG namespace")
    for element in root.iter():
        namespace, local = _local(element.tag) if isinstance(element.tag, str) else (None, "?")
        if namespace != SVG_NS or local not in ELEMENTS:
            raise UnsafeSvg(f"element <{local}> is not allowed")
        for name, value in element.attrib.items():
            _check_attribute(local, name, value)
        if local not in ("title", "desc") and (element.text or "").strip():
            raise UnsafeSvg(f"<{local}> may not hold text")
    if "viewBox" not in root.attrib:
        raise MalformedSvg("the <svg> element needs a viewBox, so that it scales to any size")
    return text
