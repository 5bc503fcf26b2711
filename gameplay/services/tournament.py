"""Tournament tables played on the site: the organizer opens a table's match with the
registered (frozen) decks, and the result goes to the round when the match ends."""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied

from gameplay.engine.game import PlayerConfig
from gameplay.models import Match
from gameplay.services.play import MatchError, SeatSpec, match_create

logger = logging.getLogger(__name__)


def _frozen(decklist: dict[str, Any]) -> PlayerConfig:
    from decks.decklist import deck_from_json

    spec = deck_from_json(decklist)
    codes = tuple(code for code, count in spec.entries.items() for _ in range(count))
    return PlayerConfig(spec.house, codes, spec.agendas[0] if spec.agendas else None)


def match_for_table(*, table: Any, user: Any) -> Match:
    """The table's match, created on the first call by an organizer of the event: seat
    order follows the table, two-on-two partners sit opposite. Every player needs an
    account, since only they may act for their seat."""
    from tournaments.models import Event
    from tournaments.services import can_manage

    event = table.round.event
    if not can_manage(event, user):
        raise PermissionDenied("Only the organizers can open a table's match.")
    if not event.play_online:
        raise MatchError("This event does not play on the site; switch it on in its settings.")
    if table.is_bye or table.reported:
        raise MatchError("This table has no game left to play.")
    current = table.matches.exclude(status=Match.Status.FINISHED).first()
    if current is not None:
        return current
    entrants = [s.entrant for s in table.seats.select_related("entrant").order_by("seat")]
    if event.format == Event.Format.TEAMS:
        first = [
            SeatSpec(_frozen(e.decklist), user=e.user, deck_name=e.deck_name) for e in entrants
        ]
        second = [SeatSpec(_frozen(e.partner_decklist), user=e.partner) for e in entrants]
        specs = [first[0], first[1], second[0], second[1]]  # partners opposite
    else:
        specs = [
            SeatSpec(_frozen(e.decklist), user=e.user, deck_name=e.deck_name) for e in entrants
        ]
    missing = [e.name for e, s in zip(entrants * 2, specs, strict=False) if s.user is None]
    if missing:
        raise MatchError(
            f"{', '.join(sorted(set(missing)))} registered without an account: "
            "they cannot play on the site; record this table's result by hand."
        )
    return match_create(
        creator=user,
        variant=event.format,
        seats=specs,
        is_public=True,
        table=table,
        clock_minutes=table_clock_minutes(event.round_minutes, len(specs)),
    )


def table_clock_minutes(round_minutes: int, seats: int) -> int:
    """Each person's chess clock at a tournament table: the round's time shared out, so
    that the match ends within the round even if every player uses all of theirs (and with
    nobody watching: the clock sweep ends it).

    >>> table_clock_minutes(55, 2), table_clock_minutes(90, 4)
    (27, 22)
    """
    return max(1, min(240, round_minutes // seats))


def table_result(match: Match) -> dict[str, Any]:
    """A finished match's result in the shape the round's result form takes."""
    result = match.result or {}
    power = result.get("final_power") or []
    numbers = list(match.seats.order_by("number").values_list("number", flat=True))
    if match.variant == Match.Variant.MELEE:
        entrants = list(match.table.seats.order_by("seat").values_list("entrant_id", flat=True))
        winner = result.get("winner")
        if winner is None:  # round limit or abandoned: placed by power
            return {
                "at_time": "1",
                **{f"power_{e}": power[n] for n, e in zip(numbers, entrants, strict=True)},
            }
        places = {e: (1 if n == winner else 2) for n, e in zip(numbers, entrants, strict=True)}
        # Behind the winner, more power is a better place.
        others = sorted((n for n in numbers if n != winner), key=lambda n: -power[n])
        for place, n in enumerate(others, start=2):
            places[entrants[n]] = place
        return {f"place_{e}": p for e, p in places.items()}
    if match.variant == Match.Variant.TEAMS:
        side_power = [sum(power[n] for n in numbers if n % 2 == side) for side in (0, 1)]
        winner = result.get("team")
    else:
        side_power = power[:2]
        winner = result.get("winner")
    outcome = "draw" if winner is None else ("win" if winner == 0 else "loss")
    data = {"outcome": outcome}
    if len(side_power) == 2:
        data |= {"power_1": str(side_power[0]), "power_2": str(side_power[1])}
    return data


def match_report_result(*, match_id: int) -> None:
    """Report a finished tournament match to its round (once; see ``result_from_match``)."""
    from tournaments.rounds.services import result_from_match
    from tournaments.services import EventError

    match = Match.objects.select_related("table__round__event").filter(pk=match_id).first()
    if match is None or match.table is None or match.status != Match.Status.FINISHED:
        return
    try:
        result_from_match(table=match.table, data=table_result(match), match_id=match.pk)
    except EventError as error:
        # A result the round cannot take (a drawn top-cut game) is left to the organizer;
        # the player whose move ended the match must not see an error for it.
        logger.warning("Match %s: result not recorded for its table: %s", match.pk, error)
