"""Organizer pages: create and set up an event, register players, run rounds and the cut.

Every action is a POST to a service; an :class:`EventError` comes back as a message, and a
:class:`ConfirmationNeeded` as a page that says what will happen and repeats the request with
``confirm`` once the organizer agrees. Forms that carry typed data (registration, settings)
are re-rendered with what was typed, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments import round_services as rounds
from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.forms import EventForm, InviteForm, RegisterForm
from tournaments.models import AuditEntry, Entrant, Event, Invitation, Round, Table
from tournaments.views import event_or_404, safe_next


def _managed(request: HttpRequest, pk: int) -> Event:
    event = event_or_404(pk)
    if not svc.can_manage(event, request.user):
        raise PermissionDenied("Only the organizers of this event may change it.")
    return event


def _manage_url(event: Event) -> str:
    return reverse("tournaments:event_manage", args=[event.pk])


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            data = form.settings()
            event = svc.event_create(
                organizer=request.user, name=data.pop("name"), date=data.pop("date"), **data
            )
        except svc.EventError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{event.name} is created: register the players.")
            return redirect(_manage_url(event))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/event_form.html", {"form": form}, status=status)


def manage_context(event: Event, **extra: Any) -> dict:
    recommended, planned = sel.event_structure(event)
    current = sel.current_round(event)
    tables = sel.tables_of_round(current) if current else []
    for table in tables:
        table.reporters = [r.entrant.name for r in table.reports.select_related("entrant")]
    context = {
        "event": event,
        "recommended": recommended,
        "planned": planned,
        "current": current,
        "tables": tables,
        "entrants": event.entrants.select_related("user", "partner"),
        "swiss_played": event.round_set.filter(kind=Round.Kind.SWISS).count(),
        "audit": AuditEntry.objects.filter(event=event).select_related("user")[:40],
        "settings_form": EventForm(instance=event),
        "register_form": RegisterForm(),
        "invite_form": InviteForm(),
        "invitations": sel.event_invitations(event),
        "co_organizers": event.co_organizers.all(),
        "teams": event.format == Event.Format.TEAMS,
        "melee": event.format == Event.Format.MELEE,
    }
    context.update(extra)
    return context


@require_safe
@login_required
def event_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    return render(request, "tournaments/manage.html", manage_context(event))


@require_POST
@login_required
def event_settings(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    form = EventForm(request.POST, instance=Event.objects.get(pk=event.pk))
    if form.is_valid():
        try:
            svc.event_update(event=event, user=request.user, **form.settings())
        except svc.EventError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Settings saved.")
            return redirect(_manage_url(event))
    event.refresh_from_db()
    context = manage_context(event, settings_form=form)
    return render(request, "tournaments/manage.html", context, status=400)


@require_POST
@login_required
def event_register(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a player with a pasted list: an account (by username) or a walk-in."""
    event = _managed(request, pk)
    form = RegisterForm(request.POST)
    problems: list[str] = []
    if form.is_valid():
        data = form.cleaned_data
        try:
            entrant = svc.entrant_register(
                event=event,
                user=request.user,
                name=data["name"],
                player=data["username"],
                deck=data["decklist"] or None,
                partner=data["partner_username"],
                partner_deck=data["partner_decklist"] or None,
            )
        except svc.EventError as error:
            form.add_error(None, str(error))
            problems = error.problems
        else:
            note = f" (joins in round {entrant.joined_round})" if entrant.joined_round > 1 else ""
            messages.success(request, f"{entrant.name} is registered{note}.")
            return redirect(_manage_url(event) + "#entrants")
    context = manage_context(event, register_form=form, register_problems=problems)
    return render(request, "tournaments/manage.html", context, status=400)


@require_POST
@login_required
def invitation_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Invite an account: it accepts from the event page with one of its own decks."""
    event = _managed(request, pk)
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invitation = svc.invitation_create(
                event=event, user=request.user, username=form.cleaned_data["username"]
            )
        except svc.EventError as error:
            form.add_error("username", str(error))
        else:
            messages.success(
                request,
                f"{invitation.user.username} is invited: they accept from the event page (or "
                "the events list) with one of their own decks.",
            )
            return redirect(_manage_url(event) + "#invitations")
    context = manage_context(event, invite_form=form)
    return render(request, "tournaments/manage.html", context, status=400)


@require_POST
@login_required
def invitation_withdraw(request: HttpRequest, pk: int, invitation_pk: int) -> HttpResponse:
    event = _managed(request, pk)
    invitation = Invitation.objects.filter(pk=invitation_pk, event=event).first()
    if invitation is not None:
        try:
            svc.invitation_withdraw(invitation=invitation, user=request.user)
        except svc.EventError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"The invitation of {invitation.user.username} is withdrawn.")
    else:
        messages.info(request, "That invitation was already withdrawn.")
    return redirect(_manage_url(event) + "#invitations")


ENTRANT_ACTIONS: dict[str, Callable[..., Any]] = {
    "check-in": lambda entrant, user: svc.entrant_check_in(entrant=entrant, user=user),
    "check-out": lambda entrant, user: svc.entrant_check_in(
        entrant=entrant, user=user, checked_in=False
    ),
    "drop": lambda entrant, user: svc.entrant_drop(entrant=entrant, user=user),
    "remove": lambda entrant, user: svc.entrant_remove(entrant=entrant, user=user),
}


@require_POST
@login_required
def entrant_action(request: HttpRequest, pk: int, entrant_pk: int, action: str) -> HttpResponse:
    event = event_or_404(pk)
    entrant = get_object_or_404(Entrant, pk=entrant_pk, event=event)
    if action not in ENTRANT_ACTIONS:
        raise Http404("Unknown action.")
    try:
        ENTRANT_ACTIONS[action](entrant, request.user)
    except svc.EventError as error:
        messages.error(request, str(error))
    if svc.can_manage(event, request.user):
        return redirect(_manage_url(event) + "#entrants")
    return redirect(event)


def _confirmable(
    request: HttpRequest, event: Event, call: Callable[[bool], Any], done: str
) -> HttpResponse:
    confirm = request.POST.get("confirm") == "1"
    try:
        call(confirm)
    except rounds.ConfirmationNeeded as question:
        context = {"event": event, "question": str(question), "post": request.POST.items()}
        return render(request, "tournaments/confirm.html", context, status=409)
    except svc.EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect(_manage_url(event))


@require_POST
@login_required
def round_pair(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_pair(event=event, user=request.user, confirm=confirm),
        "The round is paired.",
    )


@require_POST
@login_required
def round_repair(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_repair(event=event, user=request.user),
        "The round is paired again.",
    )


@require_POST
@login_required
def round_timer(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    current = sel.current_round(event)
    if current is None:
        messages.error(request, "Pair a round before starting the clock.")
        return redirect(_manage_url(event))
    restart = request.POST.get("restart") == "1"
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_timer_start(
            round_=current, user=request.user, restart=restart
        ),
        f"The clock of round {current.number} is running.",
    )


@require_POST
@login_required
def cut_start(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    raw = request.POST.get("size", "").strip()
    if raw and not raw.isdigit():
        messages.error(request, f"The cut size must be a whole number, not {raw!r}.")
        return redirect(_manage_url(event))
    size = int(raw) if raw else None
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.cut_start(
            event=event, user=request.user, size=size, confirm=confirm
        ),
        "The top cut is seeded.",
    )


@require_POST
@login_required
def cut_advance(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.cut_advance(event=event, user=request.user),
        "The bracket moves on.",
    )


@require_POST
@login_required
def event_finish(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.event_finish(event=event, user=request.user, confirm=confirm),
        "The event is finished.",
    )


@require_POST
@login_required
def co_organizer_add(request: HttpRequest, pk: int) -> HttpResponse:
    event = _managed(request, pk)
    try:
        other = svc.co_organizer_add(
            event=event, user=request.user, username=request.POST.get("username", "")
        )
    except svc.EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{other.username} can now run this event with you.")
    return redirect(_manage_url(event))


@require_POST
@login_required
def table_result(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    event = _managed(request, pk)
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_pk)
    if table.round.event_id != event.pk:
        raise Http404("No such table in this event.")
    try:
        rounds.result_enter(table=table, user=request.user, data=request.POST)
    except svc.EventError as error:
        messages.error(request, f"Table {table.number}: {error}")
    else:
        messages.success(request, f"Table {table.number}: result recorded.")
    return redirect(safe_next(request) or _manage_url(event) + "#round")


@require_safe
@login_required
def round_tables(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """An earlier round's tables, to correct a result."""
    event = _managed(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    context = {"event": event, "round": round_, "tables": sel.tables_of_round(round_)}
    return render(request, "tournaments/round_correct.html", context)
