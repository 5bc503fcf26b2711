"""Reads of tournaments: an event's record as the pure modules' plain data, and its standings.

Ids handed to the pure modules are ``str(entrant.pk)``. Standings are always recomputed from
the seats, so a corrected result changes them at once and nothing can go stale.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet

from decks.models import Deck
from tournaments.models import Entrant, Event, Invitation, Round, Seat, Table
from tournaments.pairing import Entrant as PairingEntrant
from tournaments.scoring import Outcome, ScoringRules
from tournaments.standings import (
    Bye,
    CutGame,
    GameResult,
    MissedRound,
    Placing,
    StandingRow,
    Structure,
    TooFewPlayersError,
    cut_stage,
    final_standings,
    recommended_structure,
    standings,
)


def scoring_rules(event: Event) -> ScoringRules:
    return ScoringRules(
        win=event.points_win,
        modified_win=event.points_modified_win,
        draw=event.points_draw,
        modified_loss=event.points_modified_loss,
        loss=event.points_loss,
        bye=event.points_win,
        head_to_head=event.head_to_head,
    )


@dataclass
class EventRecord:
    """Everything the standings and the pairer need, read in a few queries."""

    event: Event
    entrants: dict[str, Entrant]
    results: list[GameResult] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    missed: list[MissedRound] = field(default_factory=list)
    seats_taken: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    swiss_rounds: list[Round] = field(default_factory=list)
    unreported: int = 0  # tables of the latest Swiss round still without a result
    power: dict[str, int] = field(default_factory=dict)  # power entered at Swiss games

    @property
    def rules(self) -> ScoringRules:
        return scoring_rules(self.event)

    @property
    def dropped(self) -> set[str]:
        return {key for key, e in self.entrants.items() if e.dropped}


def game_result(
    event: Event, round_number: int, seats: list[Seat], rules: ScoringRules | None = None
) -> GameResult | None:
    """The result of a reported (non-bye) table as a :class:`GameResult`."""
    return _game(
        event.format,
        round_number,
        [(s.entrant_id, s.outcome, s.place) for s in seats],
        rules or scoring_rules(event),
    )


def _game(fmt: str, number: int, seats: list[tuple], rules: ScoringRules) -> GameResult | None:
    """``seats``: (entrant id, outcome, place) in seat order."""
    if fmt == Event.Format.MELEE:
        if any(place is None for _, _, place in seats):
            return None
        # A melee seat's "loss" marks a forfeit (out of time, conceded): it scores nothing.
        forfeits = {str(e) for e, outcome, _ in seats if outcome == Seat.Outcome.LOSS}
        return GameResult.melee(
            number, {str(e): place for e, _, place in seats}, rules, forfeits=forfeits
        )
    if len(seats) != 2 or not seats[0][1]:
        return None
    return GameResult.joust(number, str(seats[0][0]), str(seats[1][0]), Outcome(seats[0][1]), rules)


def event_record(event: Event) -> EventRecord:
    """The event's Swiss record in three queries (entrants without their decklists, rounds,
    and every seat as plain values), whatever the size of the event."""
    entrants = {
        str(e.pk): e for e in event.entrants.defer("decklist", "decklist_text", "partner_decklist")
    }
    record = EventRecord(event=event, entrants=entrants)
    rules = record.rules
    if event.late_entry_losses:
        for key, entrant in entrants.items():
            record.missed += [MissedRound(r, key) for r in range(1, entrant.joined_round)]
    record.swiss_rounds = list(event.round_set.filter(kind=Round.Kind.SWISS).order_by("number"))
    seats = (
        Seat.objects.filter(table__round__event=event, table__round__kind=Round.Kind.SWISS)
        .order_by("table__round__number", "table__number", "seat")
        .values_list(
            "table_id",
            "table__round__number",
            "table__is_bye",
            "table__reported",
            "entrant_id",
            "seat",
            "outcome",
            "place",
            "power",
        )
    )
    tables: dict[int, tuple[int, bool, bool, list[tuple]]] = {}
    for table_id, number, is_bye, reported, entrant_id, seat, outcome, place, power in seats:
        if table_id not in tables:
            tables[table_id] = (number, is_bye, reported, [])
        tables[table_id][3].append((entrant_id, outcome, place))
        if not is_bye:
            record.seats_taken[str(entrant_id)].append(seat)
            if reported and power is not None:
                key = str(entrant_id)
                record.power[key] = record.power.get(key, 0) + power
    latest = record.swiss_rounds[-1].number if record.swiss_rounds else 0
    for number, is_bye, reported, table_seats in tables.values():
        if is_bye:
            record.byes += [Bye(number, str(e)) for e, _, _ in table_seats]
        elif not reported:
            record.unreported += number == latest
        else:
            game = _game(event.format, number, table_seats, rules)
            if game is not None:
                record.results.append(game)
    return record


def event_standings(event: Event, record: EventRecord | None = None) -> list[StandingRow]:
    record = record or event_record(event)
    return standings(
        list(record.entrants),
        record.results,
        record.byes,
        missed=record.missed,
        dropped=record.dropped,
        rules=record.rules,
        seed=event.seed,
        tiebreak_names={key: e.name for key, e in record.entrants.items()},
    )


def pairing_entrants(
    record: EventRecord, round_number: int, rows: list[StandingRow]
) -> list[PairingEntrant]:
    """The pairer's view of everyone who may play ``round_number``, ranked by the standings.

    A two-on-two team still waiting for its partner is left out: it is paired once complete.
    """
    out = []
    for row in rows:
        entrant = record.entrants[row.id]
        if entrant.joined_round > round_number or entrant.awaiting_partner:
            continue
        out.append(
            PairingEntrant(
                id=row.id,
                points=row.points,
                opponents=row.opponents,
                byes=row.byes,
                dropped=entrant.dropped,
                rank=row.rank,
                seats=tuple(record.seats_taken.get(row.id, ())),
            )
        )
    return out


def event_structure(event: Event) -> tuple[Structure | None, Structure | None]:
    """(recommended, planned) rounds and cut; the planned one applies the organizer's choices."""
    active = event.entrants.filter(dropped_after_round__isnull=True).count()
    try:
        recommended: Structure | None = recommended_structure(active)
    except TooFewPlayersError:
        recommended = None
    rounds = event.rounds or (recommended.rounds if recommended else None)
    cut = event.cut_size if event.cut_size is not None else (recommended.cut if recommended else 0)
    planned = Structure(rounds, cut) if rounds else None
    return recommended, planned


def _swiss_line(row: StandingRow, entrant: Entrant, record: EventRecord) -> dict[str, Any]:
    return {
        "row": row,
        "entrant": entrant,
        "record": f"{row.wins}-{row.draws}-{row.losses}"
        + (f" +{row.byes} bye" if row.byes else ""),
        "power": record.power.get(row.id),
    }


def standings_table(event: Event) -> list[dict[str, Any]]:
    """The Swiss standings with each entrant's display data, for pages and exports."""
    return event_results(event).swiss


@dataclass
class EventResults:
    """An event's standings for its pages and exports.

    ``swiss`` is the Swiss standings, best first: ``{"row", "entrant", "record", "power"}``.
    ``final`` is empty until a top cut is seeded; then it is every entrant in final order,
    ``{"placing", "entrant", "line"}`` (``line``: their Swiss line). ``champion`` is set once
    the final has its result.
    """

    event: Event
    swiss: list[dict[str, Any]]
    final: list[dict[str, Any]]
    champion: Entrant | None
    places: int  # melee: columns of place counts (1st, 2nd...)
    power: bool  # melee: some power was entered

    @property
    def melee(self) -> bool:
        return self.event.format == Event.Format.MELEE

    @property
    def ranked(self) -> list[tuple[int, dict[str, Any], Placing | None]]:
        """(final place, Swiss line, placing or None) of everyone, in final order."""
        if self.final:
            return [(f["placing"].place, f["line"], f["placing"]) for f in self.final]
        return [(line["row"].rank, line, None) for line in self.swiss]


def _cut_place(seat: Seat, melee: bool) -> int | None:
    if melee:
        return seat.place
    if seat.outcome in (Outcome.WIN, Outcome.MODIFIED_WIN, Seat.Outcome.BYE):
        return 1
    if seat.outcome in (Outcome.LOSS, Outcome.MODIFIED_LOSS):
        return 2
    return None


def cut_games(event: Event) -> list[list[CutGame]]:
    """The top cut as the pure final standings read it: each cut round's games in order."""
    melee = event.format == Event.Format.MELEE
    rounds = (
        event.round_set.filter(kind=Round.Kind.CUT)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "tables",
                queryset=Table.objects.order_by("number").prefetch_related(
                    Prefetch("seats", queryset=Seat.objects.order_by("seat"))
                ),
            )
        )
    )
    out = []
    for round_ in rounds:
        games = []
        for table in round_.tables.all():
            seats = list(table.seats.all())
            players = tuple(str(s.entrant_id) for s in seats)
            places = None
            if table.reported and not table.is_bye:
                found = {str(s.entrant_id): _cut_place(s, melee) for s in seats}
                if None not in found.values():
                    places = found
            games.append(CutGame(players, places))
        if games:
            out.append(games)
    return out


def event_results(event: Event) -> EventResults:
    """The Swiss standings, and the final standings once a top cut is seeded."""
    record = event_record(event)
    rows = event_standings(event, record)
    swiss = [_swiss_line(row, record.entrants[row.id], record) for row in rows]
    final: list[dict[str, Any]] = []
    champion = None
    cut = cut_games(event)
    if cut:
        lines = {line["row"].id: line for line in swiss}
        for placing in final_standings([row.id for row in rows], cut):
            entrant = record.entrants[placing.id]
            final.append({"placing": placing, "entrant": entrant, "line": lines[placing.id]})
            if placing.champion:
                champion = entrant
    places = max((len(row.places) for row in rows), default=0)
    return EventResults(event, swiss, final, champion, places, bool(record.power))


def champion_of(event: Event) -> Entrant | None:
    """The winner of the event's top-cut final, once it has its result."""
    if not event.round_set.filter(kind=Round.Kind.CUT).exists():
        return None
    return event_results(event).champion


def round_stage(round_: Round, games: int) -> str | None:
    """The cut stage of a round (``final``, ``semifinal``...), None for a Swiss round."""
    if round_.kind != Round.Kind.CUT or games < 1:
        return None
    return cut_stage(games)


def titled(round_: Round, games: int | None = None) -> Round:
    """The round with ``title`` set: "Round 3", or its cut stage: "Semifinals", "Final"."""
    from tournaments.wording import round_title

    if games is None:
        games = round_.tables.count() if round_.kind == Round.Kind.CUT else 0
    melee = round_.event.format == Event.Format.MELEE
    round_.stage = round_stage(round_, games)
    round_.title = round_title(round_.kind, round_.number, round_.stage, melee=melee)
    return round_


def titled_rounds(event: Event) -> list[Round]:
    """Every round of the event in order, each with its ``title`` (see :func:`titled`)."""
    rounds = event.round_set.annotate(games=Count("tables")).order_by("number")
    out = []
    for round_ in rounds:
        round_.event = event
        out.append(titled(round_, round_.games))
    return out


def tables_of_round(round_: Round) -> list[Table]:
    return list(
        round_.tables.order_by("number").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("entrant").order_by("seat"))
        )
    )


def current_round(event: Event) -> Round | None:
    return event.round_set.order_by("-number").first()


def table_for_user(round_: Round, user: Any) -> Table | None:
    """The table of ``round_`` where ``user`` plays (as an entrant or a two-on-two partner)."""
    if user is None or not user.is_authenticated:
        return None
    seat = (
        Seat.objects.filter(table__round=round_)
        .filter(Q(entrant__user=user) | Q(entrant__partner=user))
        .select_related("table")
        .first()
    )
    return seat.table if seat else None


# --- Registration and invitations ---------------------------------------------------------

OPEN_FOR_ENTRIES = (Event.Status.REGISTRATION, Event.Status.SWISS)


def saved_decks_of(user: Any) -> QuerySet[Deck]:
    """The decks a player may register: their own, and nobody else's."""
    if user is None or not user.is_authenticated:
        return Deck.objects.none()
    return Deck.objects.filter(owner=user).order_by("name", "pk")


def pending_invitations(user: Any) -> QuerySet[Invitation]:
    """Invitations waiting for this player's answer, to events they can still join."""
    if user is None or not user.is_authenticated:
        return Invitation.objects.none()
    return (
        Invitation.objects.filter(
            user=user, status=Invitation.Status.PENDING, event__status__in=OPEN_FOR_ENTRIES
        )
        .select_related("event", "invited_by")
        .order_by("event__date", "event__pk")
    )


def partner_requests(user: Any) -> QuerySet[Entrant]:
    """Two-on-two teams asking this account to be their partner, in events it can still
    join. The team's decks are not read: they are not the asked account's to see."""
    if user is None or not user.is_authenticated:
        return Entrant.objects.none()
    return (
        Entrant.objects.filter(
            partner_invited=user,
            partner_request=Entrant.PartnerRequest.PENDING,
            event__status__in=OPEN_FOR_ENTRIES,
        )
        .only("pk", "name", "event", "user", "partner_invited", "partner_request", "joined_round")
        .select_related("event", "user")
        .order_by("event__date", "event__pk", "name")
    )


def entry_of(event: Event, user: Any) -> Entrant | None:
    """The player's entry in the event (their own, or their team's in two-on-two)."""
    if user is None or not user.is_authenticated:
        return None
    return event.entrants.filter(Q(user=user) | Q(partner=user)).first()


def invitation_for(event: Event, user: Any) -> Invitation | None:
    """This player's invitation to this event, while it waits for an answer."""
    return pending_invitations(user).filter(event=event).first()


def event_invitations(event: Event) -> QuerySet[Invitation]:
    """The invitations an organizer still follows: waiting, or declined."""
    return (
        event.invitations.exclude(status=Invitation.Status.ACCEPTED)
        .select_related("user", "invited_by")
        .order_by("user__username")
    )
