"""The cut odds page of an event: organizers ask for an estimate and watch it run; everyone
reads the latest one (it is linked from the standings).

An htmx request gets the ``odds`` partial of ``tournaments/cut_odds.html``: the page polls it
every second while a job is queued or running. Without JavaScript the page works too: the
form posts and redirects back, and a link reloads the progress.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from tournaments.cut_odds import services as svc
from tournaments.cut_odds.selectors import cut_odds_latest, cut_odds_lines
from tournaments.cut_odds.simulation import DEFAULT_SIMULATIONS
from tournaments.models import CutOddsJob, Event, Round
from tournaments.selectors import event_structure
from tournaments.services import EventError, can_manage


def _managed_event(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    if not can_manage(event, request.user):
        raise PermissionDenied("Only the organizers of this event may see its cut odds.")
    return event


def _render(request: HttpRequest, event: Event, *, error: str = "", status: int = 200):
    job = cut_odds_latest(event)
    played = event.round_set.filter(kind=Round.Kind.SWISS).count()
    _, planned = event_structure(event)
    context = {
        "event": event,
        # Anyone reads the latest estimate (from public standings, like them); only the
        # organizers ask for one (it costs a worker's time).
        "managing": can_manage(event, request.user),
        "job": job,
        "lines": cut_odds_lines(job) if job and job.status == CutOddsJob.Status.DONE else [],
        "played": played,
        "planned": planned,
        "simulations": DEFAULT_SIMULATIONS,
        "error": error,
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "tournaments/cut_odds.html#odds" if partial else "tournaments/cut_odds.html"
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
def cut_odds_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _render(request, get_object_or_404(Event, pk=pk))


@require_POST
@login_required
def cut_odds_start(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed_event(request, pk)
    try:
        svc.cut_odds_request(event=event, user=request.user)
    except EventError as error:
        return _render(request, event, error=str(error), status=400)
    if request.htmx:
        return _render(request, event)
    return redirect("tournaments:cut_odds", event.pk)
