"""Organizer actions on rounds: pairing, the clock, results and disputes, the cut, finishing.

The *Round* tab (``manage_views``) shows the current round: each table with why it was
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

from tournaments import round_services as rounds
from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.manage_views import managed, render_tab, tab_context, tab_url
from tournaments.models import Event, Round, Table
from tournaments.pairing.explain import describe
from tournaments.result_fields import result_fields
from tournaments.views import safe_next
from tournaments.wording import claim_sentence, seats_sentence


def _note(table: Table, names: Mapping[str, str]) -> str:
    """Why the table is what it is, with names: the pairing's reasons, or the cut seeds."""
    note = table.explanation or {}
    if note.get("codes"):
        return describe(note, names)
    if "top_seed" in note:
        if table.is_bye:
            return f"Seed {note['top_seed']} has a bye to the next round."
        return f"Seed {note.get('top_seed')} v seed {note.get('bottom_seed')}."
    if note.get("seeds"):
        return "Seeds " + ", ".join(str(s) for s in note["seeds"]) + " in seat order."
    return ""


def prepared_tables(
    event: Event, round_: Round, failed: Mapping[str, Any] | None = None
) -> list[Table]:
    """The round's tables, each with ``note``, ``claims``, ``waiting``, ``sentence`` and its
    result form ``rf`` (the one in ``failed`` keeps what was sent and says why it failed)."""
    names = {str(pk): name for pk, name in event.entrants.values_list("pk", "name")}
    melee = event.format == Event.Format.MELEE
    tables = sel.tables_of_round(round_)
    for table in tables:
        seats = list(table.seats.all())
        table.note = _note(table, names)
        table.sentence = seats_sentence(seats, melee=melee) if table.reported else ""
        table.claims, table.waiting = [], []
        if table.is_bye:
            continue
        if not table.reported:
            reports = list(table.reports.select_related("entrant").order_by("created", "pk"))
            table.claims = [
                {
                    "id": r.pk,
                    "name": r.entrant.name,
                    "text": claim_sentence(seats, r.result),
                    "seen": rounds.report_fingerprint(r.result),
                }
                for r in reports
            ]
            if reports:
                done = {r.entrant_id for r in reports}
                table.waiting = [s.entrant.name for s in seats if s.entrant_id not in done]
        mine = failed is not None and failed["table"] == table.pk
        table.rf = result_fields(
            table,
            seats,
            posted=failed["posted"] if mine else None,
            error=failed["error"] if mine else "",
        )
    return tables


def round_tab(event: Event, failed: Mapping[str, Any] | None = None) -> dict[str, Any]:
    current = sel.current_round(event)
    if current is not None:
        sel.titled(current)
    return {
        "tables": prepared_tables(event, current, failed) if current else [],
        "earlier": [r for r in sel.titled_rounds(event) if current and r.pk != current.pk],
    }


def _confirmable(
    request: HttpRequest,
    event: Event,
    call: Callable[[bool], Any],
    done: str,
    tab: str = "round",
    done_tab: str = "round",
) -> HttpResponse:
    """Run an action that may ask first (:class:`ConfirmationNeeded`: a page that repeats the
    request with ``confirm``); a refusal goes back to ``tab`` with its message."""
    confirm = request.POST.get("confirm") == "1"
    try:
        call(confirm)
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
    messages.success(request, done)
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
    if raw and (not raw.isdigit() or len(raw) > 3):
        messages.error(request, f"The cut size must be a whole number, not {raw!r}.")
        return redirect(tab_url(event, "cut"))
    size = int(raw) if raw else None
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
        "The bracket moves on.",
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
