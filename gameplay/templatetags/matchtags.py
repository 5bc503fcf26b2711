"""Template filters of the board: a card as HTML, built in Python because a board shows
dozens of cards and a template include per card cost most of a render."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def card_html(card: Mapping[str, Any] | None) -> SafeString:
    """One card of the board (see ``gameplay.board``): its name with its text on hover,
    strength and icons for a character, power, gold, duplicates, knelt, and the cards
    attached to it, each escaped."""
    if not card:
        return mark_safe("")
    parts = [format_html('<span class="gname">{}</span>', card.get("name", "?"))]
    if card.get("type") == "character" and card.get("strength") is not None:
        parts.append(
            format_html(' <span class="str" title="Strength">{} STR</span>', card["strength"])
        )
    if card.get("icons"):
        icons = format_html_join(
            "",
            '<span class="icon icon-{}" title="{}">{}</span>',
            ((i, i, i[:1].upper()) for i in card["icons"]),
        )
        parts.append(format_html(' <span class="icons">{}</span>', icons))
    if card.get("power"):
        parts.append(
            format_html(' <span class="power" title="Power on the card">♦{}</span>', card["power"])
        )
    if card.get("gold"):
        parts.append(
            format_html(' <span class="gold" title="Gold on the card">●{}</span>', card["gold"])
        )
    dupes = len(card.get("duplicates") or ())
    if dupes:
        parts.append(
            format_html(
                ' <span class="dupes" title="Duplicates">+{} dupe{}</span>',
                dupes,
                "s" if dupes > 1 else "",
            )
        )
    if card.get("knelt"):
        parts.append(mark_safe(' <span class="knelt-tag">knelt</span>'))
    for attached in card.get("attachments") or ():
        parts.append(format_html('<span class="attachment">↳ {}</span>', card_html(attached)))
    title = card.get("name", "")
    if card.get("text"):
        title = f"{title} — {card['text']}"
    classes = "gcard knelt" if card.get("knelt") else "gcard"
    return format_html(
        '<span class="{} type-{}" data-code="{}" title="{}">{}</span>',
        classes,
        card.get("type", ""),
        card.get("code", ""),
        title,
        mark_safe("".join(parts)),  # every part is escaped by format_html above
    )
