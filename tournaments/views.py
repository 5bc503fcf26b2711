"""Public pages of an event, watched by players on the night: pairings, standings, bracket.

They refresh themselves through htmx (each polls its own named partial; never a part that holds
a form) and print cleanly. Players report their own table's result from the pairings page and
see there what they and the others reported. Organizer pages live in
``tournaments.manage.views`` and ``tournaments.rounds.views``.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import ratelimit
from config import push
from config.numbers import number_or_none, problem
from tournaments import selectors as sel
from tournaments import services as svc
from tournaments.forms import DeckForm, JoinForm, PartnerAskForm
from tournaments.models import Entrant, Event, Round, Table
from tournaments.result_fields import result_fields
from tournaments.rounds.services import result_report, seat_for_code
from tournaments.services import EventError, can_manage, entrant_register
from tournaments.standings import as_display
from tournaments.top_decks.selectors import top_decks
from tournaments.wording import claim_sentence, ordinal, placing_label, seats_sentence


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
async def event_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The push of an event's live pages (pairings, standings): a round paired or
    started, a result reported or confirmed, the event's status (config/push.py)."""
    return await push.checked_stream(request, push.event_topic(pk), event_or_404, pk)


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.select_related("organizer").order_by("-date", "-created")[:100]
    invitations = list(sel.pending_invitations(request.user))
    partner_requests = list(sel.partner_requests(request.user))
    context = {
        "events": events,
        "invitations": invitations,
        "partner_requests": partner_requests,
        "invitation_count": len(invitations) + len(partner_requests),
    }
    return render(request, "tournaments/event_list.html", context)


def _partner_requests(request: HttpRequest, event: Event, mine, bound) -> list[dict]:
    """The teams of ``event`` asking this account to be their partner, each with its own
    deck form (``bound``: (team id, the form as sent) after a refusal)."""
    if not request.user.is_authenticated or mine is not None:
        return []
    out = []
    for team in sel.partner_requests(request.user).filter(event=event):
        form = bound[1] if bound and bound[0] == team.pk else None
        form = form or DeckForm(user=request.user, auto_id=f"partner-{team.pk}-%s")
        out.append({"team": team, "form": form})
    return out


def _detail_context(
    request: HttpRequest,
    event: Event,
    join_form: JoinForm | None = None,
    partner_form: tuple[int, DeckForm] | None = None,
    ask_form: PartnerAskForm | None = None,
):
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
    current = sel.current_round(event)
    captain = mine is not None and mine.user_id == request.user.pk
    if ask_form is None and captain and mine.awaiting_partner:
        ask_form = PartnerAskForm(auto_id="ask-%s")
    return {
        "event": event,
        "recommended": recommended,
        "planned": planned,
        "entrants": event.entrants.all(),
        "partner_requests": _partner_requests(request, event, mine, partner_form),
        "ask_form": ask_form if event.status in sel.OPEN_FOR_ENTRIES else None,
        "managing": can_manage(event, request.user),
        "mine": mine,
        "invitation": invitation,
        "join_form": join_form,
        "has_decks": join_form is not None and join_form.fields["deck"].queryset.exists(),
        "teams": event.format == Event.Format.TEAMS,
        "current": sel.titled(current) if current else None,
        "champion": sel.champion_of(event),
        "top_decks": top_decks(event),
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


def _team_or_404(event: Event, entrant_pk: int) -> Entrant:
    return get_object_or_404(Entrant, pk=entrant_pk, event=event)


@require_POST
@login_required
def partner_accept(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """The account a team asked joins it with one of its own decks or a pasted list."""
    event = event_or_404(pk)
    team = _team_or_404(event, entrant_pk)
    form = DeckForm(request.POST, user=request.user, auto_id=f"partner-{team.pk}-%s")
    problems: list[str] = []
    if form.is_valid():
        try:
            team = svc.partner_accept(entrant=team, user=request.user, deck=form.chosen_deck())
        except EventError as error:
            form.add_error(None, str(error))
            problems = error.problems
        else:
            messages.success(request, f"You joined {team.name}: the team is complete.")
            return redirect(event)
    context = _detail_context(request, event, partner_form=(team.pk, form))
    context["problems"] = problems
    if not any(r["team"].pk == team.pk for r in context["partner_requests"]):
        messages.error(request, "; ".join(form.non_field_errors()) or "Nothing was changed.")
        return redirect(event)
    return render(request, "tournaments/event_detail.html", context, status=400)


@require_POST
@login_required
def partner_decline(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    event = event_or_404(pk)
    team = _team_or_404(event, entrant_pk)
    try:
        svc.partner_decline(entrant=team, user=request.user)
    except EventError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"You declined to join {team.name}.")
    return redirect(safe_next(request) or event.get_absolute_url())


@require_POST
@login_required
def partner_ask(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """A team without a partner (or its organizer) asks another account."""
    event = event_or_404(pk)
    team = _team_or_404(event, entrant_pk)
    form = PartnerAskForm(request.POST, auto_id="ask-%s")
    if form.is_valid():
        try:
            team = svc.partner_ask(
                entrant=team, user=request.user, username=form.cleaned_data["username"]
            )
        except EventError as error:
            form.add_error("username", str(error))
        else:
            asked = team.partner_invited.username
            messages.success(request, f"{asked} is asked to join {team.name}.")
            return redirect(safe_next(request) or event.get_absolute_url())
    if team.user_id != request.user.pk:  # an organizer, from the Players tab
        messages.error(request, "; ".join(form.errors.get("username", [])))
        return redirect(safe_next(request) or event.get_absolute_url())
    context = _detail_context(request, event, ask_form=form)
    return render(request, "tournaments/event_detail.html", context, status=400)


def _round_from(request: HttpRequest, event: Event) -> Round | None:
    """The round ``?round=`` names (a 404 for a number the event has no round of), else the
    current round: also for a value that is no round number, with a message that says so."""
    raw = request.GET.get("round", "")
    if raw:
        number = number_or_none(raw, low=1)
        if number is not None:
            return get_object_or_404(Round, event=event, number=number)
        messages.error(request, f"{problem(raw, 'Round', low=1)} Showing the current round.")
    return sel.current_round(event)


def _seconds_left(ends_at: datetime.datetime | None) -> int | None:
    if ends_at is None:
        return None
    return max(0, int((ends_at - timezone.now()).total_seconds()))


def _clock(seconds: int | None) -> str:
    """Time left as the clock shows it: ``54:07``, or ``Time!`` at the end."""
    if seconds is None:
        return ""
    if seconds <= 0:
        return "Time!"
    return f"{seconds // 60}:{seconds % 60:02d}"


def _my_status(event: Event, table: Table, seats: list, user, entrant=None) -> dict:
    """What the player at ``table`` sees about its result: their report, who is still to
    report, the others' reports when they disagree, or the result once recorded. The
    player is ``user``'s entrant, or ``entrant`` (the holder of a seat code)."""
    melee = event.format == Event.Format.MELEE
    mine = entrant or next(
        (s.entrant for s in seats if user.pk in (s.entrant.user_id, s.entrant.partner_id)), None
    )
    reports = {r.entrant_id: r for r in table.reports.select_related("entrant")}
    own = reports.get(mine.pk) if mine else None
    return {
        "table": table,
        "entrant": mine,
        "bye": table.is_bye,
        "opponents": [s.entrant.name for s in seats if s.entrant != mine],
        "recorded": seats_sentence(seats, melee=melee) if table.reported else "",
        "mine": claim_sentence(seats, own.result, melee=melee) if own else "",
        "claim": own.result if own else None,
        "waiting": [s.entrant.name for s in seats if s.entrant_id not in reports],
        "others": [
            {"name": r.entrant.name, "text": claim_sentence(seats, r.result, melee=melee)}
            for key, r in reports.items()
            if mine is None or key != mine.pk
        ],
        "disputed": table.disputed,
        # Only ever shown to the seat's own player (or whoever typed it).
        "code": next((s.code for s in seats if mine is not None and s.entrant_id == mine.pk), ""),
    }


def _pairings_context(request: HttpRequest, event: Event, *, posted=None, error: str = "") -> dict:
    round_ = _round_from(request, event)
    if round_ is not None:
        sel.titled(round_)
    tables = sel.tables_of_round(round_) if round_ else []
    melee = event.format == Event.Format.MELEE
    for table in tables:
        table.sentence = seats_sentence(table.seats.all(), melee=melee) if table.reported else ""
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
    current = sel.current_round(event)
    is_current = round_ is not None and round_ == current
    live = is_current and event.status != Event.Status.FINISHED
    status = form = None
    my_table = sel.table_for_user(round_, request.user) if round_ else None
    if my_table is not None:
        seats = list(my_table.seats.select_related("entrant").order_by("seat"))
        status = _my_status(event, my_table, seats, request.user)
        if (
            live
            and event.player_reports
            and not my_table.reported
            and not my_table.is_bye
            and status["entrant"] is not None
        ):
            form = result_fields(my_table, seats, posted=posted, claim=status["claim"], error=error)
    return {
        "event": event,
        "round": round_,
        "rounds": sel.titled_rounds(event),
        "tables": tables,
        "by_name": by_name,
        "lines": lines,
        "ends_at": ends_at,
        "seconds_left": _seconds_left(ends_at),
        "clock": _clock(_seconds_left(ends_at)),
        # The page polls with ?live=<the round it shows>: a newer round tells the player.
        "changed": round_ is not None
        and request.GET.get("live", str(round_.number)) != str(round_.number),
        "status": status,
        "report_form": form,
        "managing": can_manage(event, request.user),
        "is_current": is_current,
        "live": live,
        "newer": current if current and round_ and current.number > round_.number else None,
    }


@require_safe
def event_pairings(request: HttpRequest, pk: int) -> HttpResponse:
    """The pairings: players find their table, see the clock and report their result.

    The page polls one partial every 20 s: the tables and, out of band, the clock and the
    player's own status. The report form is outside both, so a refresh never touches what a
    player is typing.
    """
    event = event_or_404(pk)
    context = _pairings_context(request, event)
    if request.htmx:
        context["oob"] = True
        return render(request, "tournaments/pairings.html#pairings-live", context)
    return render(request, "tournaments/pairings.html", context)


def _display_results(event: Event) -> dict:
    results = sel.event_results(event)
    with_display(results.swiss)
    for line in results.final:
        line["label"] = placing_label(line["placing"], melee=results.melee)
    return {
        "event": event,
        "results": results,
        "place_columns": [ordinal(n) for n in range(1, results.places + 1)],
        "swiss_rounds": event.round_set.filter(kind=Round.Kind.SWISS).count(),
    }


@require_safe
def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    context = _display_results(event)
    if event.status == Event.Status.SWISS:  # the cut is still to be made
        _, planned = sel.event_structure(event)
        context["cut_odds"] = planned.cut if planned else 0
    return partial_or_page(request, "tournaments/standings.html", "standings-body", context)


@require_safe
def event_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_or_404(pk)
    rounds = [
        {"round": r, "tables": sel.tables_of_round(r)}
        for r in sel.titled_rounds(event)
        if r.kind == Round.Kind.CUT
    ]
    context = {"event": event, "rounds": rounds, "champion": sel.champion_of(event)}
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
    round_ = sel.titled(get_object_or_404(Round, event=event, number=number))
    tables = [t for t in sel.tables_of_round(round_) if not t.is_bye]
    current = sel.current_round(event)
    context = {
        "event": event,
        "round": round_,
        "tables": tables,
        # The seat codes, on the organizer's print of the current round only: a code is a
        # key to its seat's result, and it expires with its round.
        "codes": can_manage(event, request.user)
        and current is not None
        and current.pk == round_.pk
        and event.status != Event.Status.FINISHED,
        "seat_url": request.build_absolute_uri(reverse("tournaments:seat_report", args=[pk])),
    }
    return render(request, "tournaments/slips.html", context)


@require_safe
def event_results(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable record of the whole event: final standings and every round's tables."""
    event = event_or_404(pk)
    context = _display_results(event)
    melee = event.format == Event.Format.MELEE
    rounds = []
    for round_ in sel.titled_rounds(event):
        tables = sel.tables_of_round(round_)
        for table in tables:
            seats = list(table.seats.all())
            table.sentence = seats_sentence(seats, melee=melee) if table.reported else ""
        rounds.append({"round": round_, "tables": tables})
    context["rounds"] = rounds
    return render(request, "tournaments/results.html", context)


@require_POST
@login_required
def table_report(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A player reports their table's result. A refused report comes back on the pairings
    page with the reason and everything the player chose (status 400)."""
    event = event_or_404(pk)
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_pk)
    if table.round.event_id != event.pk:
        raise Http404("No such table in this event.")
    try:
        table = result_report(table=table, user=request.user, data=request.POST)
    except EventError as error:
        context = _pairings_context(request, event, posted=request.POST, error=str(error))
        if context["report_form"] is None:  # the table is closed: nothing left to keep
            messages.error(request, str(error))
            return redirect(reverse("tournaments:event_pairings", args=[event.pk]))
        return render(request, "tournaments/pairings.html", context, status=400)
    if table.reported:
        messages.success(request, "Result recorded: everyone at the table agrees.")
    return redirect(reverse("tournaments:event_pairings", args=[event.pk]) + "#my-table")


def _seat_page(
    request: HttpRequest, event: Event, http_status: int = 200, **context
) -> HttpResponse:
    """The seat code page (a 400 with an ``error``)."""
    http_status = 400 if context.get("error") else http_status
    template = "tournaments/seat_report.html"
    return render(request, template, {"event": event, **context}, status=http_status)


@require_http_methods(["GET", "POST"])
def seat_report(request: HttpRequest, pk: int) -> HttpResponse:
    """Report a seat's result with its seat code, account or not (a walk-in registered by
    name, a phone borrowed at the table). GET: the code's form. POST with ``code`` alone:
    the seat's result form; with ``report`` too: the report, as the player would make it.
    The code goes in POST bodies only, never in an address (addresses end up in logs)."""
    event = event_or_404(pk)
    if request.method == "GET":
        return _seat_page(request, event)
    code = request.POST.get("code", "")
    if not ratelimit.seat_code_allowed(request, event.pk):
        return _seat_page(request, event, error=ratelimit.SEAT_CODE_LIMITED, code=code)
    try:
        seat = seat_for_code(event=event, code=code)
    except EventError as error:
        if "".join(code.split()):  # a code typed, and wrong: it counts against the limit
            ratelimit.seat_code_failed(request, event.pk)
        return _seat_page(request, event, error=str(error), code=code)
    table = seat.table
    sel.titled(table.round)
    seats = list(table.seats.select_related("entrant").order_by("seat"))
    context = {"seat": seat, "table": table, "code": seat.code}
    posted = request.POST if request.POST.get("report") else None
    if posted is not None:
        try:
            table = result_report(table=table, user=request.user, data=posted, seat=seat)
        except EventError as error:
            context["form"] = result_fields(table, seats, posted=posted, error=str(error))
            context["status"] = _my_status(event, table, seats, None, entrant=seat.entrant)
            return _seat_page(request, event, http_status=400, **context)
        seats = list(table.seats.select_related("entrant").order_by("seat"))
        context["done"] = True
    context["status"] = _my_status(event, table, seats, None, entrant=seat.entrant)
    if not table.reported and not context.get("done"):
        claim = context["status"]["claim"]
        context["form"] = result_fields(table, seats, claim=claim)
    return _seat_page(request, event, **context)


@require_http_methods(["GET", "POST"])
def event_join_link(request: HttpRequest, pk: int, code: str) -> HttpResponse:
    """The event's join link (its QR code on the organizer's screen): people at the store
    register from their phones with a name and a pasted deck, or claim the entry the
    organizer typed in for them; a light account is made and this phone stays logged in.
    Someone already logged in registers from the event page as usual."""
    event = event_or_404(pk)
    if not svc.join_code_matches(event, code):
        raise Http404("This is not the event's join link: ask an organizer for it.")
    mine = sel.entry_of(event, request.user) if request.user.is_authenticated else None
    if mine is not None:
        messages.info(request, f"You are registered for {event.name} as {mine.name}.")
        return redirect(event)
    if request.user.is_authenticated:
        messages.info(request, "Register below with one of your decks or a pasted list.")
        return redirect(event)
    context: dict = {
        "event": event,
        "open": event.status == Event.Status.REGISTRATION,
        "claimable": svc.claimable_entries(event),
        "posted": request.POST if request.method == "POST" else {},
    }
    if request.method == "GET" or not context["open"]:
        return render(request, "tournaments/join_link.html", context)
    if not ratelimit.event_join_allowed(request, event.pk):
        context["error"] = ratelimit.EVENT_JOIN_LIMITED
        return render(request, "tournaments/join_link.html", context, status=429)
    try:
        user, entrant = svc.event_join_by_link(
            event=event,
            code=code,
            name=request.POST.get("name", ""),
            deck=request.POST.get("decklist", ""),
            claim=request.POST.get("claim", ""),
            publish_consent=bool(request.POST.get("publish_consent")),
        )
    except EventError as error:
        context["error"] = str(error)
        context["problems"] = error.problems
        return render(request, "tournaments/join_link.html", context, status=400)
    ratelimit.event_joined(request, event.pk)
    login(request, user, backend="accounts.backends.CachedModelBackend")
    messages.success(
        request,
        f"You are registered for {event.name} as {entrant.name}. This phone stays logged in: "
        "your table and your report are on the pairings page. Keep your account (a user name "
        "and a password) from the top of the page.",
    )
    return redirect(event)
