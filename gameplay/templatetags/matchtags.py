"""Template tags of the board: a card and a player's area as HTML, built in Python because
a board shows dozens of cards, is drawn on every update of every open page, and a template
include per card cost most of a render.

Every value is escaped with :func:`html.escape` (what Django's ``escape`` does) into plain
f-strings, and the whole is marked safe once: ``format_html`` per fragment cost more than
the rest of the drawing (it checks every argument for lazy strings and safe markers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from gameplay.engine.coverage import NOT_AUTOMATED

register = template.Library()
# The hover text and preview note of a card whose text the engine does not play.
NOT_AUTOMATED_TITLE = escape(NOT_AUTOMATED[:1].upper() + NOT_AUTOMATED[1:])


def _e(value: Any) -> str:
    return escape(str(value))


def clock_text(seconds: int) -> str:
    """A chess clock as every viewer reads it, running or not: ``29:40``, ``0:58``
    (static/js/match.js counts a running one down in the same words)."""
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _card(card: Mapping[str, Any]) -> str:
    """The HTML of one card, its attachments included (every value escaped)."""
    parts = [f'<span class="gname">{_e(card.get("name", "?"))}</span>']
    kind = card.get("type", "")
    if kind == "character" and card.get("strength") is not None:
        parts.append(f' <span class="str" title="Strength">{_e(card["strength"])} STR</span>')
    if icons := card.get("icons"):
        spans = "".join(
            f'<span class="icon icon-{_e(i)}" title="{_e(i)}">{_e(i[:1].upper())}</span>'
            for i in icons
        )
        parts.append(f' <span class="icons">{spans}</span>')
    if power := card.get("power"):
        parts.append(f' <span class="power" title="Power on the card">♦{_e(power)}</span>')
    if gold := card.get("gold"):
        parts.append(f' <span class="gold" title="Gold on the card">●{_e(gold)}</span>')
    if dupes := len(card.get("duplicates") or ()):
        plural = "s" if dupes > 1 else ""
        parts.append(f' <span class="dupes" title="Duplicates">+{dupes} dupe{plural}</span>')
    knelt = card.get("knelt")
    if knelt:
        parts.append(' <span class="knelt-tag">knelt</span>')
    manual = bool(card.get("manual"))  # only a card the viewer may see has it (gameplay.board)
    if manual:
        parts.append(' <span class="manual-tag">manual</span>')
    for attached in card.get("attachments") or ():
        parts.append(f'<span class="attachment">↳ {_card(attached)}</span>')
    # The card's text opens in the shared preview (docs/DECKS.md, "Card previews") by
    # hover, tap or keyboard; only cards the viewer may see carry a code (``observe``).
    code = card.get("code") or ""
    trigger = f' data-card="{_e(code)}" tabindex="0" role="button"' if code else ""
    if manual and code:
        trigger += f' title="{NOT_AUTOMATED_TITLE}" data-card-note="{NOT_AUTOMATED_TITLE}"'
    return (
        f'<span class="{"gcard knelt" if knelt else "gcard"} type-{_e(kind)}"'
        f' data-code="{_e(code)}"{trigger}>{"".join(parts)}</span>'
    )


@register.filter
def card_html(card: Mapping[str, Any] | None) -> SafeString:
    """One card of the board (see ``gameplay.board``): its name (its text in the preview),
    strength and icons for a character, power, gold, duplicates, knelt, and the cards
    attached to it, each escaped."""
    return mark_safe(_card(card) if card else "")


def _cards(cards: Sequence[Mapping[str, Any]], empty: str = "") -> str:
    if not cards:
        return f'<span class="muted">{_e(empty)}</span>' if empty else ""
    return "".join(_card(c) for c in cards)


def _pile(label: str, cards: Sequence[Mapping[str, Any]], empty: str = "") -> str:
    return (
        f'<details class="pile"><summary>{_e(label)} ({len(cards)})</summary>'
        f"{_cards(cards, empty)}</details>"
    )


def _head(p: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], live: bool, variant: str):
    head = [f'<strong class="house-name">{_e(p["name"])}</strong>']
    if p["is_first"]:
        head.append('<span class="badge">First player</span>')
    if p.get("team") is not None and variant == "teams":
        if p.get("my_partner"):
            head.append(
                f'<span class="badge partner">Your partner · Team {_e(p["team"] + 1)}</span>'
            )
        else:
            partner = f", partner of {_e(p['partner_of'])}" if p.get("partner_of") else ""
            head.append(f'<span class="badge">Team {_e(p["team"] + 1)}{partner}</span>')
    head.append(
        '<span class="stat" title="Power (on the House card + on cards)">'
        f"Power {_e(p['total_power'])}</span>"
        f'<span class="stat">Gold {_e(p["gold"])}</span>'
        f'<span class="stat">Hand {_e(p["hand_count"])}</span>'
        f'<span class="stat">Deck {_e(p["deck_count"])}</span>'
        f'<span class="stat">Plots left {_e(p["plot_deck_count"])}</span>'
    )
    row = next((r for r in seats if r["seat"].number == p["seat"]), None)
    if row is not None:
        seat = row["seat"]
        if row["clock"] is not None:
            left = int(row["clock"] + 0.5)  # whole seconds, as the page counts them down
            running = " running" if p["deciding"] and live else ""
            head.append(
                f'<span class="stat clock{running}" data-left="{left}" '
                f'aria-label="Time on the clock">{clock_text(left)}</span>'
            )
        if seat.bot and p["deciding"] and live:
            # Its move is pending (the search bot takes up to a second): say so.
            head.append('<span class="badge thinking" role="status">thinking…</span>')
        if seat.conceded:
            bot = ": bot plays on" if seat.bot else ""
            head.append(f'<span class="badge">conceded{bot}</span>')
        if seat.offers_draw and live:
            head.append('<span class="badge">offers a draw</span>')
    return "".join(head)


def _plots(p: Mapping[str, Any]) -> str:
    plots = ["Plot: "]
    plot = p.get("revealed_plot")
    if plot:
        plots.append(_card(plot))
        if plot.get("income") is not None:
            plots.append(
                f' <span class="muted">(income {_e(plot["income"])}, initiative'
                f" {_e(plot['initiative'])}, claim {_e(plot['claim'])})</span>"
            )
    elif p.get("plot_chosen"):
        plots.append('<span class="muted">chosen, face down</span>')
    else:
        plots.append('<span class="muted">none</span>')
    if p.get("chosen_plot"):
        plots.append(f" · You chose {_card(p['chosen_plot'])}")
    if p.get("plot_deck"):
        plots.append(_pile("Your plot deck", p["plot_deck"]))
    if p.get("used_plots"):
        plots.append(_pile("Used plots", p["used_plots"]))
    if p.get("epic_battles"):  # next to the plot deck until the end of its epic phase
        plots.append(_pile("Epic Battle", p["epic_battles"]))
    return f'<div class="plots">{"".join(plots)}</div>'


@register.simple_tag
def player_html(
    p: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], live: bool, variant: str
) -> SafeString:
    """One player's area of the board (see ``gameplay.board``): the House, stats, clock,
    title, plots, cards in play, piles, and the hand for its own player."""
    classes = f"player house-{_e(p['house'].lower())}"
    classes += " me" if p["is_me"] else ""
    classes += " deciding" if p["deciding"] else ""
    body = [f"<header>{_head(p, seats, live, variant)}</header>"]
    if title := p.get("title_info"):
        extra = f" · supports {_e(title['supports'])}" if title["supports"] else ""
        if title["opposes"]:
            extra += f" · opposes {_e(', '.join(title['opposes']))}"
        body.append(f'<p class="title">Title: <strong>{_e(title["name"])}</strong>{extra}</p>')
    body.append(_plots(p))
    if p.get("house_attachments"):
        body.append(
            f'<div class="house-card">On the House card: {_cards(p["house_attachments"])}</div>'
        )
    if count := p.get("setup_count"):
        shown = f": {_cards(p['setup_cards'])}" if p.get("setup_cards") else ""
        plural = "" if count == 1 else "s"
        body.append(
            f'<p class="muted">{_e(count)} card{plural} placed face down for setup{shown}</p>'
        )
    for zone, label in (("characters", "Characters"), ("locations", "Locations")):
        body.append(
            f'<div class="zone {zone}"><span class="zone-name">{label}</span>'
            f"{_cards(p[zone], 'none')}</div>"
        )
    body.append(
        f'<div class="piles">{_pile("Discard pile", p["discard"], "empty")}'
        f"{_pile('Dead pile', p['dead'], 'empty')}</div>"
    )
    if p["is_me"]:
        body.append(
            '<div class="zone hand" id="my-hand"><span class="zone-name">Your hand</span>'
            f"{_cards(p['hand'], 'empty')}</div>"
        )
    return mark_safe(
        f'<article class="{classes}" id="player-{_e(p["seat"])}">{"".join(body)}</article>'
    )
