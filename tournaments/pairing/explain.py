"""Explanations of a pairing: codes and numbers for each table and bye, with a line of prose.

The prose is :func:`describe` of the codes and numbers, so a page can write it again with the
players' names instead of their ids (``describe(note, names)``).

>>> from tournaments.pairing.core import Entrant, prepare
>>> f = prepare([Entrant("a", 3), Entrant("b", 0)], seed=0)
>>> note = joust_table(f, 1, f.players[0], f.players[1])
>>> note.codes
('score_gap',)
>>> describe(note.to_dict(), {"a": "Ann", "b": "Bob"})
'Table 1: Ann (3) v Bob (0), score gap 3.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .core import Field, Player, TableExplanation, points_out

__all__ = ["bye", "describe", "joust_table", "melee_table"]


def _meetings(a: Player, b: Player) -> int:
    return max(a.meetings(b), b.meetings(a))


def _number(value: Any) -> str:
    """A points value as written in prose: ``3``, ``4.5``."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _with_points(names: Sequence[str], points: Sequence[Any]) -> list[str]:
    if len(points) != len(names):
        return list(names)
    return [f"{name} ({_number(value)})" for name, value in zip(names, points, strict=True)]


def describe(note: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """The explanation ``note`` (a :meth:`TableExplanation.to_dict`) as one line of prose.

    ``names`` maps ids to the names to write (an id without a name is written as it is).
    A note without pairing codes (a top-cut table) gives ``""``.

    >>> describe({"table": None, "players": ["8"], "codes": ["bye_lowest_ranked_eligible"]},
    ...          {"8": "Hodor"})
    'Bye: Hodor, the lowest-ranked player without a bye.'
    """
    codes = set(note.get("codes") or ())
    names = names or {}
    players = [names.get(str(p), str(p)) for p in note.get("players") or ()]
    points = list(note.get("points") or ())
    number = note.get("table")
    gap = _number(note.get("score_gap", 0))
    met = note.get("previous_meetings", 0)
    if not codes or not players:
        return ""
    if codes & {"same_score", "score_gap"} and len(players) == 2:
        a, b = _with_points(players, points)
        text = f"Table {number}: {a} v {b}"
        text += ", same score" if "same_score" in codes else f", score gap {gap}"
        if "rematch_unavoidable" in codes:
            text += f"; rematch (met {met}x before): no pairing without a rematch exists"
    elif "melee_table" in codes:
        text = f"Table {number}: {', '.join(players)} in seat order, score spread {gap}"
        if "table_of_five" in codes:
            text += "; five players: one table"
        elif "small_table" in codes:
            text += "; a table of 3 for the lower standings"
        if "repeat_opponents" in codes:
            text += f"; {met} repeat meeting(s) the search could not remove"
    elif any(code.startswith("bye_") for code in codes):
        text = f"Bye: {players[0]}"
        if "bye_all_had_one" in codes:
            text += "; every active player has had a bye, it goes to the fewest"
        if "bye_passed_over_lower_ranked" in codes:
            lower = [names.get(str(p), str(p)) for p in note.get("passed_over") or ()]
            text += (
                f"; lower-ranked eligible {', '.join(lower)} passed over: giving them the bye "
                "would have forced a rematch"
            )
        elif "bye_all_had_one" not in codes:
            text += ", the lowest-ranked player without a bye"
    else:
        return ""
    return text + "."


def _explained(note: TableExplanation) -> TableExplanation:
    text = describe(note.to_dict())
    return TableExplanation(**{**note.__dict__, "text": text})


def joust_table(field_: Field, number: int, a: Player, b: Player) -> TableExplanation:
    gap = abs(a.points - b.points)
    met = _meetings(a, b)
    codes = ["same_score" if gap == 0 else "score_gap"]
    if met:
        codes.append("rematch_unavoidable")
    return _explained(
        TableExplanation(
            table=number,
            players=(a.id, b.id),
            codes=tuple(codes),
            score_gap=float(gap),
            ranks=(a.rank, b.rank),
            previous_meetings=met,
            points=(points_out(a.points), points_out(b.points)),
        )
    )


def bye(field_: Field, player: Player) -> TableExplanation:
    lower = tuple(p.id for p in field_.players if p.pos > player.pos and field_.eligible_for_bye(p))
    codes = []
    if field_.min_byes:
        codes.append("bye_all_had_one")
    if lower:
        codes.append("bye_passed_over_lower_ranked")
    else:
        codes.append("bye_lowest_ranked_eligible")
    return _explained(
        TableExplanation(
            table=None,
            players=(player.id,),
            codes=tuple(codes),
            ranks=(player.rank,),
            passed_over=lower,
            points=(points_out(player.points),),
        )
    )


def melee_table(number: int, seated: list[Player], small: bool) -> TableExplanation:
    points = [p.points for p in seated]
    spread = max(points) - min(points)
    met = sum(_meetings(a, b) for i, a in enumerate(seated) for b in seated[i + 1 :])
    codes = ["melee_table"]
    if len(seated) == 5:
        codes.append("table_of_five")
    elif small:
        codes.append("small_table")
    if met:
        codes.append("repeat_opponents")
    return _explained(
        TableExplanation(
            table=number,
            players=tuple(p.id for p in seated),
            codes=tuple(codes),
            score_gap=float(spread),
            ranks=tuple(p.rank for p in seated),
            previous_meetings=met,
            points=tuple(points_out(p) for p in points),
        )
    )
