"""The one sanitiser every piece of staff-written rich text goes through: scripts, handlers, dangerous URLs
and frames never survive it; the allowed markup does."""

from __future__ import annotations

import pytest

from server.content.html import plain_text, sanitise


@pytest.mark.parametrize(
    ("dirty", "clean"),
    [
        ("<p>hi</p><script>alert(1)</script>", "<p>hi</p>"),
        ("<SCRIPT SRC=//evil.test/x.js></SCRIPT>ok", "ok"),
        ('<img src="/a.png" onerror="alert(1)">', '<img src="/a.png">'),
        ('<p onclick="steal()" style="color:red">x</p>', "<p>x</p>"),
        ('<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'),
        ('<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'),
        ('<a href="&#106;avascript:alert(1)">x</a>', '<a rel="noopener noreferrer">x</a>'),
        ('<img src="data:image/svg+xml;base64,PHN2Zz4=">', "<img>"),
        ('<iframe src="https://evil.test"></iframe>after', "after"),
        ("<object data=x></object><embed src=x>ok", "ok"),
        ("<style>body{display:none}</style><b>b</b>", "<b>b</b>"),
        ('<svg onload="alert(1)"><p>x</p></svg>', "<p>x</p>"),
        ("<form action=/x><input name=p></form>t", "t"),
        ("<!-- secret --><i>i</i>", "<i>i</i>"),
    ],
)
def test_what_must_not_reach_a_browser_is_removed(dirty: str, clean: str) -> None:
    assert sanitise(dirty) == clean


def test_the_allowed_markup_stays() -> None:
    html = (
        "<h3>Title</h3><h4>Sub</h4><p><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u> <s>x</s></p>"
        "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><div><span>s</span></div>"
        '<p><img src="https://cdn.test/a.png" alt="A" width="10" height="20"></p>'
        "<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><br>"
    )
    assert sanitise(html) == html


def test_links_keep_safe_urls_and_get_noopener() -> None:
    assert sanitise('<a href="https://x.test/p" title="T">x</a>') == (
        '<a href="https://x.test/p" title="T" rel="noopener noreferrer">x</a>'
    )
    assert sanitise('<a href="/help">h</a>') == '<a href="/help" rel="noopener noreferrer">h</a>'
    # A rel of the author's own is replaced: no "opener" sneaks back in.
    assert sanitise('<a href="/x" rel="opener" target="_blank">x</a>') == (
        '<a href="/x" rel="noopener noreferrer">x</a>'
    )
    assert sanitise('<a href="ftp://x.test/f">f</a>') == '<a rel="noopener noreferrer">f</a>'


def test_plain_text_is_the_visible_text() -> None:
    assert plain_text("<p>Tom &amp; Jerry</p><p>again</p><script>hidden()</script>") == "Tom & Jerry again"
    assert plain_text('<a href="/join">join page</a>') == "join page"
    assert plain_text("") == ""
