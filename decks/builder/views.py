"""The deck builder: card search (htmx as you type), +/− buttons, settings and import.

The page is ``/decks/<id>/edit/``. An htmx search request gets the ``search`` partial of
``decks/deck_edit.html``; a +/− (``/decks/<id>/cards/``) from htmx gets the ``deck`` partial
(validation, statistics strip, deck list) and, when the request carries the search's state
(the inputs of ``#search-state``), the search results again as an out-of-band swap so their
counts stay right. Without JavaScript every form POSTs and redirects back to the same search.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import replace_url

from config.numbers import page_number
from decks import selectors as sel
from decks import services as svc
from decks.check import UnreadableDeck, read_text
from decks.models import ALL_HOUSES, Deck
from decks.views import choices, import_note_messages, owned_deck

BUILDER_PAGE_SIZE = 20


def _search_context(deck: Deck, params) -> dict:
    """The search part of the page from ``q``, ``house``, ``type``, ``sort``, ``only``,
    ``owned`` and ``page`` in ``params``."""
    filters, notices = sel.builder_filters(params, deck.house)
    search = sel.builder_search(
        deck,
        params.get("q", "").strip(),
        only=params.get("only") == "1",
        page_number=page_number(params.get("page")),
        page_size=BUILDER_PAGE_SIZE,
        **filters,
    )
    context: dict = {
        "search": search,
        "search_notices": notices,
        "prev_url": "",
        "next_url": "",
        "every_house_url": _edit_url(deck, search, house="all"),
        "every_type_url": _edit_url(deck, search, card_type=""),
        "house_choices": [
            ("mine", "Neutral" if deck.house == "Neutral" else f"{deck.house} + neutral"),
            ("all", "All"),
            *[(house, house) for house in ALL_HOUSES],
        ],
        "type_choices": [("", "All"), *sel.BUILDER_TYPES],
        "sort_choices": sel.BUILDER_SORTS,
    }
    if search.page is not None:
        if search.page.has_previous():
            context["prev_url"] = _edit_url(deck, search, number=search.page.number - 1)
        if search.page.has_next():
            context["next_url"] = _edit_url(deck, search, number=search.page.number + 1)
    return context


def _edit_url(deck: Deck, search: sel.BuilderSearch | None = None, **changes) -> str:
    """The builder's address showing ``search`` (with ``changes``: ``query``, ``only``,
    ``owned``, ``house``, ``card_type``, ``sort``, ``number``), only the parameters that
    differ from the defaults; the bare page for none."""
    state = {
        "query": search.query if search else "",
        "only": search.only if search else False,
        "owned": search.owned if search else False,
        "house": search.house if search else sel.BUILDER_HOUSE_DEFAULT,
        "card_type": search.card_type if search else "",
        "sort": search.sort if search else sel.BUILDER_SORT_DEFAULT,
        "number": 1,
        **changes,
    }
    base = reverse("deckbuilder:deck_edit", args=[deck.pk])
    params: dict[str, str | int] = {}
    if state["query"] or state["only"] or state["number"] != 1:
        params |= {"q": state["query"], "page": state["number"]}
    if state["only"]:
        params["only"] = 1
    if state["owned"]:
        params["owned"] = 1
    if state["house"] != sel.BUILDER_HOUSE_DEFAULT:
        params["house"] = state["house"]
    if state["card_type"]:
        params["type"] = state["card_type"]
    if state["sort"] != sel.BUILDER_SORT_DEFAULT:
        params["sort"] = state["sort"]
    return f"{base}?{urlencode(params)}" if params else base


def _deck_context(deck: Deck, user) -> dict:
    return {
        "deck": deck,
        "grouped": sel.deck_cards_grouped(deck),
        "verdict": sel.deck_verdict(deck),
        "automation": sel.deck_automation(deck),
        "strip": sel.builder_strip(deck),
        "collection_check": sel.deck_collection_check(deck, user),
        "collection_prompt": True,  # "Record the packs you own" for one who has not
    }


@require_safe
@login_required
def deck_edit(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = owned_deck(request, deck_id)
    search = _search_context(deck, request.GET)
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "decks/deck_edit.html#search", {"deck": deck, **search})
        # The address keeps the search, so a reload or a shared link shows the same cards.
        replace_url(response, _edit_url(deck, search["search"]))
    else:
        context = {
            **_deck_context(deck, request.user),
            **search,
            **choices(),
            "import_text": "",
        }
        response = render(request, "decks/deck_edit.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_POST
@login_required
def deck_cards(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Set a card's count (``count``) or change it (``delta``); htmx gets the deck region."""
    deck = owned_deck(request, deck_id, with_cards=False)  # reloaded with its cards below
    code = request.POST.get("card", "").strip()
    error = ""
    try:
        if "count" in request.POST:
            svc.deck_set_count(
                deck=deck, user=request.user, card_code=code, count=request.POST["count"]
            )
        else:
            svc.deck_change_count(
                deck=deck, user=request.user, card_code=code, delta=request.POST.get("delta", "")
            )
    except svc.DeckError as exc:
        error = str(exc)
    has_search = "q" in request.POST
    if not request.htmx:
        if error:
            messages.error(request, error)
        post = request.POST
        filters, _ = sel.builder_filters(post, deck.house)
        return redirect(
            _edit_url(
                deck,
                query=post.get("q", "").strip(),
                only=post.get("only") == "1",
                number=page_number(post.get("page")),
                **filters,
            )
        )
    deck = sel.deck_for_owner_or_404(deck_id=deck.pk, user=request.user)
    context = {**_deck_context(deck, request.user), "card_error": error}
    html = render_to_string("decks/deck_edit.html#deck", context, request)
    if has_search:
        context = {"deck": deck, **_search_context(deck, request.POST)}
        html += render_to_string("decks/deck_edit.html#search_oob", context, request)
    return HttpResponse(html)


@require_POST
@login_required
def deck_settings(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = owned_deck(request, deck_id)
    try:
        svc.deck_update(
            deck=deck,
            user=request.user,
            name=request.POST.get("name", ""),
            house=request.POST.get("house", ""),
            format=request.POST.get("format", ""),
            description=request.POST.get("description", ""),
            is_public=request.POST.get("is_public") == "on",
        )
    except svc.DeckError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Settings saved.")
    return redirect("deckbuilder:deck_edit", deck.pk)


@require_POST
@login_required
def deck_import_into(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Replace the deck's cards from pasted text; any unread line stops the import."""
    deck = owned_deck(request, deck_id)
    text = request.POST.get("text", "")
    try:
        parsed, refused = read_text(text), ""
    except UnreadableDeck as error:
        parsed, refused = None, str(error)
    if parsed is None or parsed.problems or not text.strip():
        context = {
            **_deck_context(deck, request.user),
            **_search_context(deck, {}),
            **choices(),
            "import_text": text,
            "import_refused": refused,
            "import_problems": parsed.problems if parsed else (),
            "import_notes": parsed.notes if parsed else (),
            "import_empty": not text.strip(),
        }
        return render(request, "decks/deck_edit.html", context, status=400)
    try:
        svc.deck_replace_cards(deck=deck, user=request.user, spec=parsed.deck)
    except svc.DeckError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Imported: the deck's cards were replaced.")
        import_note_messages(request, parsed.notes)
    # "#top": a redirect keeps the form's "#import" otherwise, hiding the messages at the top.
    return redirect(reverse("deckbuilder:deck_edit", args=[deck.pk]) + "#top")
