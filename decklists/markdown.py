"""A decklist's description: Markdown in, HTML that is safe to show to everyone out.

Two locks, so that one mistake in either is not enough: markdown-it renders with raw HTML
turned off (a ``<script>`` typed in the text comes out as text) and refuses links to
``javascript:``, ``vbscript:``, ``file:`` and ``data:`` addresses; nh3 (ammonia) then keeps
only the tags and attributes listed here, whatever the renderer produced. Links open as
``nofollow ugc noopener``: the text is the author's, not the site's.

>>> render("**Rush** with <script>alert(1)</script>")
'<p><strong>Rush</strong> with &lt;script&gt;alert(1)&lt;/script&gt;</p>'
>>> render("[x](javascript:alert(1))")
'<p>[x](javascript:alert(1))</p>'
"""

from __future__ import annotations

import nh3
from markdown_it import MarkdownIt

DESCRIPTION_MAX = 10_000

TAGS = {
    "p", "br", "strong", "em", "del", "code", "pre", "blockquote", "ul", "ol", "li",
    "h3", "h4", "h5", "h6", "hr", "a", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}

# "js-default": CommonMark with tables and strikethrough, raw HTML off, typographer off.
_renderer = MarkdownIt("js-default", {"html": False, "linkify": False})


def render(text: str) -> str:
    """The description as safe HTML (headings start at h3: the page has its own h1 and h2)."""
    html = _renderer.render(text or "")
    for level in (2, 1):  # "# Title" in a description is no title of the page
        html = html.replace(f"<h{level}>", "<h3>").replace(f"</h{level}>", "</h3>")
    return nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="nofollow ugc noopener",
    ).strip()
