"""A tournament table's finished match reported to its round: ``match_report_result``,
queued by :func:`gameplay.services.play.after_change` when such a match ends. Apart from
``gameplay.services.tournament`` (which opens the table's match with ``match_create``), so
that the play services and the tournament tables do not import each other."""

from __future__ import annotations

import logging
from typing import Any

from gameplay.models import Match

logger = logging.getLogger(__name__)


def table_result(match: Match) -> dict[str, Any]:
    """A finished match's result in the shape the round's result form takes."""
    result = match.result or {}
    power = result.get("final_power") or []
    numbers = list(match.seats.order_by("number").values_list("number", flat=True))
    if match.variant == Match.Variant.MELEE:
        entrants = list(match.table.seats.order_by("seat").values_list("entrant_id", flat=True))
        # A person who conceded or ran out of time (a bot played on for them) forfeits: they
        # lose whatever the bot did, and the others are placed among themselves.
        out = set(match.seats.filter(conceded=True).values_list("number", flat=True))
        forfeits = {f"forfeit_{entrants[n]}": "1" for n in sorted(out)}
        winner = result.get("winner")
        if winner is None or winner in out:  # round limit, abandoned: placed by power
            return {
                "at_time": "1",
                **{f"power_{e}": power[n] for n, e in zip(numbers, entrants, strict=True)},
                **forfeits,
            }
        places = {entrants[winner]: 1}
        # Behind the winner, more power is a better place.
        others = sorted(
            (n for n in numbers if n != winner and n not in out), key=lambda n: -power[n]
        )
        for place, n in enumerate(others, start=2):
            places[entrants[n]] = place
        return {**{f"place_{e}": p for e, p in places.items()}, **forfeits}
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
