"""Template tags of the board: a card and a player's area as HTML, built in Python because
a board shows dozens of cards, is drawn on every update of every open page, and a template
include per card cost most of a render.

A card the viewer may see is a tile (its name, cost, STR, icons, crests, traits, the colour
of its House, its power, gold and duplicates as counters, turned when knelt) with the cards
attached to it tucked under it; a card the viewer may not see has no code here (``observe``,
``gameplay.board``) and is drawn as a card back that says nothing of it (static/css/
board.css draws both).

Every value is escaped with :func:`html.escape` (what Django's ``escape`` does) into plain
f-strings, and the whole is marked safe once: ``format_html`` per fragment cost more than
the rest of the drawing (it checks every argument for lazy strings and safe markers).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Any

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString, mark_safe

from gameplay.engine.coverage import NOT_AUTOMATED

register = template.Library()
# The hover text and preview note of a card whose text the engine does not play.
NOT_AUTOMATED_TITLE = escape(NOT_AUTOMATED[:1].upper() + NOT_AUTOMATED[1:])
# The marks of a tile: a letter on a challenge icon's colour, a letter in a crest's ring;
# the words are the marks' text alternatives (and the preview names them in full).
ICON_MARKS = {"military": "M", "intrigue": "I", "power": "P"}
CREST_MARKS = {"noble": "N", "war": "W", "holy": "H", "learned": "L", "shadow": "S"}
# A type named on the tile of a card that is not a character (a character shows STR).
TYPE_WORDS = {
    "location": "Location",
    "attachment": "Attachment",
    "event": "Event",
    "agenda": "Agenda",
}
# Card backs drawn for a hidden hand or face-down cards; more are counted, not drawn.
BACKS_DRAWN = 8
# What a tile the viewer may act on by hand carries: its click and keys open the card menu
# (static/js/match.js: the Table panel's actions on that card, and "Read the card"), its
# text still previews on hover (docs/DECKS.md, "Card previews": data-card-click="off").
MENU = ' aria-haspopup="dialog" data-card-click="off"'
NOTHING: frozenset[str] = frozenset()


def _e(value: Any) -> str:
    return escape(str(value))


def clock_text(seconds: int) -> str:
    """A chess clock as every viewer reads it, running or not: ``29:40``, ``0:58``
    (static/js/match.js counts a running one down in the same words)."""
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


def _words(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _plural(count: int, word: str) -> str:
    return word if count == 1 else f"{word}s"


def _house_class(houses: Sequence[str]) -> str:
    """The class that colours a tile's band by its House: one, split between two, or the
    six colours of a card of every House (Jaqen H'ghar)."""
    if not houses:
        return " house-neutral"
    first = f" house-{_e(houses[0].lower())}"
    if len(houses) == 2:
        return f"{first} second-{_e(houses[1].lower())}"
    return f"{first} houses-many" if len(houses) > 2 else first


def _counters(card: Mapping[str, Any]) -> str:
    """Power, gold and duplicates on a card: badges whose label says what they count."""
    out = []
    if power := card.get("power"):
        out.append(
            f'<span class="power" role="img" aria-label="{_e(power)} power">♦{_e(power)}</span>'
        )
    if gold := card.get("gold"):
        out.append(f'<span class="gold" role="img" aria-label="{_e(gold)} gold">●{_e(gold)}</span>')
    dupes = card.get("duplicates") or ()
    if dupes:
        hidden = sum(1 for d in dupes if not d.get("code"))
        words = f"{len(dupes)}{_plural(len(dupes), ' duplicate')}"
        words += f", {hidden} face down" if hidden else ""
        out.append(f'<span class="dupes" role="img" aria-label="{words}">+{len(dupes)}</span>')
    return f'<span class="gcount">{"".join(out)}</span>' if out else ""


def _marks(card: Mapping[str, Any]) -> str:
    """A character's STR and icons, a plot's income, initiative and claim, or the type of
    any other card; then its traits."""
    kind = card.get("type", "")
    out = []
    if kind == "character":
        shown = card.get("strength")
        shown = card.get("printed_strength") if shown is None else shown
        if shown is not None:
            out.append(f'<span class="str">{_e(shown)} STR</span>')
        icons = [i for i in card.get("icons") or () if i in ICON_MARKS]
        if icons:
            spans = "".join(f'<span class="icon icon-{i}">{ICON_MARKS[i]}</span>' for i in icons)
            label = _words([i.capitalize() for i in icons]) + _plural(len(icons), " icon")
            out.append(f'<span class="icons" role="img" aria-label="{label}">{spans}</span>')
        else:
            out.append('<span class="icons none" role="img" aria-label="No icons">–</span>')
    elif kind == "plot":
        values = (("Income", "income"), ("Initiative", "initiative"), ("Claim", "claim"))
        cells = "".join(
            f'<span><span class="gl">{word}</span> <b>{_e(card[key])}</b></span>'
            for word, key in values
            if card.get(key) is not None
        )
        if cells:
            out.append(f'<span class="gplot">{cells}</span>')
    elif kind in TYPE_WORDS:
        out.append(f'<span class="gtype">{TYPE_WORDS[kind]}</span>')
    if traits := card.get("traits"):
        out.append(f'<span class="gtraits">{_e(" ".join(f"{t}." for t in traits))}</span>')
    return "".join(out)


def _foot(card: Mapping[str, Any]) -> str:
    """The foot of a tile: crests, the word "manual", and the counters on the card."""
    out = []
    crests = [c for c in card.get("crests") or () if c in CREST_MARKS]
    if crests:
        spans = "".join(f'<span class="crest crest-{c}">{CREST_MARKS[c]}</span>' for c in crests)
        label = _words([c.capitalize() for c in crests]) + _plural(len(crests), " crest")
        out.append(f'<span class="crests" role="img" aria-label="{label}">{spans}</span>')
    if card.get("manual"):  # only a card the viewer may see has it (gameplay.board)
        out.append('<span class="manual-tag">manual</span>')
    out.append(_counters(card))
    return f'<span class="gfoot">{"".join(out)}</span>'


def _trigger(card: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """The attributes that open a visible card's text in the shared preview (docs/DECKS.md,
    "Card previews") by hover, tap or keyboard, and name it for table actions; a card among
    ``acts`` (the refs the viewer's Table panel offers actions on) opens its card menu on
    tap, click or keys instead, its text on hover."""
    code = _e(card["code"])
    trigger = f' data-code="{code}"'
    if ref := card.get("id"):
        trigger += f' data-ref="{_e(ref)}"'
        trigger += MENU if ref in acts else ""
    trigger += f' data-card="{code}" tabindex="0" role="button"'
    if card.get("manual"):
        trigger += f' title="{NOT_AUTOMATED_TITLE}" data-card-note="{NOT_AUTOMATED_TITLE}"'
    return trigger


def _tile(card: Mapping[str, Any], extra: str = "", acts: Collection[str] = NOTHING) -> str:
    """One visible card as a tile (every value escaped); a card with no code is a back."""
    if not card.get("code"):
        return _back("a card, face down")
    kind = card.get("type", "")
    knelt = bool(card.get("knelt"))
    classes = f"gcard gtile type-{_e(kind)}{_house_class(card.get('houses') or ())}{extra}"
    classes += " knelt" if knelt else ""
    classes += " unique" if card.get("unique") else ""
    classes += " stacked" if card.get("duplicates") else ""
    cost = card.get("cost")
    face = [f'<span class="gname">{_e(card.get("name", "?"))}</span>']
    if cost is not None and kind != "plot":
        face.append(
            f'<span class="gcost" role="img" aria-label="Cost {_e(cost)}">{_e(cost)}</span>'
        )
    face.append(_marks(card))
    face.append(_foot(card))
    if knelt:
        face.append('<span class="knelt-tag">knelt</span>')
    return (
        f'<span class="{classes}"{_trigger(card, acts)}><span class="gface">'
        f"{''.join(face)}</span></span>"
    )


def _attached(card: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """A card attached to another, as a strip tucked under its host: its name, counters,
    knelt in words."""
    if not card.get("code"):
        return _back("an attachment, face down", "gatt gback")
    knelt = bool(card.get("knelt"))
    classes = f"gcard gatt type-{_e(card.get('type', ''))}{_house_class(card.get('houses') or ())}"
    classes += " knelt" if knelt else ""
    parts = [f'<span class="gname">{_e(card.get("name", "?"))}</span>', _counters(card)]
    if knelt:
        parts.append('<span class="knelt-tag">knelt</span>')
    if card.get("manual"):
        parts.append('<span class="manual-tag">manual</span>')
    return f'<span class="{classes}"{_trigger(card, acts)}>{"".join(parts)}</span>'


def _card(card: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """The HTML of one card in its place: its tile, and the cards attached to it under it."""
    under = card.get("attachments") or ()
    if not under:
        return f'<span class="gslot">{_tile(card, "", acts)}</span>'
    strips = "".join(_attached(a, acts) for a in under)
    label = f"Attached to {_e(card.get('name', '?'))}"
    return (
        f'<span class="gslot">{_tile(card, "", acts)}'
        f'<span class="gunder" role="group" aria-label="{label}">{strips}</span></span>'
    )


def _back(label: str, classes: str = "gback") -> str:
    """A card back: what a hidden card shows, and its words for a screen reader."""
    return (
        f'<span class="{classes}" role="img" aria-label="{_e(label)}">'
        f'<span class="gback-word" aria-hidden="true">{_e(label)}</span></span>'
    )


def _backs(count: int, where: str) -> str:
    """``count`` hidden cards as a fan of small backs and their number (no names)."""
    fan = '<span class="mini"></span>' * min(count, BACKS_DRAWN)
    label = f"{_e(count)}{_plural(count, ' card')} {where}, face down"
    return (
        f'<span class="backs" role="img" aria-label="{label}">'
        f'{fan}<span class="backs-count" aria-hidden="true">{_e(count)}</span></span>'
    )


@register.filter
def card_html(card: Mapping[str, Any] | None) -> SafeString:
    """One card of the board (see ``gameplay.board``) as a tile: its name (its text in the
    preview), cost, strength and icons, crests and traits, power, gold, duplicates, turned
    when knelt, and the cards attached to it, each escaped; a hidden card as a back."""
    return mark_safe(_card(card) if card else "")


def _cards(
    cards: Sequence[Mapping[str, Any]], empty: str = "", acts: Collection[str] = NOTHING
) -> str:
    if not cards:
        return f'<span class="muted">{_e(empty)}</span>' if empty else ""
    return "".join(_card(c, acts) for c in cards)


def _tiles(
    cards: Sequence[Mapping[str, Any]], empty: str = "", acts: Collection[str] = NOTHING
) -> str:
    """Cards out of play (a pile): tiles in a wrapping row."""
    if not cards:
        return f'<span class="muted">{_e(empty)}</span>' if empty else ""
    return f'<span class="tiles">{"".join(_tile(c, "", acts) for c in cards)}</span>'


def _drop(zone: str, acts: Collection[str]) -> str:
    """A row of the viewer's own area as a place to drop a card dragged there (the
    ``table:move`` word of that place, static/js/match.js), when it may act by hand."""
    return f' data-zone="{zone}"' if acts else ""


def _pile(
    label: str,
    cards: Sequence[Mapping[str, Any]],
    empty: str = "",
    acts: Collection[str] = NOTHING,
    drop: str = "",
) -> str:
    return (
        f'<details class="pile"{drop}><summary>{_e(label)} ({len(cards)})</summary>'
        f"{_tiles(cards, empty, acts)}</details>"
    )


def _zone(name: str, label: str, body: str, extra: str = "") -> str:
    return (
        f'<div class="zone {name}"{extra}><span class="zone-name">{label}</span>'
        f'<span class="tiles">{body}</span></div>'
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


def _captioned(caption: str, body: str, extra: str = "") -> str:
    return (
        f'<span class="gslot captioned{extra}"><span class="caption">{caption}</span>{body}</span>'
    )


def _house_card(p: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """The House card as a tile: its power and the gold pool as counters, the cards
    attached to it (Summer Tax, Formal Petition) under it."""
    house = str(p["house"])
    power, gold = p.get("power") or 0, p.get("gold") or 0
    counters = (
        f'<span class="gfoot"><span class="gcount"><span class="power" role="img"'
        f' aria-label="{_e(power)} power on the House card">♦{_e(power)}</span>'
        f'<span class="gold" role="img" aria-label="{_e(gold)} gold in the gold pool">'
        f"●{_e(gold)}</span></span></span>"
    )
    tile = (
        f'<span class="gtile ghouse{_house_class([house])}"><span class="gface">'
        f'<span class="gname">House {_e(house)}</span>{counters}</span></span>'
    )
    under = p.get("house_attachments") or ()
    if under:
        strips = "".join(_attached(a, acts) for a in under)
        tile += f'<span class="gunder" role="group" aria-label="On the House card">{strips}</span>'
    return f'<span class="gslot house-slot">{tile}</span>'


def _agenda(p: Mapping[str, Any]) -> str:
    """The agenda beside the House card, captioned: a tile (its text in the preview), the
    cards placed on it (The Maester's Path) tucked under it; nothing without one."""
    agenda = p.get("agenda_shown")
    if not agenda:
        return ""
    under = p.get("agenda_under") or ()
    body = _tile(agenda)
    if under:
        strips = "".join(_attached(c) for c in under)
        body += f'<span class="gunder" role="group" aria-label="On the agenda">{strips}</span>'
    return _captioned("Agenda: ", body, " agenda-slot")


def _plots(p: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """The House card and the plot: revealed (a tile with its income, initiative and
    claim), chosen face down (a back), or none; the viewer's own chosen plot; another
    player's hand and the Shadows as backs."""
    slots = [_house_card(p, acts)]
    if agenda := _agenda(p):
        slots.append(agenda)
    plot = p.get("revealed_plot")
    if plot:
        slots.append(_captioned("Plot: ", _tile(plot)))
    elif p.get("plot_chosen"):
        slots.append(_captioned("Plot: ", _back("chosen, face down", "gback gtile")))
    else:
        slots.append(_captioned("Plot: ", '<span class="muted">none</span>'))
    if p.get("chosen_plot"):
        slots.append(_captioned("You chose ", _tile(p["chosen_plot"])))
    # Another player's hand and anyone's Shadows: how many cards, face down.
    if not p["is_me"] and p.get("hand_count"):
        backs = _backs(p["hand_count"], "in hand")
        slots.append(_captioned("Hand: ", backs, " hand-backs"))
    if shadows := p.get("shadows_count"):
        slots.append(_captioned("Shadows: ", _backs(shadows, "in Shadows"), " shadows"))
    return f'<div class="zone plots">{"".join(slots)}</div>'


def _piles(p: Mapping[str, Any], acts: Collection[str] = NOTHING) -> str:
    """The piles (discard, dead, used plots, plot deck); in the viewer's own area, with
    table actions, its deck too, as a place to drop a card on top of it."""
    mine = acts if p["is_me"] else NOTHING
    piles = [
        _pile("Discard pile", p["discard"], "empty", acts, _drop("discard", mine)),
        _pile("Dead pile", p["dead"], "empty", acts, _drop("dead", mine)),
    ]
    if mine:
        deck = f"Deck ({_e(p['deck_count'])})"
        piles.append(f'<span class="pile deck-pile"{_drop("deck_top", mine)}>{deck}</span>')
    if p.get("used_plots"):
        piles.append(_pile("Used plots", p["used_plots"]))
    if p.get("plot_deck"):
        piles.append(_pile("Your plot deck", p["plot_deck"]))
    if p.get("epic_battles"):  # next to the plot deck until the end of its epic phase
        piles.append(_pile("Epic Battle", p["epic_battles"]))
    return f'<div class="piles">{"".join(piles)}</div>'


@register.simple_tag
def player_html(
    p: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]] = (),
    live: bool = False,
    variant: str = "joust",
    acts: Collection[str] | None = None,
) -> SafeString:
    """One player's area of the board (see ``gameplay.board``): the House, stats, clock,
    title, the House card and plot, the cards in play in rows of tiles, piles, and the hand:
    its own player's as tiles, another's as card backs. ``acts``: the refs of the cards the
    viewer may act on by hand (its Table panel's, ``gameplay.tableview``): their tiles open
    a card menu, and the viewer's own rows take a card dragged onto them."""
    acts = acts or NOTHING
    mine = acts if p["is_me"] else NOTHING
    classes = f"player house-{_e(p['house'].lower())}"
    classes += " me" if p["is_me"] else ""
    classes += " deciding" if p["deciding"] else ""
    body = [f"<header>{_head(p, seats, live, variant)}</header>"]
    if title := p.get("title_info"):
        extra = f" · supports {_e(title['supports'])}" if title["supports"] else ""
        if title["opposes"]:
            extra += f" · opposes {_e(', '.join(title['opposes']))}"
        body.append(f'<p class="title">Title: <strong>{_e(title["name"])}</strong>{extra}</p>')
    body.append(_plots(p, acts))
    if count := p.get("setup_count"):
        plural = "" if count == 1 else "s"
        label = f"{_e(count)} card{plural} placed face down for setup"
        shown = "".join(_tile(c, " face-down") for c in p.get("setup_cards") or ())
        body.append(_zone("setup", label, shown or _backs(count, "placed for setup")))
    for zone, label in (("characters", "Characters"), ("locations", "Locations")):
        body.append(_zone(zone, label, _cards(p[zone], "none", acts), _drop("play", mine)))
    body.append(_piles(p, acts))
    if p["is_me"]:
        hand = "".join(_tile(c, "", acts) for c in p["hand"]) or '<span class="muted">empty</span>'
        body.append(_zone("hand", "Your hand", hand, ' id="my-hand"' + _drop("hand", mine)))
    return mark_safe(
        f'<article class="{classes}" id="player-{_e(p["seat"])}">{"".join(body)}</article>'
    )


# --- The Table panel (templates/gameplay/_table.html) ---------------------------------------
# Its forms hold a button per table action of every card of the seat's and a request verb
# per card of the others' (hundreds on a full board, on every update): written here, as the
# tiles are, rather than by a template loop per button.


@register.simple_tag
def table_buttons(choices: Sequence[Mapping[str, str]], name: str = "action") -> SafeString:
    """A submit button per choice (``{"action" or "verb": value, "label": words}``), named
    ``name`` and carrying the choice's value of that key, each followed by a space."""
    field = _e(name)
    return mark_safe(  # every value is escaped
        "".join(
            f'<button type="submit" name="{field}" value="{_e(c[name])}">{_e(c["label"])}</button> '
            for c in choices
        )
    )


@register.simple_tag
def source_options(sources: Sequence[Mapping[str, str]]) -> SafeString:
    """The options of a request's "For" list: no card, then each card it may be for."""
    return mark_safe(  # every value is escaped
        '<option value="">no card named</option>'
        + "".join(f'<option value="{_e(s["ref"])}">{_e(s["name"])}</option>' for s in sources)
    )


_ACT_URL, _VERSION = template.Variable("urls.act"), template.Variable("match.version")


def _form_head(context: Any) -> str:
    """A Table form's opening tag, its CSRF field (Django's own ``{% csrf_token %}``) and
    the version it was drawn at, as ``_table.html`` writes them."""
    act = _e(_ACT_URL.resolve(context))
    return (
        f'<form method="post" action="{act}" hx-post="{act}" hx-include="#seen, #log-seen" '
        f'hx-swap="none" hx-sync="closest .match-page:queue first">'
        f"{CsrfTokenNode().render(context)}\n"
        f'        <input type="hidden" name="version" value="{_e(_VERSION.resolve(context))}">'
    )


@register.simple_tag(takes_context=True)
def table_cards(context: Any) -> SafeString:
    """A disclosure per card of the seat's with table actions: its name and zone, and a form
    of a button per action."""
    head = _form_head(context)
    return mark_safe(  # every value is escaped
        "".join(
            f'    <details class="table-card" id="table-card-{_e(c["ref"])}" '
            f'data-code="{_e(c["code"])}">\n'
            f'      <summary>{_e(c["name"])} <span class="muted">({_e(c["zone"])})</span>'
            f"</summary>\n      {head}\n        {table_buttons(c['actions'])}\n"
            "      </form>\n    </details>\n"
            for c in context["table"]["cards"]
        )
    )


@register.simple_tag(takes_context=True)
def table_targets(context: Any) -> SafeString:
    """A disclosure per card of another seat's (and per other seat) a request may be about:
    a form with the card, the source list and a button per verb."""
    table = context["table"]
    head = _form_head(context)
    seat = _e(table["seat"])
    sources = table["sources"]
    source = (
        f'<label>For <select name="source">{source_options(sources)}</select></label>'
        if sources
        else ""
    )
    parts = []
    for number, t in enumerate(table["targets"], start=1):
        ident = _e(t["ref"]) if t["ref"] else f"seat-{number}"
        code = f' data-code="{_e(t["code"])}"' if t["code"] else ""
        owner = f' <span class="muted">({_e(t["owner"])})</span>' if t.get("owner") else ""
        parts.append(
            f'    <details class="table-target" id="table-target-{ident}"{code}>\n'
            f"      <summary>{_e(t['name'])}{owner}</summary>\n      {head}"
            f'<input type="hidden" name="kind" value="table:request">'
            f'<input type="hidden" name="seat" value="{seat}">'
            f'<input type="hidden" name="target" value="{_e(t["ref"])}">\n'
            f"        {source}\n        {table_buttons(t['verbs'], 'verb')}\n"
            "      </form>\n    </details>\n"
        )
    return mark_safe("".join(parts))  # every value is escaped
