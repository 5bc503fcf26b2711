"""Organizer pages: create an event, then run it from its manage tabs.

The manage pages are tabs, each a page of its own with a real link: *Round* (pair, the clock,
results, disputes), *Players* (check-in, drops, registration, invitations), *Top cut*,
*Settings* (with co-organizers and deletion) and *Audit log*. Round actions live in
``tournaments.rounds.views``.

Every action is a POST to a service; an :class:`EventError` comes back as a message, or, for
a form that carries typed data (registration, invitations, settings, a result), as the same
tab again with the form as it was sent and the problem next to it (status 400).
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

from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.audit_log import audit_log
from tournaments.forms import CoOrganizerForm, DeleteForm, EventForm, InviteForm, RegisterForm
from tournaments.models import Entrant, Event, Invitation, Round
from tournaments.qr import qr_svg
from tournaments.rounds.tables import round_tab
from tournaments.top_decks.selectors import top_deck_candidates, top_decks_default
from tournaments.views import event_or_404

TABS = [
    ("round", "Round", "tournaments:event_manage"),
    ("players", "Players", "tournaments:event_manage_players"),
    ("cut", "Top cut", "tournaments:event_manage_cut"),
    ("settings", "Settings", "tournaments:event_manage_settings"),
    ("audit", "Audit log", "tournaments:event_manage_audit"),
]


def managed(request: HttpRequest, pk: int) -> Event:
    event = event_or_404(pk)
    if not svc.can_manage(event, request.user):
        raise PermissionDenied("Only the organizers of this event may change it.")
    return event


def tab_url(event: Event, tab: str = "round") -> str:
    name = next(url for key, _, url in TABS if key == tab)
    return reverse(name, args=[event.pk])


def tab_context(event: Event, tab: str, **extra: Any) -> dict[str, Any]:
    """What every manage tab shows: the event's state, the plan and the tabs."""
    recommended, planned = sel.event_structure(event)
    current = sel.current_round(event)
    context = {
        "event": event,
        "tab": tab,
        "tabs": [
            {"key": key, "label": label, "url": reverse(url, args=[event.pk])}
            for key, label, url in TABS
        ],
        "recommended": recommended,
        "planned": planned,
        "current": sel.titled(current) if current else None,
        "entrant_count": event.entrants.count(),
        "swiss_played": event.round_set.filter(kind=Round.Kind.SWISS).count(),
        "teams": event.format == Event.Format.TEAMS,
        "melee": event.format == Event.Format.MELEE,
        "managing": True,
    }
    context.update(extra)
    return context


def render_tab(request: HttpRequest, event: Event, tab: str, status: int = 200, **extra: Any):
    builders: dict[str, Callable[[Event], dict[str, Any]]] = {
        "players": _players,
        "cut": _cut,
        "settings": _settings,
        "audit": lambda event: {"audit": audit_log(event)},
        "round": round_tab,
    }
    data = builders[tab](event)
    if tab == "players" and event.status == Event.Status.REGISTRATION:
        link = request.build_absolute_uri(
            reverse("tournaments:event_join_link", args=[event.pk, event.join_code])
        )
        data["join_link"] = {"url": link, "qr": qr_svg(link)}
    data.update(extra)
    context = tab_context(event, tab, **data)
    return render(request, f"tournaments/manage_{tab}.html", context, status=status)


def _players(event: Event) -> dict[str, Any]:
    return {
        "entrants": event.entrants.select_related("user", "partner", "partner_invited"),
        "register_form": RegisterForm(),
        "invite_form": InviteForm(),
        "invitations": sel.event_invitations(event),
    }


def _cut(event: Event) -> dict[str, Any]:
    rounds = [r for r in sel.titled_rounds(event) if r.kind == Round.Kind.CUT]
    context: dict[str, Any] = {"cut_rounds": rounds, "champion": sel.champion_of(event)}
    if event.status == Event.Status.FINISHED:
        results = sel.event_results(event)
        default = top_decks_default(event, results)
        context["top_decks"] = {
            "default": default,
            "total": len(results.ranked),
            "candidates": top_deck_candidates(event, default, results),
        }
    return context


def _settings(event: Event) -> dict[str, Any]:
    return {
        "settings_form": EventForm(instance=event),
        "co_organizers": event.co_organizers.all(),
        "co_form": CoOrganizerForm(),
    }


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
            return redirect(tab_url(event, "players"))
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/event_form.html", {"form": form}, status=status)


@require_safe
@login_required
def event_manage(request: HttpRequest, pk: int, tab: str = "round") -> HttpResponse:
    """One tab of the manage pages (``tab`` comes from the URL: round, players, cut,
    settings, audit); the *Round* tab pairs, runs the clock, takes results and disputes."""
    return render_tab(request, managed(request, pk), tab)


@require_POST
@login_required
def event_settings(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    form = EventForm(request.POST, instance=Event.objects.get(pk=event.pk))
    if form.is_valid():
        try:
            svc.event_update(event=event, user=request.user, **form.settings())
        except svc.EventError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Settings saved.")
            return redirect(tab_url(event, "settings"))
    event.refresh_from_db()
    return render_tab(request, event, "settings", status=400, settings_form=form)


@require_POST
@login_required
def event_register(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a player with a pasted list: an account (by username) or a walk-in."""
    event = managed(request, pk)
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
            return redirect(tab_url(event, "players") + "#entrants")
    return render_tab(
        request, event, "players", status=400, register_form=form, register_problems=problems
    )


@require_POST
@login_required
def invitation_create(request: HttpRequest, pk: int) -> HttpResponse:
    """Invite an account: it accepts from the event page with one of its own decks."""
    event = managed(request, pk)
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
            return redirect(tab_url(event, "players") + "#invitations")
    return render_tab(request, event, "players", status=400, invite_form=form)


@require_POST
@login_required
def invitation_withdraw(request: HttpRequest, pk: int, invitation_pk: int) -> HttpResponse:
    event = managed(request, pk)
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
    return redirect(tab_url(event, "players") + "#invitations")


ENTRANT_ACTIONS: dict[str, Callable[..., Any]] = {
    "check-in": lambda entrant, user: svc.entrant_check_in(entrant=entrant, user=user),
    "check-out": lambda entrant, user: svc.entrant_check_in(
        entrant=entrant, user=user, checked_in=False
    ),
    "drop": lambda entrant, user: svc.entrant_drop(entrant=entrant, user=user),
    "remove": lambda entrant, user: svc.entrant_remove(entrant=entrant, user=user),
}
ENTRANT_DONE = {
    "check-in": "{} is checked in.",
    "check-out": "{} is no longer checked in.",
    "drop": "{} has dropped.",
    "remove": "{} is removed.",
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
    else:
        messages.success(request, ENTRANT_DONE[action].format(entrant.name))
    if svc.can_manage(event, request.user):
        return redirect(tab_url(event, "players") + "#entrants")
    return redirect(event)


@require_POST
@login_required
def co_organizer_add(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    form = CoOrganizerForm(request.POST)
    if form.is_valid():
        try:
            other = svc.co_organizer_add(
                event=event, user=request.user, username=form.cleaned_data["username"]
            )
        except svc.EventError as error:
            form.add_error("username", str(error))
        else:
            messages.success(request, f"{other.username} can now run this event with you.")
            return redirect(tab_url(event, "settings") + "#co-organizers")
    return render_tab(request, event, "settings", status=400, co_form=form)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def event_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete the event, after the organizer types its name (co-organizers may not)."""
    event = managed(request, pk)
    allowed = event.organizer_id == request.user.pk
    form = DeleteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if not allowed:
            raise PermissionDenied(
                f"Only the organizer of {event.name} ({event.organizer.username}) may delete it."
            )
        if form.is_valid():
            try:
                svc.event_delete(
                    event=event, user=request.user, confirm_name=form.cleaned_data["name"]
                )
            except svc.EventError as error:
                form.add_error("name", str(error))
            else:
                messages.success(request, f"{event.name} is deleted.")
                return redirect("tournaments:event_list")
        status = 400
    context = tab_context(
        event,
        "settings",
        form=form,
        allowed=allowed,
        counts={
            "entrants": event.entrants.count(),
            "rounds": event.round_set.count(),
            "results": event.round_set.filter(tables__reported=True, tables__is_bye=False).count(),
        },
    )
    return render(request, "tournaments/event_delete.html", context, status=status)
