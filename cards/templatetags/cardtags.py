"""Template filters that draw card data as HTML: rules text, icons, houses, restrictions.

Every filter escapes the card's text itself and returns safe HTML, so templates never need
``|safe`` on card data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import quote

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from cards.models import ALL_HOUSES, HOUSES, Card

register = template.Library()

# An inline token of the rules text: "[Stark]", "[Military]", "[+1 Income]".
TOKEN = re.compile(r"\[([^\[\]\n]{1,30})\]")
# The label of a triggered ability or action at the start of a paragraph ("Response:").
TRIGGER = re.compile(
    r"^(?:(?:Limited|Forced) )?(?:Response|Interrupt|Challenges|Any [Pp]hase|Marshall?ing"
    r"|Marhalling|Dominance|Plot|Draw|Standing|Taxation|Setup|Action):"
)
BONUS = re.compile(r"^[+-][0-9X]+ (Income|Initiative|Influence|Gold)$", re.IGNORECASE)

# Token spellings of the challenge icons, including one misprint in the card data.
ICON_NAMES = {
    "military": "military",
    "millitary": "military",
    "intrigue": "intrigue",
    "power": "power",
}
CREST_NAMES = {"war", "noble", "learned", "holy", "shadow", "shadows"}
ICON_LETTERS = {"military": "M", "intrigue": "I", "power": "P"}


def _token_html(label: str) -> str:
    """One inline token as a styled badge; unknown tokens keep their brackets as text."""
    key = label.strip().lower()
    if key in ICON_NAMES:
        icon = ICON_NAMES[key]
        return format_html(
            '<span class="tok tok-icon icon-{}" title="{} icon">{}</span>',
            icon,
            icon.capitalize(),
            label,
        )
    if key == "naval":
        return format_html('<span class="tok tok-naval" title="Naval">{}</span>', label)
    if label.strip() in HOUSES:
        return format_html(
            '<span class="tok tok-house house-{}" title="House {}">{}</span>', key, label, label
        )
    if key in CREST_NAMES:
        return format_html(
            '<span class="tok tok-crest crest-{}" title="{} crest">{}</span>',
            "shadow" if key == "shadows" else key,
            label,
            label,
        )
    match = BONUS.match(label.strip())
    if match:
        return format_html(
            '<span class="tok tok-bonus bonus-{}">{}</span>', match.group(1).lower(), label
        )
    return format_html('<span class="tok">{}</span>', label)


@dataclass
class _Piece:
    start: int
    end: int
    token: str | None = None  # the label of an inline token
    bold: bool = False


def _line_html(line: str, errata: list[tuple[int, int]]) -> str:
    """One paragraph: tokens as badges, the trigger label bold, errata ranges marked."""
    tokens = [(m.start(), m.end(), m.group(1)) for m in TOKEN.finditer(line)]
    # A token is drawn whole: an errata range that cuts into one is widened to cover it.
    ranges = []
    for start, end in errata:
        start, end = max(0, min(start, len(line))), max(0, min(end, len(line)))
        for t_start, t_end, _ in tokens:
            if t_start < start < t_end:
                start = t_start
            if t_start < end < t_end:
                end = t_end
        if start < end:
            ranges.append((start, end))

    trigger = TRIGGER.match(line)
    bold_end = trigger.end() if trigger else 0
    cuts = {0, len(line), bold_end}
    cuts.update(edge for r in ranges for edge in r)
    cuts.update(edge for t in tokens for edge in t[:2])
    token_at = {start: (end, label) for start, end, label in tokens}

    pieces: list[_Piece] = []
    edges = sorted(cuts)
    position = 0
    for edge in edges[1:]:
        if edge <= position:
            continue
        if position in token_at:
            end, label = token_at[position]
            pieces.append(_Piece(position, end, token=label))
            position = end
            continue
        pieces.append(_Piece(position, edge, bold=edge <= bold_end))
        position = edge

    out: list[str] = []
    in_errata = False
    for piece in pieces:
        changed = any(start <= piece.start and piece.end <= end for start, end in ranges)
        if changed != in_errata:
            out.append('<mark class="errata" title="Changed by errata">' if changed else "</mark>")
            in_errata = changed
        if piece.token is not None:
            out.append(_token_html(piece.token))
        elif piece.bold:
            out.append(f"<b>{escape(line[piece.start : piece.end])}</b>")
        else:
            out.append(escape(line[piece.start : piece.end]))
    if in_errata:
        out.append("</mark>")
    return "".join(out)


@register.filter
def rules_html(card: Card) -> SafeString:
    """The rules text of a card as paragraphs, with tokens and errata drawn."""
    if not card.rules_text:
        return mark_safe("")
    errata: dict[int, list[tuple[int, int]]] = {}
    for change in card.errata or []:
        errata.setdefault(int(change["line"]), []).append(
            (int(change["start"]), int(change["end"]))
        )
    paragraphs = [
        f"<p>{_line_html(line, errata.get(index, []))}</p>"
        for index, line in enumerate(card.rules_text.split("\n"))
        if line.strip()
    ]
    # Safe: every piece of text was escaped by _line_html.
    return mark_safe("".join(paragraphs))


@register.filter
def icon_badges(card: Card) -> SafeString:
    """Challenge icons as letter badges (M, I, P), naval icons marked."""
    return format_html_join(
        "",
        '<span class="icon icon-{}{}" title="{}">{}</span>',
        (
            (
                icon,
                " naval" if icon in card.naval_icons else "",
                icon.capitalize() + (" (naval)" if icon in card.naval_icons else ""),
                ICON_LETTERS.get(icon, icon[:1].upper()),
            )
            for icon in card.icons
        ),
    )


@register.filter
def house_badges(card: Card) -> SafeString:
    return format_html_join(
        " ",
        '<span class="house-badge house-{}">{}</span>',
        ((house.lower(), house) for house in card.houses),
    )


@register.filter
def house_class(card: Card) -> str:
    """CSS classes of the card frame: colored by its first house, split with a second one."""
    first = f"house-{card.houses[0].lower()}" if card.houses else "house-neutral"
    if len(card.houses) > 1:
        return f"{first} second-{card.houses[1].lower()} multi-house"
    return first


@register.filter
def deck_restriction(card: Card) -> str:
    """Which decks may hold the card, when not every deck may; "" otherwise."""
    if not card.house_only:
        return ""
    legal = [house for house in ALL_HOUSES if house in card.legal_houses]
    if legal == ["Neutral"]:
        return "Neutral Faction decks only."
    excluded = [house for house in HOUSES if house not in legal]
    if len(excluded) < len(legal) - 1:
        return "Any House except " + " and ".join(excluded) + "."
    return " or ".join(f"House {house}" for house in legal if house != "Neutral") + " only."


@register.filter
def root_code(card: Card) -> str:
    """Code of the first printing of this exact card (itself when it is the first)."""
    return card.printing_of or card.code


def _url_builder(name: str) -> Callable[[str], str]:
    """Reverse a one-argument URL once, then fill it in per code (reverse is slow per row)."""
    marker = "CODE0MARKER"
    pattern = reverse(name, args=[marker])
    return lambda code: pattern.replace(marker, quote(code, safe=""))


@register.filter
def card_rows(cards: Iterable[Card], show_copies: bool = False) -> SafeString:
    """The rows of a card table, drawn in Python: the search page must stay fast.

    Uses only the fields of ``TABLE_FIELDS``, so callers may load just those.
    """
    card_url = _url_builder("decks:card_detail")
    product_url = _url_builder("decks:product_detail")
    rows = [
        format_html(
            '<tr><td class="name"><a href="{}" data-card="{}">{}{}</a>{}</td><td>{}</td><td>{}</td>'
            '<td class="num">{}</td><td class="num">{}</td><td class="icons">{}</td>'
            '<td class="product"><a href="{}">{}</a> #{}</td></tr>',
            card_url(card.code),
            card.code,
            UNIQUE_MARK if card.unique else "",
            card.name,
            COPY_MARK if show_copies and card.printing_of else "",
            card.get_card_type_display(),
            house_badges(card),
            "" if card.cost is None else card.cost,
            "" if card.strength is None else card.strength,
            icon_badges(card),
            product_url(card.product.code),
            card.product.name,
            card.number,
        )
        for card in cards
    ]
    return mark_safe("\n".join(rows))


UNIQUE_MARK = mark_safe('<span class="unique" title="Unique">◆</span> ')
COPY_MARK = mark_safe(' <span class="muted" title="Same card as an earlier entry">(copy)</span>')
# The fields card_rows reads; a search may load only these.
TABLE_FIELDS = [
    "code", "name", "unique", "card_type", "houses", "cost", "strength", "icons", "naval_icons",
    "printing_of", "number", "position", "product__code", "product__name",
]  # fmt: skip
