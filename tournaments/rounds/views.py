"""Organizer actions on rounds: pairing, the clock, results and disputes, the cut, finishing.

The *Round* tab (``tournaments.manage.views``) shows the current round: each table with why it was
paired so (with the players' names), the players' reports side by side with an *Accept this
one* button each, and a result form. A refused result comes back on the same page with the
form as it was sent and the reason next to it (status 400).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from config.numbers import NumberError, read_number
from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.manage.views import managed, render_tab, tab_context, tab_url
from tournaments.models import Event, Round, Table
from tournaments.rounds import services as rounds
from tournaments.rounds.tables import prepared_tables, round_tab
from tournaments.views import safe_next
from tournaments.wording import seats_sentence


def _confirmable(
    request: HttpRequest,
    event: Event,
    call: Callable[[bool], Any],
    done: str | Callable[[Any], str],
    tab: str = "round",
    done_tab: str = "round",
) -> HttpResponse:
    """Run an action that may ask first (:class:`ConfirmationNeeded`: a page that repeats the
    request with ``confirm``); a refusal goes back to ``tab`` with its message."""
    confirm = request.POST.get("confirm") == "1"
    try:
        outcome = call(confirm)
    except rounds.ConfirmationNeeded as question:
        context = {
            "event": event,
            "question": str(question),
            "post": request.POST.items(),
            "back": tab_url(event, tab),
        }
        return render(request, "tournaments/confirm.html", context, status=409)
    except svc.EventError as error:
        messages.error(request, str(error))
        return redirect(tab_url(event, tab))
    messages.success(request, done if isinstance(done, str) else done(outcome))
    return redirect(tab_url(event, done_tab))


@require_POST
@login_required
def round_pair(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_pair(event=event, user=request.user, confirm=confirm),
        "The round is paired.",
    )


@require_POST
@login_required
def round_repair(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_repair(event=event, user=request.user),
        "The round is paired again.",
    )


@require_POST
@login_required
def round_timer(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    current = sel.current_round(event)
    if current is None:
        messages.error(request, "Pair a round before starting the clock.")
        return redirect(tab_url(event))
    sel.titled(current)
    restart = request.POST.get("restart") == "1"
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.round_timer_start(
            round_=current, user=request.user, restart=restart
        ),
        f"The clock of {current.title.lower()} is running: {event.round_minutes} minutes.",
    )


@require_POST
@login_required
def cut_start(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    raw = request.POST.get("size", "").strip()
    try:
        size = read_number(raw, "The cut size", high=999) if raw else None
    except NumberError as error:
        messages.error(request, str(error))
        return redirect(tab_url(event, "cut"))
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.cut_start(
            event=event, user=request.user, size=size, confirm=confirm
        ),
        "The top cut is seeded: enter its results on the Round tab.",
        tab="cut",
    )


@require_POST
@login_required
def cut_advance(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.cut_advance(event=event, user=request.user),
        # After the final the event is finished (no next round).
        lambda drawn: (
            f"The bracket moves on to the {sel.titled(drawn).title.lower()}."
            if drawn is not None
            else "The event is finished: the final standings are up."
        ),
    )


@require_POST
@login_required
def event_finish(request: HttpRequest, pk: int) -> HttpResponse:
    event = managed(request, pk)
    return _confirmable(
        request,
        event,
        lambda confirm: rounds.event_finish(event=event, user=request.user, confirm=confirm),
        "The event is finished.",
    )


def _event_table(event: Event, table_pk: int) -> Table:
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_pk)
    if table.round.event_id != event.pk:
        raise Http404("No such table in this event.")
    return table


@require_POST
@login_required
def table_result(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """Record or correct a table's result; a refused one comes back on the page it was sent
    from, with what was entered and why it was refused."""
    event = managed(request, pk)
    table = _event_table(event, table_pk)
    try:
        rounds.result_enter(table=table, user=request.user, data=request.POST)
    except svc.EventError as error:
        if table.is_bye:  # no form to show it beside
            messages.error(request, str(error))
            return redirect(safe_next(request) or tab_url(event))
        failed = {"table": table.pk, "posted": request.POST, "error": str(error)}
        back = safe_next(request)
        if back and back.rstrip("/").endswith(f"/rounds/{table.round.number}"):
            return _correct_page(request, event, table.round, failed, status=400)
        current = sel.current_round(event)
        if current is None or current.pk != table.round_id:
            return _correct_page(request, event, table.round, failed, status=400)
        messages.error(request, f"Table {table.number}: {error}")
        return render_tab(request, event, "round", status=400, **round_tab(event, failed))
    messages.success(request, f"Table {table.number}: result recorded.")
    return redirect(safe_next(request) or tab_url(event) + f"#table-{table.number}")


@require_POST
@login_required
def report_accept(request: HttpRequest, pk: int, table_pk: int, report_pk: int) -> HttpResponse:
    """Settle a table with one player's report: the organizer's one click on a dispute."""
    event = managed(request, pk)
    table = _event_table(event, table_pk)
    try:
        table = rounds.report_accept(
            table=table,
            report_id=report_pk,
            user=request.user,
            seen=request.POST.get("seen") or None,
        )
    except svc.EventError as error:
        messages.error(request, str(error))
    else:
        sentence = seats_sentence(
            list(table.seats.select_related("entrant").order_by("seat")),
            melee=event.format == Event.Format.MELEE,
        )
        messages.success(request, f"Table {table.number}: result recorded ({sentence}).")
    return redirect(safe_next(request) or tab_url(event) + f"#table-{table.number}")


def _correct_page(
    request: HttpRequest,
    event: Event,
    round_: Round,
    failed: Mapping[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    sel.titled(round_)
    context = tab_context(
        event, "round", round=round_, tables=prepared_tables(event, round_, failed)
    )
    return render(request, "tournaments/round_correct.html", context, status=status)


@require_safe
@login_required
def round_tables(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """An earlier round's tables, to correct a result."""
    event = managed(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    return _correct_page(request, event, round_)
