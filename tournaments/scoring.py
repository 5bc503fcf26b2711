"""Tournament scoring of the first edition: joust, melee and two-on-two points.

Pure Python (no Django): plain values in, plain values out. Every points value is an exact
:class:`fractions.Fraction` so that ties stay exact (a shared melee place can earn half points);
convert with ``float()`` only to display.

The defaults are the organized-play values published around 2013 (see
``docs/TOURNAMENT_RULES.md``); an organizer can change each of them per event through
:class:`ScoringRules`.

>>> rules = ScoringRules()
>>> rules.joust_points(Outcome.MODIFIED_WIN)
Fraction(4, 1)
>>> propose_time_result(12, 9).points()
(Fraction(4, 1), Fraction(1, 1))
>>> [int(p) for p in melee_points({"ann": 1, "bob": 2, "cat": 3, "dan": 4}).values()]
[10, 6, 3, 0]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from typing import Literal, TypeVar

__all__ = [
    "DEFAULT_RULES",
    "JoustResult",
    "MeleeTies",
    "Outcome",
    "ScoringRules",
    "melee_places_by_power",
    "melee_points",
    "propose_time_result",
]

MeleeTies = Literal["average", "strict"]
Id = TypeVar("Id")


class Outcome(StrEnum):
    """One player's outcome of a two-sided game (a joust, or a two-on-two team game)."""

    WIN = "win"
    MODIFIED_WIN = "modified_win"
    DRAW = "draw"
    MODIFIED_LOSS = "modified_loss"
    LOSS = "loss"

    @property
    def opposite(self) -> Outcome:
        """The opponent's outcome.

        >>> Outcome.MODIFIED_WIN.opposite
        <Outcome.MODIFIED_LOSS: 'modified_loss'>
        >>> Outcome.DRAW.opposite
        <Outcome.DRAW: 'draw'>
        """
        return _OPPOSITE[self]

    @property
    def is_win(self) -> bool:
        """A win or a modified win (counted as a win in a win/draw/loss record)."""
        return self in (Outcome.WIN, Outcome.MODIFIED_WIN)

    @property
    def is_loss(self) -> bool:
        """A loss or a modified loss (counted as a loss in a win/draw/loss record)."""
        return self in (Outcome.LOSS, Outcome.MODIFIED_LOSS)


_OPPOSITE = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.MODIFIED_WIN: Outcome.MODIFIED_LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.MODIFIED_LOSS: Outcome.MODIFIED_WIN,
    Outcome.LOSS: Outcome.WIN,
}


@dataclass(frozen=True)
class ScoringRules:
    """The per-event scoring settings; the defaults are the published first-edition values.

    Values may be ints or Fractions. Joust values must not increase from a win down to a loss.

    * ``melee_ties``: how players sharing a place at a melee table score. ``"average"`` (the
      default) gives each of them the average of the points of the places they share, so a
      table always hands out the same total; ``"strict"`` applies the formula literally (3 per
      player finished *strictly* above, the winner bonus only to a sole winner).
    * ``head_to_head``: use head-to-head as the first tiebreaker among players on equal points
      (see :func:`tournaments.standings.standings`).

    >>> ScoringRules(draw=3).joust_points("draw")
    Fraction(3, 1)
    >>> ScoringRules(win=3, modified_win=4)
    Traceback (most recent call last):
    ...
    ValueError: joust points must not increase from win to loss: [3, 4, 2, 1, 0]
    """

    win: int | Fraction = 5
    modified_win: int | Fraction = 4
    draw: int | Fraction = 2
    modified_loss: int | Fraction = 1
    loss: int | Fraction = 0
    bye: int | Fraction = 5
    melee_per_player_beaten: int | Fraction = 3
    melee_winner_bonus: int | Fraction = 1
    melee_ties: MeleeTies = "average"
    head_to_head: bool = False

    def __post_init__(self) -> None:
        ladder = [self.win, self.modified_win, self.draw, self.modified_loss, self.loss]
        if any(higher < lower for higher, lower in pairwise(ladder)):
            raise ValueError(f"joust points must not increase from win to loss: {ladder}")
        if self.melee_per_player_beaten < 0 or self.melee_winner_bonus < 0 or self.bye < 0:
            raise ValueError("melee and bye points must not be negative")
        if self.melee_ties not in ("average", "strict"):
            raise ValueError(f"melee_ties must be 'average' or 'strict', not {self.melee_ties!r}")

    def joust_points(self, outcome: Outcome | str) -> Fraction:
        """The points of one joust (or two-on-two team) outcome."""
        value = getattr(self, Outcome(outcome).value)
        return Fraction(value)

    @property
    def bye_points(self) -> Fraction:
        """The points of a bye (a win by default)."""
        return Fraction(self.bye)

    def melee_position_points(self, table_size: int, position: int) -> Fraction:
        """The points of finishing alone at ``position`` (1 = winner) at a table.

        3 per player finished above, plus 1 for the winner:

        >>> [int(ScoringRules().melee_position_points(5, p)) for p in range(1, 6)]
        [13, 9, 6, 3, 0]
        """
        if not 1 <= position <= table_size:
            raise ValueError(f"position {position} is not at a table of {table_size}")
        points = Fraction(self.melee_per_player_beaten) * (table_size - position)
        if position == 1:
            points += Fraction(self.melee_winner_bonus)
        return points


DEFAULT_RULES = ScoringRules()


@dataclass(frozen=True)
class JoustResult:
    """The outcomes of both sides of a joust (``a`` and ``b``), always a consistent pair.

    >>> JoustResult.from_outcome_a(Outcome.WIN)
    JoustResult(a=<Outcome.WIN: 'win'>, b=<Outcome.LOSS: 'loss'>)
    >>> JoustResult(Outcome.WIN, Outcome.DRAW)
    Traceback (most recent call last):
    ...
    ValueError: inconsistent joust result: win against draw
    """

    a: Outcome
    b: Outcome

    def __post_init__(self) -> None:
        a, b = Outcome(self.a), Outcome(self.b)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        if a.opposite is not b:
            raise ValueError(f"inconsistent joust result: {a} against {b}")

    @classmethod
    def from_outcome_a(cls, outcome_a: Outcome | str) -> JoustResult:
        """The result in which side ``a`` had ``outcome_a``."""
        outcome = Outcome(outcome_a)
        return cls(outcome, outcome.opposite)

    def points(self, rules: ScoringRules = DEFAULT_RULES) -> tuple[Fraction, Fraction]:
        """The points of ``a`` and of ``b``.

        >>> JoustResult.from_outcome_a("modified_loss").points()
        (Fraction(1, 1), Fraction(4, 1))
        """
        return rules.joust_points(self.a), rules.joust_points(self.b)


def propose_time_result(
    power_a: int,
    power_b: int,
    target_a: int = 15,
    target_b: int = 15,
    a_cannot_win: bool = False,
    b_cannot_win: bool = False,
) -> JoustResult:
    """The result of a joust stopped at time, from both power totals.

    Each player's distance is ``target - power``, where the target is that player's victory
    total (15, more for an agenda that raises it, less when an opponent's Treaty lowers it; a
    two-on-two team uses its team total, 30). The smaller distance takes the modified win and
    the other the modified loss; equal distances are a draw. A player whose cards say they
    cannot win can at best draw: if that player is the closer one, the game is a draw.

    A player at or past the target without a "cannot win" effect would already have won, so
    that input is refused (enter a win instead).

    >>> result = propose_time_result(10, 12)
    >>> result.a.value, result.b.value
    ('modified_loss', 'modified_win')
    >>> propose_time_result(11, 13, target_b=17).a   # distances 4 and 4
    <Outcome.DRAW: 'draw'>
    >>> propose_time_result(14, 3, a_cannot_win=True).a
    <Outcome.DRAW: 'draw'>
    """
    for name, power, target, cannot_win in (
        ("a", power_a, target_a, a_cannot_win),
        ("b", power_b, target_b, b_cannot_win),
    ):
        if power < 0:
            raise ValueError(f"power of {name} cannot be negative: {power}")
        if target <= 0:
            raise ValueError(f"victory total of {name} must be positive: {target}")
        if power >= target and not cannot_win:
            raise ValueError(
                f"{name} has {power} power of a victory total of {target}: that is a win, "
                "not a result at time"
            )
    distance_a, distance_b = target_a - power_a, target_b - power_b
    if distance_a == distance_b:
        return JoustResult(Outcome.DRAW, Outcome.DRAW)
    a_closer = distance_a < distance_b
    if (a_closer and a_cannot_win) or (not a_closer and b_cannot_win):
        return JoustResult(Outcome.DRAW, Outcome.DRAW)
    return JoustResult.from_outcome_a(Outcome.MODIFIED_WIN if a_closer else Outcome.MODIFIED_LOSS)


def melee_points(
    places: Mapping[Id, int],
    rules: ScoringRules = DEFAULT_RULES,
    forfeits: Collection[Id] = (),
) -> dict[Id, Fraction]:
    """The points of each player at one melee table, from their finishing places.

    ``places`` maps each player to a place where 1 is the winner; tied players share a place
    number. Only the order matters, so ``{a: 1, b: 2, c: 2, d: 4}`` (competition ranking) and
    ``{a: 1, b: 2, c: 2, d: 3}`` (dense ranking) mean the same.

    With ``rules.melee_ties == "average"`` tied players each get the average of the points of
    the positions they occupy together (at four players, sharing 2nd and 3rd gives
    (6 + 3) / 2 = 4.5 each); with ``"strict"`` each gets 3 per player strictly below and the
    winner bonus only when alone in first.

    >>> points = melee_points({"a": 1, "b": 2, "c": 2, "d": 4})
    >>> [str(points[p]) for p in "abcd"]
    ['10', '9/2', '9/2', '0']
    >>> strict = melee_points({"a": 1, "b": 1, "c": 3}, ScoringRules(melee_ties="strict"))
    >>> [str(strict[p]) for p in "abc"]
    ['3', '3', '0']

    A player in ``forfeits`` (out of time, or who conceded a game played on the site) scores
    nothing wherever they are placed; the others score their places, so those who played on
    gain from beating them, and a table where everyone forfeited gives nobody anything.

    >>> [str(p) for p in melee_points({"a": 1, "b": 3, "c": 3}, forfeits={"b", "c"}).values()]
    ['7', '0', '0']
    >>> set(melee_points({"a": 3, "b": 3, "c": 3}, forfeits="abc").values())
    {Fraction(0, 1)}
    """
    size = len(places)
    if size < 2:
        raise ValueError("a melee table needs at least two players")
    groups: dict[int, list[Id]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(player)
    points: dict[Id, Fraction] = {}
    first_position = 1  # the best position still to be handed out
    for place in sorted(groups):
        tied = groups[place]
        positions = range(first_position, first_position + len(tied))
        if rules.melee_ties == "average":
            share = sum(
                (rules.melee_position_points(size, p) for p in positions), Fraction(0)
            ) / len(tied)
        else:
            below = size - positions[-1]
            share = Fraction(rules.melee_per_player_beaten) * below
            if first_position == 1 and len(tied) == 1:
                share += Fraction(rules.melee_winner_bonus)
        for player in tied:
            points[player] = share
        first_position += len(tied)
    return {player: Fraction(0) if player in forfeits else points[player] for player in places}


def melee_places_by_power(powers: Mapping[Id, int]) -> dict[Id, int]:
    """Finishing places at a melee table stopped at time: more power is a better place.

    Equal power shares a place (competition ranking: 1, 2, 2, 4).

    >>> melee_places_by_power({"a": 7, "b": 11, "c": 7, "d": 2})
    {'a': 2, 'b': 1, 'c': 2, 'd': 4}
    """
    ordered = sorted(powers.values(), reverse=True)
    first_place: dict[int, int] = {}
    for index, power in enumerate(ordered):
        first_place.setdefault(power, index + 1)
    return {player: first_place[power] for player, power in powers.items()}
