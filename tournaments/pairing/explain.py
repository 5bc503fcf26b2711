"""Explanations of a pairing: codes and numbers for each table and bye, with a line of prose.

>>> from tournaments.pairing.core import Entrant, prepare
>>> f = prepare([Entrant("a", 3), Entrant("b", 0)], seed=0)
>>> joust_table(f, 1, f.players[0], f.players[1]).codes
('score_gap',)
"""

from __future__ import annotations

from .core import Field, Player, TableExplanation, points_out

__all__ = ["bye", "joust_table", "melee_table"]


def _meetings(a: Player, b: Player) -> int:
    return max(a.meetings(b), b.meetings(a))


def joust_table(field_: Field, number: int, a: Player, b: Player) -> TableExplanation:
    gap = abs(a.points - b.points)
    met = _meetings(a, b)
    codes = ["same_score" if gap == 0 else "score_gap"]
    text = f"Table {number}: {a.id} ({points_out(a.points)}) v {b.id} ({points_out(b.points)})"
    text += ", same score" if gap == 0 else f", score gap {points_out(gap)}"
    if met:
        codes.append("rematch_unavoidable")
        text += f"; rematch (met {met}x before): no pairing without a rematch exists"
    return TableExplanation(
        table=number,
        players=(a.id, b.id),
        codes=tuple(codes),
        score_gap=float(gap),
        ranks=(a.rank, b.rank),
        previous_meetings=met,
        text=text + ".",
    )


def bye(field_: Field, player: Player) -> TableExplanation:
    lower = tuple(p.id for p in field_.players if p.pos > player.pos and field_.eligible_for_bye(p))
    codes = []
    if field_.min_byes:
        codes.append("bye_all_had_one")
        text = f"Bye: {player.id}; every active player has had a bye, it goes to the fewest"
    else:
        text = f"Bye: {player.id}"
    if lower:
        codes.append("bye_passed_over_lower_ranked")
        text += (
            f"; lower-ranked eligible {', '.join(lower)} passed over: giving them the bye "
            "would have forced a rematch"
        )
    else:
        codes.append("bye_lowest_ranked_eligible")
        text += ", the lowest-ranked player without a bye" if not field_.min_byes else ""
    return TableExplanation(
        table=None,
        players=(player.id,),
        codes=tuple(codes),
        ranks=(player.rank,),
        passed_over=lower,
        text=text + ".",
    )


def melee_table(number: int, seated: list[Player], small: bool) -> TableExplanation:
    points = [p.points for p in seated]
    spread = max(points) - min(points)
    met = sum(_meetings(a, b) for i, a in enumerate(seated) for b in seated[i + 1 :])
    codes = ["melee_table"]
    text = f"Table {number}: {', '.join(p.id for p in seated)} in seat order"
    text += f", score spread {points_out(spread)}"
    if len(seated) == 5:
        codes.append("table_of_five")
        text += "; five players: one table"
    elif small:
        codes.append("small_table")
        text += "; a table of 3 for the lower standings"
    if met:
        codes.append("repeat_opponents")
        text += f"; {met} repeat meeting(s) the search could not remove"
    return TableExplanation(
        table=number,
        players=tuple(p.id for p in seated),
        codes=tuple(codes),
        score_gap=float(spread),
        ranks=tuple(p.rank for p in seated),
        previous_meetings=met,
        text=text + ".",
    )
