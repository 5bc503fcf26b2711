"""The top decks' two actions: an organizer publishes them (from the *Top cut* tab), a player
changes their consent (from their entry on the event page). Both POST and redirect back with a
message; the pages that show them are the manage tab and the event page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from config.numbers import NumberError, read_number
from tournaments import selectors as sel
from tournaments.manage.views import managed, tab_url
from tournaments.services import EventError
from tournaments.top_decks import services as svc
from tournaments.views import event_or_404


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _report(request: HttpRequest, outcome: svc.TopDecksPublished) -> None:
    """What publishing did, in words: published, already published, skipped and why."""
    if outcome.published:
        listed = _names([f"{t.entrant.name} ({t.ordinal})" for t in outcome.published])
        messages.success(
            request,
            f"Published {len(outcome.published)} of the top {outcome.count} decks: {listed}.",
        )
    elif outcome.already and not (outcome.no_consent or outcome.no_deck):
        messages.info(request, f"The top {outcome.count} decks are already published.")
    else:
        messages.info(request, f"No deck of the top {outcome.count} was published now.")
    if outcome.already and outcome.published:
        n = len(outcome.already)
        messages.info(request, f"{n} {'was' if n == 1 else 'were'} published before.")
    if outcome.no_consent:
        n = len(outcome.no_consent)
        messages.warning(
            request,
            f"{n} skipped: {_names(outcome.no_consent)} did not agree to have "
            f"{'their decklist' if n == 1 else 'their decklists'} published (a player ticks it "
            "at registration, or later from their entry on the event page).",
        )
    if outcome.no_deck:
        messages.warning(
            request,
            f"No readable decklist to publish for {_names(outcome.no_deck)}.",
        )


@require_POST
@login_required
def top_decks_publish(request: HttpRequest, pk: int) -> HttpResponse:
    """An organizer publishes the decks of the top N (``count``; empty: the cut's players)."""
    event = managed(request, pk)
    back = redirect(tab_url(event, "cut") + "#top-decks")
    raw = request.POST.get("count", "")
    try:
        count = read_number(raw, "The number of top decks", low=1) if raw.strip() else None
        outcome = svc.top_decks_publish(event=event, user=request.user, count=count)
    except (NumberError, EventError) as error:
        messages.error(request, str(error))
        return back
    _report(request, outcome)
    return back


@require_POST
@login_required
def entrant_consent(request: HttpRequest, pk: int) -> HttpResponse:
    """The player of an entry agrees, or no longer agrees, to have their deck published if it
    finishes in the top decks (``consent``: ``1`` or ``0``)."""
    event = event_or_404(pk)
    entrant = sel.entry_of(event, request.user)
    if entrant is None or entrant.user_id != request.user.pk:
        raise PermissionDenied("Only a player registered in this event may change their consent.")
    consent = request.POST.get("consent", "") == "1"
    svc.entrant_consent_set(entrant=entrant, user=request.user, consent=consent)
    if consent:
        messages.success(
            request, "If you finish in the top decks, the organizer may publish your decklist."
        )
    elif entrant.published_decklist_id is not None:
        messages.info(
            request,
            "Noted. Your decklist is already published: unpublish it from its page if it is "
            "yours, or ask the organizer.",
        )
    else:
        messages.success(request, "The organizer will not publish your decklist.")
    return redirect(event.get_absolute_url() + "#my-entry")
