"""Data types, input checks and standings order shared by the joust and melee pairers.

Pure Python (no Django): plain values in, plain values out.

>>> field = prepare([Entrant("a", 3), Entrant("b", 0), Entrant("c", 3, dropped=True)], seed=1)
>>> [p.id for p in field.players], field.scale
(['a', 'b'], 1)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational, Real

__all__ = [
    "FORMATS",
    "Entrant",
    "Field",
    "Pairing",
    "PairingError",
    "Player",
    "TableExplanation",
    "prepare",
]

FORMATS = ("joust", "teams", "melee")


class PairingError(ValueError):
    """The input cannot be paired; the message names the problem."""


@dataclass(frozen=True)
class Entrant:
    """One entrant (a player, or a team in two-on-two) as the pairer sees it.

    ``opponents`` lists the ids met so far (repeats allowed; unknown ids, such as removed
    players, are ignored). ``rank`` is the standings position (1 = best) when the caller has
    tiebreakers; without it the order is by points, ties broken by the seeded random.
    ``seats`` (melee) are the seat numbers taken in earlier rounds (1 = first player).
    """

    id: str
    points: float | Fraction = 0
    opponents: tuple[str, ...] = ()
    byes: int = 0
    dropped: bool = False
    rank: int | None = None
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class TableExplanation:
    """Why a table (or a bye) is what it is, as codes and numbers, with a line of prose.

    Codes: ``same_score``, ``score_gap``, ``rematch_unavoidable`` (joust tables);
    ``bye_lowest_ranked_eligible``, ``bye_passed_over_lower_ranked`` (a lower-ranked eligible
    player would have forced a rematch), ``bye_all_had_one`` (everyone active had a bye: it
    goes to the fewest); ``melee_table``, ``small_table``, ``table_of_five``,
    ``repeat_opponents``. :func:`tournaments.pairing.explain.describe` writes ``text`` from
    the rest, and again with names for a page.
    """

    table: int | None
    players: tuple[str, ...]
    codes: tuple[str, ...]
    score_gap: float = 0.0
    ranks: tuple[int, ...] = ()
    previous_meetings: int = 0
    passed_over: tuple[str, ...] = ()
    points: tuple[float | int, ...] = ()  # each player's points before the round, in order
    text: str = ""

    def to_dict(self) -> dict:
        return {
            "table": self.table,
            "players": list(self.players),
            "codes": list(self.codes),
            "score_gap": self.score_gap,
            "ranks": list(self.ranks),
            "previous_meetings": self.previous_meetings,
            "passed_over": list(self.passed_over),
            "points": list(self.points),
            "text": self.text,
        }


@dataclass(frozen=True)
class Pairing:
    """The result: tables (joust pairs, or melee tables in seat order), byes, explanations.

    ``method`` says how the joust matching was found: ``exact``
    (complete graph), ``blocks`` (large field, standings blocks), ``sparse_repair``,
    ``complete`` or ``complete_with_rematches`` (the fallbacks); ``melee`` for melee.
    """

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]
    explanations: tuple[TableExplanation, ...] = ()
    method: str = ""

    def to_dict(self) -> dict:
        return {
            "tables": [list(t) for t in self.tables],
            "byes": list(self.byes),
            "explanations": [e.to_dict() for e in self.explanations],
            "method": self.method,
        }


@dataclass(eq=False)
class Player:
    """An active entrant in standings order: ``pos`` 0 is the best."""

    id: str
    pos: int
    rank: int
    points: Fraction
    score: int  # points times Field.scale: an exact integer
    byes: int
    met: Counter[str] = field(default_factory=Counter)
    seats: tuple[int, ...] = ()

    def meetings(self, other: Player) -> int:
        return self.met.get(other.id, 0)


@dataclass
class Field:
    """The active players in standings order and the integer scale of their points."""

    players: list[Player]
    scale: int
    min_byes: int

    def eligible_for_bye(self, player: Player) -> bool:
        return player.byes == self.min_byes


def _as_fraction(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Real | Fraction):
        raise PairingError(f"{what}: points must be a number, not {value!r}")
    if isinstance(value, Rational):  # int, Fraction: exact
        return Fraction(value)
    number = float(value)
    if not math.isfinite(number):
        raise PairingError(f"{what}: points must be finite, not {value!r}")
    return Fraction(number).limit_denominator(1000)


def _check(entrants: Sequence[Entrant]) -> None:
    seen: set[str] = set()
    for entrant in entrants:
        if not isinstance(entrant, Entrant):
            raise PairingError(f"expected Entrant, got {type(entrant).__name__}")
        if not isinstance(entrant.id, str) or not entrant.id:
            raise PairingError(f"entrant id must be a non-empty string, not {entrant.id!r}")
        if entrant.id in seen:
            raise PairingError(f"duplicate entrant id {entrant.id!r}")
        seen.add(entrant.id)
        what = f"entrant {entrant.id!r}"
        if not isinstance(entrant.opponents, tuple | list) or not all(
            isinstance(o, str) for o in entrant.opponents
        ):
            raise PairingError(f"{what}: opponents must be a list of ids")
        if isinstance(entrant.byes, bool) or not isinstance(entrant.byes, int):
            raise PairingError(f"{what}: byes must be an integer, not {entrant.byes!r}")
        if entrant.byes < 0:
            raise PairingError(f"{what}: byes must not be negative ({entrant.byes})")
        if not isinstance(entrant.dropped, bool):
            raise PairingError(f"{what}: dropped must be true or false")
        if entrant.rank is not None and (
            isinstance(entrant.rank, bool) or not isinstance(entrant.rank, int) or entrant.rank < 1
        ):
            raise PairingError(f"{what}: rank must be a positive integer, not {entrant.rank!r}")
        if not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 1 for s in entrant.seats
        ):
            raise PairingError(f"{what}: seats must be positive integers")
        _as_fraction(entrant.points, what)


def prepare(entrants: Sequence[Entrant], seed: int, shuffle_all: bool = False) -> Field:
    """Check the entrants and put the active ones in standings order.

    Order: by ``rank`` when every active entrant has one, else by points (best first) with
    ties broken by ``random.Random(seed)``; ``shuffle_all`` (round 1) orders at random.
    """
    _check(entrants)
    active = [e for e in entrants if not e.dropped]
    ranked = [e for e in active if e.rank is not None]
    if ranked and len(ranked) != len(active):
        raise PairingError("rank is given for some active entrants but not all")
    rng = random.Random(seed)
    noise = {e.id: rng.random() for e in sorted(active, key=lambda e: e.id)}
    points = {e.id: _as_fraction(e.points, f"entrant {e.id!r}") for e in active}
    if shuffle_all:
        active.sort(key=lambda e: noise[e.id])
    elif ranked:
        active.sort(key=lambda e: (e.rank, -points[e.id], noise[e.id]))
    else:
        active.sort(key=lambda e: (-points[e.id], noise[e.id]))
    scale = 1
    for value in points.values():
        scale = math.lcm(scale, value.denominator)
    players = [
        Player(
            id=e.id,
            pos=i,
            rank=e.rank if ranked and not shuffle_all and e.rank is not None else i + 1,
            points=points[e.id],
            score=int(points[e.id] * scale),
            byes=e.byes,
            met=Counter(e.opponents),
            seats=tuple(e.seats),
        )
        for i, e in enumerate(active)
    ]
    min_byes = min((p.byes for p in players), default=0)
    return Field(players=players, scale=scale, min_byes=min_byes)


def points_out(value: Fraction) -> float | int:
    """Points as JSON-friendly numbers: an int when whole, else a float."""
    return int(value) if value.denominator == 1 else float(value)
