"""Words for the tournament pages: round titles, cut stages and results as short sentences.

Plain data in (names, outcomes, places), text out; the pages, the audit log and the exports
share them so that a result reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tournaments.standings import Placing

STAGES = {"final": "Final", "semifinal": "Semifinals", "quarterfinal": "Quarterfinals"}
# A player knocked out in a stage, and one still playing in it.
STAGE_OUT = {"final": "Finalist", "semifinal": "Semifinalist", "quarterfinal": "Quarterfinalist"}
STAGE_IN = {"final": "In the final", "semifinal": "In the semifinals"}
WON = ("win", "modified_win")
LOST = ("loss", "modified_loss")


def stage_title(stage: str, *, melee: bool = False) -> str:
    """``final`` → ``Final`` (``Final table`` in melee), ``round_of_16`` → ``Round of 16``."""
    if melee and stage == "final":
        return "Final table"
    if stage in STAGES:
        return STAGES[stage]
    return stage.replace("_", " ").capitalize()


def round_title(kind: str, number: int, stage: str | None = None, *, melee: bool = False) -> str:
    """A Swiss round is "Round 3"; a cut round is named by its stage ("Semifinals")."""
    if kind == "cut" and stage:
        return stage_title(stage, melee=melee)
    return f"Round {number}"


def ordinal(number: int) -> str:
    """1 → 1st, 2 → 2nd, 11 → 11th, 23 → 23rd."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def placing_label(placing: Placing, *, melee: bool = False) -> str:
    """What a player's top cut came to: "Champion", "Finalist", "Semifinalist", "In the
    final"... (empty outside the cut)."""
    if placing.stage is None:
        return ""
    if placing.champion:
        return "Champion"
    if melee and placing.stage == "final":
        if placing.finish is None:
            return "At the final table"
        return f"{ordinal(placing.finish)} at the final table"
    if placing.out:
        return STAGE_OUT.get(placing.stage, stage_title(placing.stage).replace("Round of", "Top"))
    return STAGE_IN.get(placing.stage, f"In the {stage_title(placing.stage).lower()}")


def _power(values: Iterable[Any]) -> str:
    shown = list(values)
    if any(v is None for v in shown) or not shown:
        return ""
    return " (" + "–".join(str(v) for v in shown) + " power)"


def result_sentence(seats: Iterable[Mapping[str, Any]], *, melee: bool = False) -> str:
    """A table's result in words, from its seats in seat order, each ``{"name", "outcome",
    "place", "power"}``: "Ann beat Bob (15–9 power)", "Ann beat Bob at time", "Ann and Bob
    drew", "1st Ann, 2nd Bob, 3rd Cat".
    """
    seats = list(seats)
    if not seats:
        return ""
    if melee or any(s.get("place") for s in seats):
        # A melee "loss" is a forfeit (out of time, or conceded a game played on the site).
        out = [s for s in seats if s.get("outcome") in LOST]
        ranked = sorted((s for s in seats if s not in out), key=lambda s: s.get("place") or 99)
        text = ", ".join(
            f"{ordinal(s['place'])} {s['name']}" if s.get("place") else f"{s['name']} unplaced"
            for s in ranked
        )
        powers = [s.get("power") for s in ranked]
        if ranked and all(p is not None for p in powers):
            text += " (power " + ", ".join(str(p) for p in powers) + ")"
        if out:
            names = [s["name"] for s in out]
            listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
            forfeited = f"{listed} forfeited"
            text = f"{text}; {forfeited}" if text else f"{forfeited}: nobody scored"
        return text
    if len(seats) == 1:
        return f"bye for {seats[0]['name']}"
    if len(seats) != 2:
        return ", ".join(s["name"] for s in seats)
    a, b = seats
    outcome = a.get("outcome") or ""
    if outcome == "draw":
        return f"{a['name']} and {b['name']} drew" + _power((a.get("power"), b.get("power")))
    if outcome in WON:
        winner, loser = a, b
    elif outcome in LOST:
        winner, loser = b, a
    else:
        return "no result"
    timed = " at time" if outcome in ("modified_win", "modified_loss") else ""
    return f"{winner['name']} beat {loser['name']}{timed}" + _power(
        (winner.get("power"), loser.get("power"))
    )


def seats_sentence(seats: Iterable[Any], *, melee: bool = False) -> str:
    """:func:`result_sentence` of :class:`~tournaments.models.Seat` rows (entrant loaded)."""
    return result_sentence(
        (
            {"name": s.entrant.name, "outcome": s.outcome, "place": s.place, "power": s.power}
            for s in seats
        ),
        melee=melee,
    )


def claim_sentence(seats: Iterable[Any], claim: Mapping[str, Any], *, melee: bool = False) -> str:
    """A player's report (``{entrant id: {"outcome", "place", "power"}}``) in words, with the
    names of the table's seats (in seat order)."""
    rows = []
    for seat in seats:
        said = claim.get(str(seat.entrant_id)) or {}
        rows.append(
            {
                "name": seat.entrant.name,
                "outcome": said.get("outcome"),
                "place": said.get("place"),
                "power": said.get("power"),
            }
        )
    return result_sentence(rows, melee=melee)


def summary_sentence(summary: Mapping[str, Any], *, melee: bool = False) -> str:
    """A result as the audit log stores it (``{name: {"outcome", "place", "power"}}``) in words.

    The stored object may come back with its keys in another order (PostgreSQL's ``jsonb``
    sorts them): a joust is told from the winner's side, a draw and equal places by name,
    whatever the order the database gives.
    """
    rows = sorted(
        ({"name": name, **(values or {})} for name, values in summary.items()),
        key=lambda row: str(row["name"]).casefold(),
    )
    return result_sentence(rows, melee=melee or any(r.get("place") for r in rows))
