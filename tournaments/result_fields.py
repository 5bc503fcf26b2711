"""What a table's result form shows: its kind and the values to fill in.

A result form is filled from what was typed (a form sent back with a problem keeps every value),
from the player's own report, or from the result recorded. The template
``tournaments/_result_fields.html`` draws it; ``tournaments.rounds.services.parse_result`` reads it
back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments.models import Event, Round, Seat, Table


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def result_fields(
    table: Table,
    seats: list[Seat],
    *,
    posted: Mapping[str, Any] | None = None,
    claim: Mapping[str, Any] | None = None,
    error: str = "",
) -> dict[str, Any]:
    """The context of one result form.

    ``kind`` is ``melee`` (a place and a power for each player), ``cut`` (a top-cut game:
    only a winner) or ``joust`` (the first seat's outcome, or the powers at time).
    ``posted`` (a submitted form) wins over ``claim`` (a report, ``{entrant id: {outcome,
    place, power}}``), which wins over the seats' recorded result.
    """
    event = table.round.event
    if event.format == Event.Format.MELEE:
        kind = "melee"
    elif table.round.kind == Round.Kind.CUT:
        kind = "cut"
    else:
        kind = "joust"
    out: dict[str, Any] = {"kind": kind, "table": table, "error": error, "seats": seats}
    if posted is not None:
        get = posted.get
        out["outcome"] = _text(get("outcome"))
        out["at_time"] = bool(get("at_time"))
        for n in (1, 2):
            out[f"power_{n}"] = _text(get(f"power_{n}"))
            out[f"cannot_win_{n}"] = bool(get(f"cannot_win_{n}"))
        rows = [
            {
                "seat": s,
                "place": _text(get(f"place_{s.entrant_id}")),
                "power": _text(get(f"power_{s.entrant_id}")),
            }
            for s in seats
        ]
    elif claim is not None:
        said = [claim.get(str(s.entrant_id)) or {} for s in seats]
        out["outcome"] = _text(said[0].get("outcome")) if said else ""
        out["at_time"] = False
        for n, values in enumerate(said[:2], start=1):
            out[f"power_{n}"] = _text(values.get("power"))
        rows = [
            {"seat": s, "place": _text(v.get("place")), "power": _text(v.get("power"))}
            for s, v in zip(seats, said, strict=True)
        ]
    else:
        out["outcome"] = seats[0].outcome if seats and table.reported else ""
        out["at_time"] = False
        for n, seat in enumerate(seats[:2], start=1):
            out[f"power_{n}"] = _text(seat.power)
        rows = [{"seat": s, "place": _text(s.place), "power": _text(s.power)} for s in seats]
    out["rows"] = rows
    out["places"] = [str(n) for n in range(1, len(seats) + 1)]
    if kind != "melee" and len(seats) == 2:
        out["a"], out["b"] = seats[0].entrant, seats[1].entrant
    return out
