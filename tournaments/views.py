"""Public pages of an event, watched by players on the night: pairings, standings, bracket.

They refresh themselves through htmx (each polls its own named partial) and print cleanly.
Players report their own table's result from the pairings page. Organizer pages live in
``tournaments.manage_views``.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST, require_safe

from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.forms import JoinForm
from tournaments.models import Entrant, Event, Round, Table
from tournaments.round_services import result_report
from tournaments.services import EventError, can_manage, entrant_register
from tournaments.standings import as_display


def shown(value, places: int = 3) -> int | float:
    """A points or tiebreaker value for a page: whole numbers without a decimal point."""
    rounded = as_display(value, places)
    return int(rounded) if rounded == int(rounded) else rounded


def with_display(lines: list[dict]) -> list[dict]:
    for line in lines:
        row = line["row"]
        line["points"] = shown(row.points, 2)
        line["sos"] = shown(row.sos)
        line["esos"] = shown(row.esos)
    return lines


def safe_next(request: HttpRequest) -> str | None:
    """The page to go back to (``next``), when it is a path of this site."""
    back = request.POST.get("next", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return None


def event_or_404(pk: int) -> Event:
    return get_object_or_404(Event.objects.select_related("organizer"), pk=pk)


def partial_or_page(request: HttpRequest, template: str, partial: str, context: dict, **kw):
    if request.htmx:
        return render(request, f"{template}#{partial}", context, **kw)
    return render(request, template, context, **kw)


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.select_related("organizer").order_by("-date", "-created")[:100]
    context = {"events": events, "invitations": sel.pending_invitations(request.user)}
    return render(request, "tournaments/event_list.html", context)


def _detail_context(request: HttpRequest, event: Event, join_form: JoinForm | None = None):
    recommended, planned = sel.event_structure(event)
    mine = None
    invitation = None
    if request.user.is_authenticated:
        mine = sel.entry_of(event, request.user)
        invitation = None if mine else sel.invitation_for(event, request.user)
    can_join = (
        request.user.is_authenticated
        and mine is None
        and (invitation is not None or event.status == Event.Status.REGISTRATION)
    )
    if join_form is None and can_join:
        join_form = JoinForm(user=request.user, event=event)
    return {
        "event": event,
        "recommended": recommended,
        "planned": planned,
        "entrants": event.entrants.all(),
        "managing": can_manage(event, request.user),
        "mine": mine,
        "invitation": invitation,
        "join_form": join_form,
        "has_decks": join_form is not None and join_form.fields["deck"].queryset.exists(),
        "teams": event.format == Event.Format.TEAMS,
        "current": sel.current_round(event),
    }


@require_safe
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    return render(request, "tournaments/event_detail.html", _detail_context(request, event))


def _register_from_form(request: HttpRequest, event: Event, register, done: str) -> HttpResponse:
    """Run a registration service on a valid :class:`JoinForm`; otherwise, or when the
    service refuses, show the event page again with the message and what was typed."""
    form = JoinForm(request.POST, user=request.user, event=event)
    problems: list[str] = []
    if form.is_valid():
        try:
            register(**form.registration())
        except EventError as error:
            form.add_error(None, str(error))
            problems = error.problems
        else:
            messages.success(request, done)
            return redirect(event)
    context = _detail_context(request, event, join_form=form)
    context["problems"] = problems
    return render(request, "tournaments/event_detail.html", context, status=400)


@require_POST
@login_required
def event_join(request: HttpRequest, pk: int) -> HttpResponse:
    """A player registers themselves with one of their own decks or a pasted list."""
    event = event_or_404(pk)
    return _register_from_form(
        request,
        event,
        lambda **deck: entrant_register(
            event=event, user=request.user, player=request.user, **deck
        ),
        f"You are registered for {event.name}.",
    )


@require_POST
@login_required
def invitation_accept(request: HttpRequest, pk: int) -> HttpResponse:
    """The invited player accepts with one of their own decks or a pasted list."""
    event = event_or_404(pk)
    return _register_from_form(
        request,
        event,
        lambda **deck: svc.invitation_accept(event=event, user=request.user, **deck),
        f"Invitation accepted: you are registered for {event.name}.",
    )


@require_POST
@login_required
def invitation_decline(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    try:
        svc.invitation_decline(event=event, user=request.user)
    except EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You declined the invitation to {event.name}.")
    return redirect(safe_next(request) or event.get_absolute_url())


def _round_from(request: HttpRequest, event: Event) -> Round | None:
    number = request.GET.get("round", "")
    if number:
        if not number.isdigit():
            raise Http404("No such round.")
        return get_object_or_404(Round, event=event, number=int(number))
    return sel.current_round(event)


@require_safe
def event_pairings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    round_ = _round_from(request, event)
    tables = sel.tables_of_round(round_) if round_ else []
    by_name = request.GET.get("sort") == "name"
    lines = []
    if by_name:
        for table in tables:
            for seat in table.seats.all():
                others = [s.entrant.name for s in table.seats.all() if s.pk != seat.pk]
                lines.append({"entrant": seat.entrant, "table": table, "others": others})
        lines.sort(key=lambda line: line["entrant"].name.casefold())
    ends_at = None
    if round_ and round_.started_at:
        ends_at = round_.started_at + datetime.timedelta(minutes=event.round_minutes)
    my_table = sel.table_for_user(round_, request.user) if round_ else None
    context = {
        "event": event,
        "round": round_,
        "rounds": event.round_set.all(),
        "tables": tables,
        "by_name": by_name,
        "lines": lines,
        "ends_at": ends_at,
        "my_table": my_table if my_table and not my_table.reported else None,
        "my_seats": list(my_table.seats.select_related("entrant")) if my_table else [],
        "managing": can_manage(event, request.user),
        "is_current": round_ is not None and round_ == sel.current_round(event),
    }
    return partial_or_page(request, "tournaments/pairings.html", "pairings-body", context)


@require_safe
def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    lines = with_display(sel.standings_table(event))
    context = {"event": event, "lines": lines, "rounds": event.round_set.filter(kind="swiss")}
    return partial_or_page(request, "tournaments/standings.html", "standings-body", context)


@require_safe
def event_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = [
        {"round": r, "tables": sel.tables_of_round(r)}
        for r in event.round_set.filter(kind=Round.Kind.CUT).order_by("number")
    ]
    context = {"event": event, "rounds": rounds}
    return partial_or_page(request, "tournaments/bracket.html", "bracket-body", context)


@require_safe
def entrant_deck(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    event = event_or_404(pk)
    entrant = get_object_or_404(Entrant, pk=entrant_pk, event=event)
    own = request.user.is_authenticated and request.user.pk in (
        entrant.user_id,
        entrant.partner_id,
    )
    if not (event.publish_decklists or own or can_manage(event, request.user)):
        raise PermissionDenied("The organizer has not published the decklists of this event.")
    return render(request, "tournaments/entrant_deck.html", {"event": event, "entrant": entrant})


@require_safe
def match_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = event_or_404(pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    tables = [t for t in sel.tables_of_round(round_) if not t.is_bye]
    return render(
        request, "tournaments/slips.html", {"event": event, "round": round_, "tables": tables}
    )


@require_safe
def event_results(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable record of the whole event: final standings and every round's tables."""
    event = event_or_404(pk)
    lines = with_display(sel.standings_table(event))
    rounds = [{"round": r, "tables": sel.tables_of_round(r)} for r in event.round_set.all()]
    context = {"event": event, "lines": lines, "rounds": rounds}
    return render(request, "tournaments/results.html", context)


@require_POST
@login_required
def table_report(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    event = event_or_404(pk)
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_pk)
    if table.round.event_id != event.pk:
        raise Http404("No such table in this event.")
    try:
        table = result_report(table=table, user=request.user, data=request.POST)
    except EventError as error:
        messages.error(request, str(error))
    else:
        if table.reported:
            messages.success(request, "Result recorded: everyone at the table agrees.")
        elif table.disputed:
            messages.warning(
                request, "Your report disagrees with another: the organizer will settle it."
            )
        else:
            messages.success(request, "Reported. Your opponents confirm it from their phones.")
    return redirect(reverse("tournaments:event_pairings", args=[event.pk]))
