"""Template filters of the board: a card as HTML, built in Python because a board shows
dozens of cards and a template include per card cost most of a render."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


def _cards(cards: Sequence[Mapping[str, Any]], empty: str = "") -> SafeString:
    if not cards:
        return format_html('<span class="muted">{}</span>', empty) if empty else mark_safe("")
    return mark_safe("".join(card_html(c) for c in cards))


def _pile(label: str, cards: Sequence[Mapping[str, Any]], empty: str = "") -> SafeString:
    return format_html(
        '<details class="pile"><summary>{} ({})</summary>{}</details>',
        label,
        len(cards),
        _cards(cards, empty),
    )


@register.simple_tag
def player_html(
    p: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], live: bool, variant: str
) -> SafeString:
    """One player's area of the board (see ``gameplay.board``): the House, stats, clock,
    title, plots, cards in play, piles, and the hand for its own player. Built in Python
    because the board is drawn on every update of every open page, and a template of
    this size costs most of the request."""
    classes = f"player house-{p['house'].lower()}"
    classes += " me" if p["is_me"] else ""
    classes += " deciding" if p["deciding"] else ""
    head = [format_html('<strong class="house-name">{}</strong>', p["name"])]
    if p["is_first"]:
        head.append(mark_safe('<span class="badge">First player</span>'))
    if p.get("team") is not None and variant == "teams":
        head.append(format_html('<span class="badge">Team {}</span>', p["team"] + 1))
    head.append(
        format_html(
            '<span class="stat" title="Power (on the House card + on cards)">Power {}</span>'
            '<span class="stat">Gold {}</span><span class="stat">Hand {}</span>'
            '<span class="stat">Deck {}</span><span class="stat">Plots left {}</span>',
            p["total_power"],
            p["gold"],
            p["hand_count"],
            p["deck_count"],
            p["plot_deck_count"],
        )
    )
    row = next((r for r in seats if r["seat"].number == p["seat"]), None)
    if row is not None:
        seat = row["seat"]
        if row["clock"] is not None:
            left = int(row["clock"] + 0.5)  # whole seconds, as the page counts them down
            running = " running" if p["deciding"] and live else ""
            head.append(
                format_html(
                    '<span class="stat clock{}" data-left="{}">{} s</span>', running, left, left
                )
            )
        if seat.conceded:
            bot = ": bot plays on" if seat.bot else ""
            head.append(format_html('<span class="badge">conceded{}</span>', bot))
        if seat.offers_draw and live:
            head.append(mark_safe('<span class="badge">offers a draw</span>'))
    body = [format_html("<header>{}</header>", mark_safe("".join(head)))]
    if title := p.get("title_info"):
        extra = format_html(" · supports {}", title["supports"]) if title["supports"] else ""
        if title["opposes"]:
            extra += format_html(" · opposes {}", ", ".join(title["opposes"]))
        body.append(
            format_html('<p class="title">Title: <strong>{}</strong>{}</p>', title["name"], extra)
        )
    plots = [mark_safe("Plot: ")]
    plot = p.get("revealed_plot")
    if plot:
        plots.append(card_html(plot))
        if plot.get("income") is not None:
            plots.append(
                format_html(
                    ' <span class="muted">(income {}, initiative {}, claim {})</span>',
                    plot["income"],
                    plot["initiative"],
                    plot["claim"],
                )
            )
    elif p.get("plot_chosen"):
        plots.append(mark_safe('<span class="muted">chosen, face down</span>'))
    else:
        plots.append(mark_safe('<span class="muted">none</span>'))
    if p.get("chosen_plot"):
        plots.append(format_html(" · You chose {}", card_html(p["chosen_plot"])))
    if p.get("plot_deck"):
        plots.append(_pile("Your plot deck", p["plot_deck"]))
    if p.get("used_plots"):
        plots.append(_pile("Used plots", p["used_plots"]))
    body.append(format_html('<div class="plots">{}</div>', mark_safe("".join(plots))))
    if p.get("house_attachments"):
        body.append(
            format_html(
                '<div class="house-card">On the House card: {}</div>',
                _cards(p["house_attachments"]),
            )
        )
    if count := p.get("setup_count"):
        shown = format_html(": {}", _cards(p["setup_cards"])) if p.get("setup_cards") else ""
        body.append(
            format_html(
                '<p class="muted">{} card{} placed face down for setup{}</p>',
                count,
                "" if count == 1 else "s",
                shown,
            )
        )
    for zone, label in (("characters", "Characters"), ("locations", "Locations")):
        body.append(
            format_html(
                '<div class="zone {}"><span class="zone-name">{}</span>{}</div>',
                zone,
                label,
                _cards(p[zone], "none"),
            )
        )
    body.append(
        format_html(
            '<div class="piles">{}{}</div>',
            _pile("Discard pile", p["discard"], "empty"),
            _pile("Dead pile", p["dead"], "empty"),
        )
    )
    if p["is_me"]:
        body.append(
            format_html(
                '<div class="zone hand" id="my-hand"><span class="zone-name">Your hand</span>'
                "{}</div>",
                _cards(p["hand"], "empty"),
            )
        )
    return format_html(
        '<article class="{}" id="player-{}">{}</article>',
        classes,
        p["seat"],
        mark_safe("".join(body)),
    )
