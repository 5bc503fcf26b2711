"""Writes to an event's rounds: pairing, re-pairing, results and reports, the cut, finishing.

Each function is keyword-only and the outermost transaction. Organizer rights are checked
with :func:`tournaments.services.require_manager`, which also locks the event row, so two
organizers pressing "pair next round" together get one round, not two. Standings are never
stored: they are recomputed from the seats (``tournaments.selectors``), so a correction of
an earlier round shows at once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from config.numbers import NumberError, read_number
from tournaments.models import (
    SEAT_CODE_ALPHABET,
    SEAT_CODE_LENGTH,
    Entrant,
    Event,
    ResultReport,
    Round,
    Seat,
    Table,
)
from tournaments.pairing import PairingError, pair_round
from tournaments.scoring import Outcome, melee_places_by_power, melee_points, propose_time_result
from tournaments.selectors import (
    event_record,
    event_standings,
    event_structure,
    pairing_entrants,
    scoring_rules,
)
from tournaments.services import EventError, audit, points_decimal, require_manager
from tournaments.standings import (
    BracketMatch,
    advance_bracket,
    cut_stage,
    replace_dropped_cut,
    seed_bracket,
)

JOUST_OUTCOMES = [o.value for o in Outcome]
MELEE_CUT_MAX = 4


class ConfirmationNeeded(EventError):
    """The action is allowed but has a consequence the organizer must accept first."""


def _round_seed(event: Event, number: int, attempt: int) -> int:
    digest = hashlib.sha256(f"{event.seed}/{number}/{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _pairing_format(event: Event) -> str:
    return "melee" if event.format == Event.Format.MELEE else event.format


# --- Pairing ------------------------------------------------------------------------------


def _check_in_drops(event: Event) -> tuple[list[Entrant], str]:
    """Before round 1: if check-in is in use, the players not checked in will be dropped (a
    team still waiting for its partner is not: it waits, unpaired, as in any round)."""
    active = event.entrants.filter(dropped_after_round__isnull=True, partner_request="")
    if not active.filter(checked_in=True).exists():
        return [], ""  # check-in not used: everyone registered plays
    absent = list(active.filter(checked_in=False))
    names = ", ".join(e.name for e in absent)
    note = (
        f"{len(absent)} registered player(s) have not checked in ({names}): pairing now drops them."
    )
    return absent, note if absent else ""


@transaction.atomic
def round_pair(*, event: Event, user: Any, confirm: bool = False) -> Round:
    """Pair the next Swiss round from the current standings (the first: in seeded random order).

    Refused when the planned Swiss rounds are all played (raise the number of rounds in the
    settings to play more). Results still missing from the last round, players not checked in
    before round 1 and two-on-two teams still waiting for their partner ask for confirmation
    (one question naming them all): missing results then score nothing until entered, the
    absent are dropped, and the waiting teams are not paired this round.
    """
    require_manager(event, user)
    event.refresh_from_db()
    if event.status not in (Event.Status.REGISTRATION, Event.Status.SWISS):
        raise EventError("The Swiss rounds are over: no more rounds can be paired.")
    record = event_record(event)
    number = len(record.swiss_rounds) + 1
    _, planned = event_structure(event)
    if planned is not None and number > planned.rounds and record.swiss_rounds:
        raise EventError(
            f"All {planned.rounds} Swiss rounds are played: start the cut or finish the event "
            "(or raise the number of rounds in the settings)."
        )
    notes = []
    if record.unreported:
        notes.append(
            f"{record.unreported} table(s) of round {number - 1} have no result yet: "
            "pairing now scores them as not played until a result is entered."
        )
    absent, note = _check_in_drops(event) if number == 1 else ([], "")
    notes += [note] if note else []
    waiting = sorted(
        e.name for e in record.entrants.values() if e.awaiting_partner and not e.dropped
    )
    if waiting:
        notes.append(
            f"{len(waiting)} team(s) still wait for their partner to accept "
            f"({', '.join(waiting)}): they are not paired until complete."
        )
    if notes and not confirm:
        raise ConfirmationNeeded(" ".join(notes))
    if absent:
        for entrant in absent:
            entrant.dropped_after_round = 0
            entrant.save(update_fields=["dropped_after_round"])
            audit(event, user, "entrant_not_checked_in", entrant=entrant.pk, name=entrant.name)
        record = event_record(event)
    return _create_round(event, user, record, number, attempt=0)


def _create_round(event: Event, user: Any, record, number: int, attempt: int) -> Round:
    rows = event_standings(event, record)
    entrants = pairing_entrants(record, number, rows)
    active = [e for e in entrants if not e.dropped]
    fmt = _pairing_format(event)
    least = 3 if fmt == "melee" else 2
    if len(active) < least:
        raise EventError(
            f"A {event.get_format_display()} round needs at least {least} active players; "
            f"there are {len(active)}."
        )
    try:
        pairing = pair_round(fmt, number, entrants, _round_seed(event, number, attempt))
    except PairingError as error:
        raise EventError(f"The round cannot be paired: {error}") from None
    round_ = Round.objects.create(event=event, number=number, kind=Round.Kind.SWISS)
    notes = {tuple(n.players): n.to_dict() for n in pairing.explanations}
    seats = []
    for index, players in enumerate(pairing.tables, start=1):
        table = Table.objects.create(
            round=round_, number=index, explanation=notes.get(tuple(players), {})
        )
        seats += [
            Seat(table=table, entrant_id=int(p), seat=s) for s, p in enumerate(players, start=1)
        ]
    bye_points = points_decimal(scoring_rules(event).bye_points)
    for offset, player in enumerate(pairing.byes, start=len(pairing.tables) + 1):
        table = Table.objects.create(
            round=round_,
            number=offset,
            is_bye=True,
            reported=True,
            explanation=notes.get((player,), {}),
        )
        seats.append(
            Seat(
                table=table,
                entrant_id=int(player),
                seat=1,
                outcome=Seat.Outcome.BYE,
                points=bye_points,
            )
        )
    Seat.objects.bulk_create(seats)
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.SWISS
        event.save(update_fields=["status"])
    audit(
        event,
        user,
        "round_paired",
        round=number,
        tables=len(pairing.tables),
        byes=len(pairing.byes),
        method=pairing.method,
        attempt=attempt,
    )
    return round_


def _has_results(round_: Round) -> bool:
    played = round_.tables.filter(is_bye=False)
    return (
        played.filter(reported=True).exists()
        or ResultReport.objects.filter(table__round=round_).exists()
    )


@transaction.atomic
def round_repair(*, event: Event, user: Any) -> Round:
    """Throw away the latest Swiss round and pair it again (after a drop, a late entry...).

    Only before any result or report is in: afterwards, correct results instead.
    """
    require_manager(event, user)
    latest = event.round_set.order_by("-number").first()
    if latest is None or latest.kind != Round.Kind.SWISS:
        raise EventError("There is no Swiss round to pair again.")
    if _has_results(latest):
        raise EventError(
            f"Round {latest.number} already has results: it cannot be paired again. "
            "Correct the results instead."
        )
    number = latest.number
    attempt = event.audit.filter(action="round_repaired", detail__round=number).count() + 1
    latest.delete()
    audit(event, user, "round_repaired", round=number)
    return _create_round(event, user, event_record(event), number, attempt=attempt)


@transaction.atomic
def round_timer_start(*, round_: Round, user: Any, restart: bool = False) -> Round:
    require_manager(round_.event, user)
    if round_.started_at is not None and not restart:
        raise EventError(f"The clock of round {round_.number} is already running.")
    round_.started_at = timezone.now()
    round_.save(update_fields=["started_at"])
    audit(round_.event, user, "round_timer_started", round=round_.number)
    return round_


# --- Results ------------------------------------------------------------------------------


def _int(value: Any, what: str, low: int = 0, high: int = 999) -> int:
    try:
        return read_number(value, what, low=low, high=high)
    except NumberError as error:
        raise EventError(str(error)) from None


def parse_result(table: Table, seats: list[Seat], data: Mapping[str, Any]) -> dict[int, dict]:
    """A table's result from a form or API body, as {entrant id: {outcome, place, power}}.

    Joust and two-on-two: ``outcome`` (the first seat's: win, modified_win, draw,
    modified_loss or loss), or ``at_time`` with ``power_1`` and ``power_2`` (and optionally
    ``cannot_win_1``/``cannot_win_2`` and ``target_1``/``target_2``) for the proposed result
    at time. Melee: ``place_<entrant id>`` for each player, or ``at_time`` with
    ``power_<entrant id>`` for each: placed by power. A top-cut game (joust, two-on-two)
    takes only a winner: ``outcome`` ``win`` or ``loss``.
    """
    event = table.round.event
    cut = table.round.kind == Round.Kind.CUT
    if event.format == Event.Format.MELEE:
        return _parse_melee(seats, data)
    a, b = seats
    if cut:
        return _parse_cut(a, b, data)
    default_target = 30 if event.format == Event.Format.TEAMS else 15
    powers = [None, None]
    if data.get("at_time"):
        powers = [
            _int(data.get(f"power_{n}"), f"Power of {s.entrant.name}") for n, s in ((1, a), (2, b))
        ]
        targets = [
            _int(data.get(f"target_{n}") or default_target, "A victory total", 1) for n in (1, 2)
        ]
        try:
            proposed = propose_time_result(
                powers[0],
                powers[1],
                targets[0],
                targets[1],
                a_cannot_win=bool(data.get("cannot_win_1")),
                b_cannot_win=bool(data.get("cannot_win_2")),
            )
        except ValueError as error:
            raise EventError(f"Result at time: {error}.") from None
        outcome = proposed.a
    else:
        raw = data.get("outcome") or ""
        if raw not in JOUST_OUTCOMES:
            raise EventError(
                "Choose the result of the first seat: win, modified win, draw, modified loss "
                "or loss."
            )
        outcome = Outcome(raw)
        powers = _powers(a, b, data)
    return {
        a.entrant_id: {"outcome": outcome.value, "place": None, "power": powers[0]},
        b.entrant_id: {"outcome": outcome.opposite.value, "place": None, "power": powers[1]},
    }


def _powers(a: Seat, b: Seat, data: Mapping[str, Any]) -> list[int | None]:
    powers: list[int | None] = [None, None]
    for n, seat in ((1, a), (2, b)):
        if data.get(f"power_{n}") not in (None, ""):
            powers[n - 1] = _int(data.get(f"power_{n}"), f"Power of {seat.entrant.name}")
    return powers


def _parse_cut(a: Seat, b: Seat, data: Mapping[str, Any]) -> dict[int, dict]:
    """A top-cut game has a winner and nothing else: ``outcome`` is ``win`` (the first seat
    won) or ``loss`` (the second did). No draw, no modified result, no result at time."""
    raw = data.get("outcome") or ""
    if raw not in (Outcome.WIN, Outcome.LOSS) or data.get("at_time"):
        raise EventError(
            f"A top-cut game needs a winner: choose {a.entrant.name} or {b.entrant.name} "
            "(a game stopped at time is won by the player closer to victory)."
        )
    outcome = Outcome(raw)
    powers = _powers(a, b, data)
    return {
        a.entrant_id: {"outcome": outcome.value, "place": None, "power": powers[0]},
        b.entrant_id: {"outcome": outcome.opposite.value, "place": None, "power": powers[1]},
    }


def _parse_melee(seats: list[Seat], data: Mapping[str, Any]) -> dict[int, dict]:
    """Places (or power at time) of the players who played on; ``forfeit_<entrant id>``
    marks a player who forfeited (ran out of time or conceded a game played on the site):
    placed last with a "loss", scoring nothing (a table where everyone forfeited gives
    nobody a win)."""
    size = len(seats)
    forfeits = {s.entrant_id for s in seats if data.get(f"forfeit_{s.entrant_id}")}
    playing = [s for s in seats if s.entrant_id not in forfeits]
    if data.get("at_time"):
        powers = {
            s.entrant_id: _int(data.get(f"power_{s.entrant_id}"), f"Power of {s.entrant.name}")
            for s in seats
        }
        places = melee_places_by_power({s.entrant_id: powers[s.entrant_id] for s in playing})
    else:
        powers = {}
        places = {
            s.entrant_id: _int(
                data.get(f"place_{s.entrant_id}"), f"The place of {s.entrant.name}", 1, size
            )
            for s in playing
        }
        if playing and 1 not in places.values():
            raise EventError("Somebody must finish first at a melee table.")
    places |= {key: size for key in forfeits}
    return {
        key: {
            "outcome": Seat.Outcome.LOSS.value if key in forfeits else "",
            "place": places[key],
            "power": powers.get(key),
        }
        for key in (s.entrant_id for s in seats)
    }


def _apply(table: Table, seats: list[Seat], result: Mapping[int, dict]) -> None:
    event = table.round.event
    rules = scoring_rules(event)
    if event.format == Event.Format.MELEE:
        points = melee_points(
            {k: v["place"] for k, v in result.items()},
            rules,
            forfeits={k for k, v in result.items() if v["outcome"] == Seat.Outcome.LOSS},
        )
    else:
        points = {k: rules.joust_points(v["outcome"]) for k, v in result.items()}
    for seat in seats:
        values = result[seat.entrant_id]
        seat.outcome = values["outcome"]
        seat.place = values["place"]
        seat.power = values["power"]
        seat.points = points_decimal(points[seat.entrant_id])
    Seat.objects.bulk_update(seats, ["outcome", "place", "power", "points"])
    table.reported = True
    table.disputed = False
    table.save(update_fields=["reported", "disputed"])


def _summary(seats: list[Seat]) -> dict[str, Any]:
    return {
        s.entrant.name: {"outcome": s.outcome, "place": s.place, "power": s.power} for s in seats
    }


def _seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("entrant").order_by("seat"))


def _check_cut_table_open(table: Table) -> None:
    round_ = table.round
    if (
        round_.kind == Round.Kind.CUT
        and round_.event.round_set.filter(number__gt=round_.number).exists()
    ):
        raise EventError(
            "The bracket has moved on from this game: its result can no longer change."
        )


@transaction.atomic
def result_enter(*, table: Table, user: Any, data: Mapping[str, Any]) -> Table:
    """The organizer records (or corrects) a table's result; corrections go to the audit log.

    The table is read again under the event's lock: the ``table`` passed in was loaded before
    it, and another organizer may have recorded this result meanwhile. The first result is
    "entered", a different later one "corrected" (with the result it replaces), and one equal
    to the result already recorded changes nothing.
    """
    event = table.round.event
    require_manager(event, user)
    table = _locked_table(table)
    if table.is_bye:
        raise EventError("A bye has no result to enter.")
    _check_cut_table_open(table)
    seats = _seats(table)
    result = parse_result(table, seats, data)
    before = _summary(seats) if table.reported else None
    _apply(table, seats, result)
    detail = {"round": table.round.number, "table": table.number, "result": _summary(seats)}
    if before is None:
        audit(event, user, "result_entered", **detail)
    elif before != detail["result"]:
        audit(event, user, "result_corrected", before=before, **detail)
    return table


def _locked_table(table: Table) -> Table:
    """The table as it is now, locked for the rest of the transaction (the event is locked
    first, by every writer of results, so the order of locks is always the same)."""
    fresh = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .filter(pk=table.pk)
        .first()
    )
    if fresh is None:
        raise EventError(
            f"Table {table.number} of round {table.round.number} no longer exists: the round "
            "was paired again. Enter the result on the new pairings."
        )
    return fresh


@transaction.atomic
def result_from_match(*, table: Table, data: Mapping[str, Any], match_id: int) -> Table | None:
    """Record the result of a table's game played on the site, when it ends; a result
    already recorded (by the organizer, or confirmed by the players) is left alone, and
    the organizer can still correct this one."""
    Event.objects.select_for_update().filter(pk=table.round.event_id).first()
    table.refresh_from_db()
    if table.reported or table.is_bye:
        return None
    seats = _seats(table)
    result = parse_result(table, seats, data)
    _apply(table, seats, result)
    audit(
        table.round.event,
        None,
        "result_from_match",
        round=table.round.number,
        table=table.number,
        match=match_id,
        result=_summary(seats),
    )
    return table


def _player_entrant(table: Table, user: Any) -> Entrant:
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to report a result.")
    seat = table.seats.filter(Q(entrant__user=user) | Q(entrant__partner=user)).first()
    if seat is None:
        raise PermissionDenied("You can only report the result of your own table.")
    return seat.entrant


def seat_for_code(*, event: Event, code: str) -> Seat:
    """The seat of ``event``'s current round that ``code`` opens (typed as printed on the
    match slip, any case and spacing). A code works for its seat and round only: once the
    next round is paired or the event is finished it opens nothing."""
    cleaned = "".join((code or "").split()).upper()
    if not cleaned:
        raise EventError("Type the seat code printed on your match slip.")
    if len(cleaned) != SEAT_CODE_LENGTH or any(c not in SEAT_CODE_ALPHABET for c in cleaned):
        raise EventError(
            f"A seat code has {SEAT_CODE_LENGTH} letters and digits (never O, 0, I, 1 or L): "
            "check the code on your match slip."
        )
    seat = (
        Seat.objects.filter(table__round__event=event, code=cleaned)
        .select_related("table__round__event", "entrant")
        .order_by("-table__round__number")
        .first()
    )
    if seat is None:
        raise EventError("No seat of this event has that code: check the code on your match slip.")
    latest = event.round_set.order_by("-number").first()
    if seat.table.round_id != getattr(latest, "pk", None) or event.status == Event.Status.FINISHED:
        raise EventError("That code was for a round that is over: each round has new codes.")
    if seat.table.is_bye:
        raise EventError("That seat has a bye this round: there is no result to report.")
    return seat


@transaction.atomic
def result_report(
    *, table: Table, user: Any, data: Mapping[str, Any], seat: Seat | None = None
) -> Table:
    """A player reports their table's result; it counts once every player there agrees.
    ``seat`` (from :func:`seat_for_code`): reported with that seat's code, by whoever holds
    it, account or not.

    A report that disagrees with another flags the table for the organizer.
    """
    event = table.round.event
    if seat is not None and seat.table_id != table.pk:
        raise PermissionDenied("A seat code reports its own table only.")
    entrant = seat.entrant if seat is not None else _player_entrant(table, user)
    Event.objects.select_for_update().filter(pk=event.pk).first()
    table.refresh_from_db()
    if not event.player_reports:
        raise EventError("Results of this event are entered by the organizers only.")
    if table.is_bye:
        raise EventError("A bye has no result to report.")
    latest = event.round_set.order_by("-number").first()
    if table.round_id != latest.pk or event.status == Event.Status.FINISHED:
        raise EventError("Only the current round's results can be reported.")
    if table.reported:
        raise EventError("This table's result is already recorded; ask an organizer to correct it.")
    seats = _seats(table)
    result = parse_result(table, seats, data)
    stored = {str(k): v for k, v in result.items()}
    ResultReport.objects.update_or_create(table=table, entrant=entrant, defaults={"result": stored})
    claimed = {
        s.entrant.name: {k: result[s.entrant_id][k] for k in ("outcome", "place", "power")}
        for s in seats
    }
    audit(
        event,
        user,
        "result_reported",
        round=latest.number,
        table=table.number,
        by=entrant.name,
        result=claimed,
        **({"with_code": True} if seat is not None else {}),
    )
    reports = list(table.reports.all())
    decided = {
        str(k): (v["outcome"], v["place"]) for k, v in stored.items()
    }  # what must agree; power may differ in a report
    agree = all(
        {k: (v["outcome"], v["place"]) for k, v in r.result.items()} == decided for r in reports
    )
    table.disputed = not agree
    table.save(update_fields=["disputed"])
    if agree and len(reports) == len(seats):
        _apply(table, seats, result)
        audit(event, None, "result_confirmed", round=latest.number, table=table.number)
    return table


def report_fingerprint(result: Mapping[str, Any]) -> str:
    """A short digest of a report's claim: the organizer accepts the claim they saw, not one
    the player changed since."""
    text = json.dumps(result, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def report_accept(*, table: Table, report_id: int, user: Any, seen: str | None = None) -> Table:
    """An organizer settles a table by accepting one player's report as its result.

    ``seen`` is the :func:`report_fingerprint` of the claim the organizer read. Refused when
    the table already has its result (correct it instead), or the report is gone or changed
    since (the page shows the table anew).
    """
    event = table.round.event
    require_manager(event, user)
    table = _locked_table(table)
    if table.is_bye:
        raise EventError("A bye has no result to enter.")
    _check_cut_table_open(table)
    report = table.reports.select_related("entrant").filter(pk=report_id).first()
    if report is None or (seen is not None and seen != report_fingerprint(report.result)):
        raise EventError(
            f"Table {table.number}: that report has changed or is no longer there: "
            "look at the reports again before accepting one."
        )
    if table.reported:
        raise EventError(
            f"Table {table.number} already has its result: correct it with the form instead."
        )
    seats = _seats(table)
    if set(report.result) != {str(s.entrant_id) for s in seats}:
        raise EventError(
            f"Table {table.number}: that report names other players; enter the result instead."
        )
    _apply(table, seats, {int(key): values for key, values in report.result.items()})
    audit(
        event,
        user,
        "report_accepted",
        round=table.round.number,
        table=table.number,
        reporter=report.entrant.name,
        result=_summary(seats),
    )
    return table


# --- The cut ------------------------------------------------------------------------------


def _cut_tables(event: Event, number: int, matches: list[BracketMatch]) -> Round:
    round_ = Round.objects.create(event=event, number=number, kind=Round.Kind.CUT)
    seats = []
    for index, match in enumerate(matches, start=1):
        table = Table.objects.create(
            round=round_,
            number=index,
            is_bye=match.is_bye,
            reported=match.is_bye,
            explanation={"top_seed": match.top_seed, "bottom_seed": match.bottom_seed},
        )
        seats.append(
            Seat(
                table=table,
                entrant_id=int(match.top),
                seat=1,
                outcome=Seat.Outcome.BYE if match.is_bye else "",
            )
        )
        if match.bottom is not None:
            seats.append(Seat(table=table, entrant_id=int(match.bottom), seat=2))
    Seat.objects.bulk_create(seats)
    return round_


@transaction.atomic
def cut_start(*, event: Event, user: Any, size: int | None = None, confirm: bool = False) -> Round:
    """Seed the top cut from the Swiss standings (dropped players are replaced by the next).

    Joust and two-on-two: single elimination, 1 v N, 2 v N-1... Melee: one final table of
    the top three or four.
    """
    require_manager(event, user)
    event.refresh_from_db()
    if event.status != Event.Status.SWISS:
        raise EventError("The cut starts after the Swiss rounds.")
    record = event_record(event)
    if record.unreported and not confirm:
        raise ConfirmationNeeded(
            f"{record.unreported} table(s) of the last round have no result: "
            "the cut would be seeded without them."
        )
    _, planned = event_structure(event)
    size = size if size is not None else (planned.cut if planned else 0)
    if size < 2:
        raise EventError("This event has no top cut: finish it instead, or choose a cut size.")
    if event.format == Event.Format.MELEE and size > MELEE_CUT_MAX:
        raise EventError("A melee cut is one final table: choose 3 or 4 players.")
    seeds = replace_dropped_cut(event_standings(event, record), size)
    if len(seeds) < 2:
        raise EventError("Fewer than two players are left for the cut.")
    number = event.round_set.count() + 1
    if event.format == Event.Format.MELEE:
        round_ = Round.objects.create(event=event, number=number, kind=Round.Kind.CUT)
        table = Table.objects.create(
            round=round_, number=1, explanation={"seeds": list(range(1, len(seeds) + 1))}
        )
        Seat.objects.bulk_create(
            Seat(table=table, entrant_id=int(p), seat=s) for s, p in enumerate(seeds, start=1)
        )
    else:
        round_ = _cut_tables(event, number, seed_bracket(seeds))
    event.status = Event.Status.CUT
    event.save(update_fields=["status"])
    audit(event, user, "cut_started", size=size, seeds=[record.entrants[s].name for s in seeds])
    return round_


def table_winner(table: Table) -> Seat | None:
    """The seat that won a reported table (or holds a bye); ``None`` while undecided."""
    seats = list(table.seats.all())
    for seat in seats:
        if table.is_bye or seat.outcome in (Outcome.WIN, Outcome.MODIFIED_WIN) or seat.place == 1:
            return seat
    return None


def _match_of(table: Table) -> BracketMatch:
    seats = {s.seat: s for s in table.seats.all()}
    note = table.explanation or {}
    bottom = seats.get(2)
    return BracketMatch(
        str(seats[1].entrant_id),
        str(bottom.entrant_id) if bottom else None,
        note.get("top_seed", 0),
        note.get("bottom_seed") if bottom else None,
    )


@transaction.atomic
def cut_advance(*, event: Event, user: Any) -> Round | None:
    """Draw the next round of the bracket; after the final, finish the event (returns None)."""
    require_manager(event, user)
    event.refresh_from_db()
    latest = event.round_set.order_by("-number").first()
    if event.status != Event.Status.CUT or latest is None or latest.kind != Round.Kind.CUT:
        raise EventError("There is no top-cut round in progress.")
    tables = list(latest.tables.prefetch_related("seats").order_by("number"))
    missing = [t.number for t in tables if not t.reported or table_winner(t) is None]
    if missing:
        raise EventError(
            "Enter the result of every game of this cut round first (table "
            + ", ".join(map(str, missing))
            + ")."
        )
    if len(tables) == 1:
        champion = table_winner(tables[0])
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        audit(event, user, "event_finished", champion=champion.entrant.name)
        return None
    winners = [str(table_winner(t).entrant_id) for t in tables]
    try:
        matches = advance_bracket([_match_of(t) for t in tables], winners)
    except ValueError as error:
        raise EventError(f"The bracket cannot advance: {error}.") from None
    round_ = _cut_tables(event, latest.number + 1, matches)
    audit(event, user, "cut_advanced", round=round_.number, stage=cut_stage(len(matches)))
    return round_


@transaction.atomic
def event_finish(*, event: Event, user: Any, confirm: bool = False) -> Event:
    """End an event without (or before the end of) a cut."""
    require_manager(event, user)
    event.refresh_from_db()
    if event.status == Event.Status.FINISHED:
        raise EventError("The event is already finished.")
    if event.status == Event.Status.REGISTRATION:
        raise EventError("No round has been played: delete the event instead of finishing it.")
    record = event_record(event)
    if record.unreported and not confirm:
        raise ConfirmationNeeded(
            f"{record.unreported} table(s) have no result: finishing now leaves them unplayed."
        )
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    audit(event, user, "event_finished")
    return event
