"""Template filters of the board around its areas (templates/gameplay/match.html and
replay.html): the game log's lines with their card names as buttons.

As in ``matchtags``, every value is escaped with :func:`html.escape` into plain f-strings
and the whole is marked safe once: a log of 80 lines is drawn on every full update.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def log_line_html(line: Mapping[str, Any]) -> SafeString:
    """One line of the game log (``gameplay.board.log_lines``): its text, each card name
    it shows a button that opens the card's text (``data-card``: the shared preview) or,
    with static/js/log.js, finds the card's tile on the table (``data-log-ref``, the id
    its tile carries, only where the viewer's board shows that card)."""
    out = []
    for part in line.get("parts") or ({"text": line.get("text", ""), "code": ""},):
        text = escape(str(part["text"]))
        code = part.get("code")
        if not code:
            out.append(text)
            continue
        ref = part.get("ref")
        found = f' data-log-ref="{escape(ref)}"' if ref else ""
        out.append(
            f'<button type="button" class="log-card" data-card="{escape(code)}"{found}>'
            f"{text}</button>"
        )
    return mark_safe("".join(out))
