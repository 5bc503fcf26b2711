"""Decks that travel by link: every box where tournaments takes a pasted decklist takes a link.

A player (or an organizer) may paste, instead of the list itself, the address of a published
decklist (``/decklists/<id>/``, its ``export.txt`` or ``export.json`` too) or of a deck's
private share link (``/decks/shared/<token>/``): an absolute URL of any host (only its path is
read; nothing is ever fetched) or the bare path. :func:`linked_deck` reads it into the deck's
JSON and its name; ``tournaments.services._frozen_deck`` calls it, so the registration form,
the partner's box, the organizer's paste box, an invitation's and a partner's answer and the
join link all take links, and the deck is then checked and frozen as a pasted one is: the event
keeps its own copy, and later edits to the deck, or unpublishing the list, change nothing.

The paths are matched with the site's own URL configuration (``django.urls.resolve``), so a
link follows the pages wherever they are mounted. A share token or list number that leads
nowhere gets one message, whichever it was: the answer never tells whether a private deck
exists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from django.http import Http404
from django.urls import Resolver404, ResolverMatch, resolve

from decklists.models import Decklist
from decks.decklist import deck_to_json
from decks.selectors import deck_by_share_token

UNPUBLISHED = "That decklist was unpublished by its author: paste the list itself or another link."
UNKNOWN = "No published decklist or shared deck has this link."
NOT_A_DECK = (
    "That link does not lead to a decklist: paste the link of a published decklist "
    "(/decklists/…/) or a deck's share link (/decks/shared/…/), or the list itself."
)
OWN_DECK_PAGE = (
    "That is the address of a deck's own page, which only its owner can open: paste the deck's "
    "share link (on its page) or the list itself, or, registering yourself, choose the deck from "
    "your decks."
)
MALFORMED = (
    "That link cannot be read: paste the whole address of a published decklist or of a deck's "
    "share link, or the list itself."
)

# The pages a link may name, by URL name, and how the deck is found from the match's kwargs.
DECKLIST_PAGES = {"decklists:detail", "decklists:export_text", "decklists:export_json"}
SHARED_PAGES = {"deckbuilder:deck_shared"}
OWNER_PAGES = {
    "deckbuilder:deck_detail",
    "deckbuilder:deck_export_text",
    "deckbuilder:deck_export_json",
    "deckbuilder:deck_print",
    "deckbuilder:deck_edit",
}
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
MAX_LINK = 2_000


class DeckLinkError(ValueError):
    """A link that leads to no deck that may be registered; the message says why and what to
    paste instead."""


@dataclass(frozen=True)
class LinkedDeck:
    """The deck a link leads to: its ``deck_to_json`` and the name it goes by (the list's
    title or the deck's name)."""

    content: dict[str, Any]
    name: str


def is_link(content: Any) -> bool:
    """Whether pasted ``content`` is a link rather than a list: one word, with a slash, that
    is no JSON. A decklist always has a House line and cards, so it has spaces or lines.

    >>> is_link("https://maester.example/decklists/12/")
    True
    >>> is_link("/decks/shared/abc/")
    True
    >>> is_link("House Stark\\n3x Eddard Stark (Core)")
    False
    >>> is_link('{"house": "Stark"}')
    False
    """
    if not isinstance(content, str):
        return False
    text = content.strip().strip("<>\"'")
    return bool(text) and len(text.split()) == 1 and "/" in text and text[0] not in "{["


def link_path(content: str) -> str:
    """The path of a pasted link: an absolute URL's (any host), a bare path, or a host and a
    path typed without the scheme (``maester.example/decklists/12/``).

    >>> link_path("https://elsewhere.example:8000/decklists/12/export.txt?x=1#top")
    '/decklists/12/export.txt'
    >>> link_path("maester.example/decks/shared/abc")
    '/decks/shared/abc'
    >>> link_path("decklists/12")
    '/decklists/12'
    """
    text = content.strip().strip("<>\"'")
    if len(text) > MAX_LINK:
        raise DeckLinkError(MALFORMED)
    if not text.startswith("/") and not SCHEME.match(text):
        first = text.split("/", 1)[0]
        # A host typed without its scheme (it has a dot or a port), else a path without its /.
        text = ("//" if "." in first or ":" in first else "/") + text
    try:
        path = urlsplit(text).path
    except ValueError:  # a broken host, such as an unclosed [IPv6 address
        raise DeckLinkError(MALFORMED) from None
    path = unquote(path)
    if not path.startswith("/") or "\x00" in path:
        raise DeckLinkError(MALFORMED)
    return path


def _resolve(path: str) -> ResolverMatch | None:
    """The site's page at ``path``, trying it with a closing slash too."""
    for candidate in (path, path if path.endswith("/") else path + "/"):
        try:
            return resolve(candidate)
        except Resolver404:
            continue
    return None


def published_list_at(path: str) -> Decklist | None:
    """The decklist (published or not) whose page, or export, ``path`` is; None for any
    other path."""
    try:
        match = _resolve(link_path(path))
    except DeckLinkError:
        return None
    if match is None or match.view_name not in DECKLIST_PAGES:
        return None
    return Decklist.objects.filter(pk=match.kwargs.get("decklist_id")).first()


def linked_deck(content: str) -> LinkedDeck:
    """The deck a pasted link leads to, read now (the caller freezes it), or
    :class:`DeckLinkError` with a message for the person who pasted it."""
    match = _resolve(link_path(content))
    if match is None:
        raise DeckLinkError(NOT_A_DECK)
    if match.view_name in DECKLIST_PAGES:
        decklist = Decklist.objects.filter(pk=match.kwargs.get("decklist_id")).first()
        if decklist is None:
            raise DeckLinkError(UNKNOWN)
        if not decklist.is_published:
            raise DeckLinkError(UNPUBLISHED)
        return LinkedDeck(content=dict(decklist.snapshot), name=decklist.title)
    if match.view_name in SHARED_PAGES:
        try:
            deck = deck_by_share_token(str(match.kwargs.get("token", "")))
        except Http404:
            raise DeckLinkError(UNKNOWN) from None
        return LinkedDeck(content=deck_to_json(deck.to_spec()), name=deck.name)
    if match.view_name in OWNER_PAGES:
        raise DeckLinkError(OWN_DECK_PAGE)
    raise DeckLinkError(NOT_A_DECK)
