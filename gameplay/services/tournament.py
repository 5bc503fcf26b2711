"""Tournament tables played on the site: the organizer opens a table's match with the
registered (frozen) decks, and the result goes to the round when the match ends
(``gameplay/services/results.py``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied

from gameplay.engine.game import PlayerConfig
from gameplay.models import Match
from gameplay.services.play import MatchError, SeatSpec, match_create


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
