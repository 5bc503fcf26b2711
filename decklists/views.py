"""Pages of published decklists: browse, one list, publish, and the buttons on a list.

Thin views: parse, call one service or selector, render. A ``DecklistError`` comes back as a
message on the page; acting on someone else's list is a 403 (``PermissionDenied``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import ratelimit
from cards.models import ALL_HOUSES, Card, Product
from decklists import selectors as sel
from decklists import services as svc
from decklists.models import DecklistComment
from decks.selectors import deck_for_viewer, rows_grouped


def _filter_choices() -> dict:
    return {
        "houses": ALL_HOUSES,
        "agendas": Card.objects.filter(card_type=Card.Type.AGENDA).order_by("name", "position"),
        "products": Product.objects.order_by("order"),
        "sorts": [("newest", "Newest"), ("likes", "Most liked"), ("copies", "Most copied")],
    }


@require_safe
def decklist_browse(request: HttpRequest) -> HttpResponse:
    browse = sel.decklist_browse(request.GET, request.user)
    query = request.GET.copy()
    query.pop("page", None)
    context = {"browse": browse, "query": query.urlencode(), **_filter_choices()}
    if request.htmx:
        return render(request, "decklists/browse.html#results", context)
    return render(request, "decklists/browse.html", context)


@require_safe
@login_required
def decklist_favourites(request: HttpRequest) -> HttpResponse:
    browse = sel.decklist_browse(request.GET, request.user, base=sel.favourites_of(request.user))
    context = {"browse": browse, "favourites": True, **_filter_choices()}
    return render(request, "decklists/browse.html", context)


@require_safe
def decklist_detail(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    context = {
        "decklist": decklist,
        "deck": decklist,  # the card list's partial reads deck.house
        "grouped": rows_grouped(sel.decklist_rows(decklist)),
        "comments": sel.decklist_comments(decklist) if decklist.is_published else [],
        "reactions": sel.reactions_of(decklist, request.user),
        "is_author": request.user.is_authenticated and decklist.author_id == request.user.pk,
    }
    return render(request, "decklists/detail.html", context)


@require_safe
def decklist_export_text(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    return HttpResponse(decklist.text, content_type="text/plain; charset=utf-8")


@require_safe
def decklist_export_json(request: HttpRequest, decklist_id: int) -> JsonResponse:
    decklist = sel.decklist_or_404(decklist_id)
    return JsonResponse({"name": decklist.title, **decklist.snapshot})


@require_http_methods(["GET", "POST"])
@login_required
def decklist_publish(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = deck_for_viewer(deck_id=deck_id, user=request.user)  # a private deck: 404
    if deck.owner_id != request.user.pk:
        raise PermissionDenied("Only the owner of a deck may publish it.")
    form = {"title": deck.name, "description": deck.description}
    if request.method == "POST":
        form = {key: request.POST.get(key, "") for key in ("title", "description")}
        try:
            decklist = svc.decklist_publish(deck=deck, user=request.user, **form)
        except svc.DecklistError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request, "Published. The list stays as it is now when you edit the deck."
            )
            return redirect(decklist)
    context = {"deck": deck, "form": form, "earlier": sel.decklists_of_deck(deck.pk)}
    return render(request, "decklists/publish.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def decklist_edit(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    form = {"title": decklist.title, "description": decklist.description}
    if request.method == "POST":
        form = {key: request.POST.get(key, "") for key in ("title", "description")}
        try:
            svc.decklist_update(decklist=decklist, user=request.user, **form)
        except svc.DecklistError as error:
            messages.error(request, str(error))
        else:
            return redirect(decklist)
    elif decklist.author_id != request.user.pk:
        return redirect(decklist)
    return render(request, "decklists/edit.html", {"decklist": decklist, "form": form})


def _done(request: HttpRequest, decklist, action) -> HttpResponse:
    try:
        action()
    except svc.DecklistError as error:
        messages.error(request, str(error))
    return redirect(decklist)


@require_POST
@login_required
def decklist_unpublish(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    svc.decklist_unpublish(decklist=decklist, user=request.user)
    messages.success(request, "Unpublished: the list is off the lists; its link still answers.")
    return redirect(decklist)


def _reaction(request: HttpRequest, decklist_id: int, service) -> HttpResponse:
    """Like or favourite (``on=1``), or take it back (``on=0``)."""
    decklist = sel.decklist_or_404(decklist_id)
    on = request.POST.get("on", "1") != "0"
    return _done(request, decklist, lambda: service(decklist=decklist, user=request.user, on=on))


@require_POST
@login_required
def decklist_like(request: HttpRequest, decklist_id: int) -> HttpResponse:
    return _reaction(request, decklist_id, svc.decklist_like)


@require_POST
@login_required
def decklist_favourite(request: HttpRequest, decklist_id: int) -> HttpResponse:
    return _reaction(request, decklist_id, svc.decklist_favourite)


@require_POST
@login_required
def decklist_copy(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    try:
        deck = svc.decklist_copy(decklist=decklist, user=request.user)
    except svc.DecklistError as error:
        messages.error(request, str(error))
        return redirect(decklist)
    messages.success(
        request, f"Copied to your decks as “{deck.name}”: it is private and yours to change."
    )
    return redirect("deckbuilder:deck_detail", deck.pk)


@require_POST
@login_required
def comment_add(request: HttpRequest, decklist_id: int) -> HttpResponse:
    decklist = sel.decklist_or_404(decklist_id)
    if not ratelimit.comment_allowed(request):
        messages.error(request, ratelimit.COMMENT_LIMITED)
        return redirect(decklist)
    try:
        svc.comment_add(decklist=decklist, user=request.user, body=request.POST.get("body", ""))
    except svc.DecklistError as error:
        messages.error(request, str(error))
    else:
        ratelimit.commented(request)
    return redirect(decklist.get_absolute_url() + "#comments")


def _comment(comment_id: int) -> DecklistComment:
    return get_object_or_404(DecklistComment.objects.select_related("decklist"), pk=comment_id)


@require_POST
@login_required
def comment_remove(request: HttpRequest, comment_id: int) -> HttpResponse:
    comment = _comment(comment_id)
    svc.comment_remove(comment=comment, user=request.user)
    messages.success(request, "The comment is removed.")
    return redirect(comment.decklist.get_absolute_url() + "#comments")


@require_POST
@login_required
def comment_report(request: HttpRequest, comment_id: int) -> HttpResponse:
    comment = _comment(comment_id)
    try:
        svc.comment_report(
            comment=comment, user=request.user, reason=request.POST.get("reason", "")
        )
    except svc.DecklistError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Reported to the site's staff. Thank you.")
    return redirect(comment.decklist.get_absolute_url() + "#comments")
