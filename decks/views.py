"""Pages of stored decks: my decks, deck page, share link, import, versions.

The builder (``/decks/<id>/edit/`` and its htmx requests) lives in ``decks.builder.views``.

Views only parse input, call one service or selector and render. Errors a user can cause
(``DeckError``) come back as a message on the page; an htmx request gets the named partial of
the same template, and every form works without JavaScript (POST, then redirect back).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cards.models import Card
from config.numbers import number_or_none
from decks import selectors as sel
from decks import services as svc
from decks.check import UnreadableDeck, read_deck, read_text
from decks.decklist import DecklistError, ParsedDeck, deck_to_json, write_decklist
from decks.models import ALL_HOUSES, Deck
from decks.selectors import card_name_index
from decks.validation import FORMATS, DeckSpec


def _agendas():
    return (
        Card.objects.filter(card_type=Card.Type.AGENDA)
        .select_related("product")
        .order_by("name", "position")
    )


def choices() -> dict:
    return {"houses": ALL_HOUSES, "formats": FORMATS.values()}


def _is_owner(deck: Deck, user) -> bool:
    return user.is_authenticated and deck.owner_id == user.pk


def owned_deck(request: HttpRequest, deck_id: int, *, with_cards: bool = True) -> Deck:
    """The deck for its owner; 404 when the user may not see it, 403 when they may only look."""
    deck = sel.deck_for_viewer(deck_id=deck_id, user=request.user, with_cards=with_cards)
    if not _is_owner(deck, request.user):
        raise PermissionDenied("Only the owner of this deck may edit it.")
    return deck


# Notes shown one by one after an import; past this many, one line says how many more.
MAX_NOTE_MESSAGES = 12


def import_note_messages(request: HttpRequest, notes) -> None:
    """How the importer read what it guessed at (a corrected typo, a product it did not know,
    a skipped comment), as messages on the next page: the API returns them as ``notes``."""
    notes = list(notes)
    if not notes:
        return
    s = "s" if len(notes) > 1 else ""
    messages.info(request, f"Read with {len(notes)} note{s}; check that these guesses are right:")
    for note in notes[:MAX_NOTE_MESSAGES]:
        messages.info(request, f"Line {note.line}: {note.message}", extra_tags="import-note")
    if len(notes) > MAX_NOTE_MESSAGES:
        more = len(notes) - MAX_NOTE_MESSAGES
        messages.info(request, f"… and {more} more note{'s' if more > 1 else ''}.")


# My decks and new decks ------------------------------------------------------------------


@require_safe
@login_required
def deck_list(request: HttpRequest) -> HttpResponse:
    context = {"decks": sel.decks_of(request.user), "agendas": _agendas(), **choices()}
    return render(request, "decks/deck_list.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def deck_new(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":  # typed in or bookmarked: the form is on My decks
        return redirect(reverse("deckbuilder:deck_list") + "#new-deck")
    agenda = request.POST.get("agenda", "").strip()
    try:
        deck = svc.deck_create(
            owner=request.user,
            name=request.POST.get("name", ""),
            house=request.POST.get("house", ""),
            agenda_codes=[agenda] if agenda else [],
            format=request.POST.get("format", "joust"),
        )
    except svc.DeckError as error:
        messages.error(request, str(error))
        return redirect("deckbuilder:deck_list")
    return redirect("deckbuilder:deck_edit", deck.pk)


# Read-only pages -------------------------------------------------------------------------


def _detail(request: HttpRequest, deck: Deck, *, shared: bool) -> HttpResponse:
    context = {
        "deck": deck,
        "grouped": sel.deck_cards_grouped(deck),
        "verdict": sel.deck_verdict(deck),
        "automation": sel.deck_automation(deck),
        "insight": sel.deck_insight(
            deck,
            odds_code=request.GET.get("odds", ""),
            hand_seed=_seed(request.GET.get("hand")),
        ),
        "is_owner": _is_owner(deck, request.user),
        "shared": shared,
        "collection_check": sel.deck_collection_check(deck, request.user),
    }
    return render(request, "decks/deck_detail.html", context)


def _seed(value: str | None) -> int | None:
    """A sample hand's seed from the URL (so a hand can be shared); anything else draws anew."""
    return number_or_none(value)


@require_safe
def deck_detail(request: HttpRequest, deck_id: int) -> HttpResponse:
    return _detail(request, sel.deck_for_viewer(deck_id=deck_id, user=request.user), shared=False)


@require_safe
def deck_shared(request: HttpRequest, token: str) -> HttpResponse:
    return _detail(request, sel.deck_by_share_token(token), shared=True)


@require_safe
def deck_export_text(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = sel.deck_for_viewer(deck_id=deck_id, user=request.user)
    try:
        text = write_decklist(deck.to_spec(), card_name_index(), name=deck.name)
    except DecklistError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    return HttpResponse(f"{text}\n", content_type="text/plain; charset=utf-8")


@require_safe
def deck_export_json(request: HttpRequest, deck_id: int) -> JsonResponse:
    deck = sel.deck_for_viewer(deck_id=deck_id, user=request.user)
    return JsonResponse({"name": deck.name, **deck_to_json(deck.to_spec())})


@require_safe
def deck_print(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = sel.deck_for_viewer(deck_id=deck_id, user=request.user)
    context = {"deck": deck, "grouped": sel.deck_cards_grouped(deck)}
    return render(request, "decks/deck_print.html", context)


@require_POST
@login_required
def deck_clone(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = sel.deck_for_viewer(deck_id=deck_id, user=request.user)
    copy = svc.deck_clone(deck=deck, user=request.user)
    messages.success(request, f"Cloned into your decks as {copy.name!r}.")
    return redirect("deckbuilder:deck_edit", copy.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def deck_delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = owned_deck(request, deck_id)
    if request.method == "POST":
        svc.deck_delete(deck=deck, user=request.user)
        messages.success(request, f"Deleted {deck.name!r}.")
        return redirect("deckbuilder:deck_list")
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck})


def _read_import(text: str) -> ParsedDeck:
    """A pasted deck: the site's own JSON export (or any deck JSON) or a text list."""
    if text.strip().startswith("{"):
        spec, name, _, _ = read_deck(text)
        return ParsedDeck(spec, name)
    return read_text(text)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def deck_import(request: HttpRequest) -> HttpResponse:
    """A new deck from pasted text; the House comes from the text, or is asked for."""
    context: dict = {"text": "", "name": "", "house": "", "format": "joust", **choices()}
    if request.method == "POST":
        text = request.POST.get("text", "")
        try:
            parsed, refused = _read_import(text), ""
        except UnreadableDeck as error:
            parsed, refused = ParsedDeck(DeckSpec("", (), {})), str(error)
        house = parsed.deck.house or request.POST.get("house", "")
        name = request.POST.get("name", "").strip() or parsed.name or "Imported deck"
        fmt = request.POST.get("format", "").strip() or "joust"
        context |= {"text": text, "name": name, "house": house, "format": fmt, "parsed": parsed}
        if not text.strip():
            context["error"] = "Paste a decklist first."
        elif refused:
            context["error"] = refused
        elif parsed.problems:
            context["error"] = "Some lines could not be read; fix them and import again."
        elif not house:
            context["error"] = "The list names no House; choose one."
            context["ask_house"] = True
        else:
            spec = DeckSpec(house, parsed.deck.agendas, parsed.deck.entries)
            try:
                deck = svc.deck_create(
                    owner=request.user,
                    name=name,
                    house=spec.house,
                    agenda_codes=spec.agendas,
                    entries=spec.entries,
                    format=fmt,
                    note="Imported",
                )
            except svc.DeckError as error:
                context["error"] = str(error)
            else:
                messages.success(request, f"Imported {deck.name!r}.")
                import_note_messages(request, parsed.notes)
                return redirect("deckbuilder:deck_detail", deck.pk)
        return render(request, "decks/deck_import.html", context, status=400)
    return render(request, "decks/deck_import.html", context)


# Versions --------------------------------------------------------------------------------


@require_safe
@login_required
def deck_versions(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = owned_deck(request, deck_id)
    rows = sel.versions_with_diffs(deck)
    context = {"deck": deck, "rows": rows, "numbers": [r.version.number for r in rows[::-1]]}
    return render(request, "decks/deck_versions.html", context)


@require_safe
@login_required
def deck_versions_compare(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Any two versions side by side (``?a=N&b=M``); bad or unknown numbers get a message."""
    deck = owned_deck(request, deck_id)
    comparison = sel.compare_versions(deck, request.GET.get("a"), request.GET.get("b"))
    status = 400 if comparison.error else 200
    context = {"deck": deck, "comparison": comparison}
    return render(request, "decks/deck_versions_compare.html", context, status=status)


@require_POST
@login_required
def deck_restore(request: HttpRequest, deck_id: int, number: int) -> HttpResponse:
    deck = owned_deck(request, deck_id)
    try:
        svc.deck_restore_version(deck=deck, user=request.user, number=number)
    except svc.DeckError as error:
        messages.error(request, str(error))
        return redirect("deckbuilder:deck_versions", deck.pk)
    messages.success(request, f"Restored version {number}.")
    return redirect("deckbuilder:deck_edit", deck.pk)
