"""Swiss standings and tiebreakers.

Pure Python (no Django): entrant ids, results and byes in; ranked :class:`StandingRow` values
out. Points, strength of schedule (SoS) and extended strength of schedule (ESoS) are exact
:class:`fractions.Fraction` values, so ties are exact; round them only to display
(:func:`as_display`). The rules and every decision are written up in
``docs/TOURNAMENT_RULES.md``.

Ranking order: points; head-to-head (only if switched on, see :func:`standings`); SoS; ESoS;
a random order fixed by the event seed (:func:`random_key`).

>>> results = [
...     GameResult.joust(1, "ann", "bob", Outcome.WIN),
...     GameResult.joust(2, "ann", "cat", Outcome.MODIFIED_WIN),
... ]
>>> rows = standings(["ann", "bob", "cat"], results, [Bye(1, "cat"), Bye(2, "bob")])
>>> [(row.rank, row.id, int(row.points)) for row in rows]
[(1, 'ann', 9), (2, 'cat', 6), (3, 'bob', 5)]
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.scoring import DEFAULT_RULES, JoustResult, Outcome, ScoringRules, melee_points

__all__ = [
    "Bye",
    "GameResult",
    "MissedRound",
    "StandingRow",
    "as_display",
    "competition_places",
    "random_key",
    "standings",
]

ZERO = Fraction(0)


@dataclass(frozen=True)
class GameResult:
    """One table's result in one round.

    ``players`` are the entrants at the table (two for a joust or a two-on-two game, where a
    team is one entrant; three or more for a melee table); ``points`` is what each earned there.
    ``outcomes`` is set for two-sided games only: it feeds the win/draw/loss record and is not
    needed for anything else; ``places`` is set for melee tables only (each player's finishing
    place, as in competition ranking: 1, 2, 2, 4) and feeds the count of places. Build
    results with :meth:`joust` and :meth:`melee`.

    >>> GameResult(1, ("a", "b"), {"a": 5})
    Traceback (most recent call last):
    ...
    ValueError: round 1: points must be given for exactly the players ('a', 'b')
    """

    round: int
    players: tuple[str, ...]
    points: Mapping[str, Fraction]
    outcomes: Mapping[str, Outcome] | None = field(default=None, compare=False)
    places: Mapping[str, int] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        if self.round < 1:
            raise ValueError(f"rounds are numbered from 1, not {self.round}")
        if len(players) < 2 or len(set(players)) != len(players):
            raise ValueError(f"round {self.round}: a table needs two or more distinct players")
        if set(self.points) != set(players):
            raise ValueError(
                f"round {self.round}: points must be given for exactly the players {players}"
            )
        object.__setattr__(self, "points", {p: Fraction(self.points[p]) for p in players})
        if self.outcomes is not None and set(self.outcomes) != set(players):
            raise ValueError(
                f"round {self.round}: outcomes must cover exactly the players {players}"
            )
        if self.places is not None and set(self.places) != set(players):
            raise ValueError(f"round {self.round}: places must cover exactly the players {players}")

    @classmethod
    def joust(
        cls,
        round: int,
        player_a: str,
        player_b: str,
        result: JoustResult | Outcome | str,
        rules: ScoringRules = DEFAULT_RULES,
    ) -> GameResult:
        """A joust (or two-on-two game between two team entrants); ``result`` is ``a``'s side.

        >>> game = GameResult.joust(3, "ann", "bob", "modified_win")
        >>> {player: int(points) for player, points in game.points.items()}
        {'ann': 4, 'bob': 1}
        """
        if not isinstance(result, JoustResult):
            result = JoustResult.from_outcome_a(result)
        points_a, points_b = result.points(rules)
        return cls(
            round,
            (player_a, player_b),
            {player_a: points_a, player_b: points_b},
            {player_a: result.a, player_b: result.b},
        )

    @classmethod
    def melee(
        cls,
        round: int,
        places: Mapping[str, int],
        rules: ScoringRules = DEFAULT_RULES,
        forfeits: Collection[str] = (),
    ) -> GameResult:
        """A melee table from finishing places (1 = winner; ties share a place number);
        players in ``forfeits`` score nothing (see :func:`melee_points`).

        >>> game = GameResult.melee(1, {"a": 2, "b": 1, "c": 3})
        >>> {player: int(points) for player, points in game.points.items()}
        {'a': 3, 'b': 7, 'c': 0}
        >>> GameResult.melee(1, {"a": 1, "b": 2, "c": 2, "d": 3}).places["d"]
        4
        """
        return cls(
            round,
            tuple(places),
            melee_points(places, rules, forfeits),
            places=competition_places(places),
        )


def competition_places(places: Mapping[str, int]) -> dict[str, int]:
    """Places as competition ranking (1, 2, 2, 4): one plus the players strictly ahead, so
    dense numbering (1, 2, 2, 3) counts the same.

    >>> competition_places({"a": 1, "b": 2, "c": 2, "d": 3})
    {'a': 1, 'b': 2, 'c': 2, 'd': 4}
    """
    return {p: 1 + sum(other < place for other in places.values()) for p, place in places.items()}


@dataclass(frozen=True)
class Bye:
    """A bye: ``player`` had no opponent in ``round``. It scores ``rules.bye`` points."""

    round: int
    player: str


@dataclass(frozen=True)
class MissedRound:
    """A round a late entrant missed, scored as a loss (``rules.loss``) with no opponent."""

    round: int
    player: str


@dataclass(frozen=True)
class StandingRow:
    """One entrant's line in the standings; it carries what pairing needs.

    ``opponents`` lists each opponent once per game, in round order (melee: everyone at the
    table); byes are not opponents. ``wins``/``draws``/``losses`` count two-sided games only
    (modified results count as wins and losses; byes are counted in ``byes``, not in ``wins``).
    ``head_to_head`` is the points earned in games among the tied group when head-to-head
    was applied to this entrant's group, else ``None``. ``places`` counts melee finishes:
    ``places[0]`` firsts, ``places[1]`` seconds... (as long as the largest melee table of the
    event, the same length on every row; empty when no melee game is in the results).
    """

    rank: int
    id: str
    points: Fraction
    rounds_played: int
    wins: int
    draws: int
    losses: int
    byes: int
    opponents: tuple[str, ...]
    sos: Fraction
    esos: Fraction
    random_key: int
    dropped: bool
    head_to_head: Fraction | None = None
    places: tuple[int, ...] = ()


def random_key(seed: int | str, entrant: str) -> int:
    """The entrant's place in the event's fixed random order (the last tiebreaker; lower first).

    A SHA-256 of the seed and the id: the same in every call and every process (unlike
    ``hash()``), independent across entrants, and different for another seed.

    >>> random_key(7, "ann") == random_key(7, "ann")
    True
    >>> random_key(7, "ann") != random_key(8, "ann")
    True
    """
    digest = hashlib.sha256(f"{seed}\x1f{entrant}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def as_display(value: Fraction, places: int = 3) -> float:
    """A rounded float for showing a points, SoS or ESoS value (never for comparing).

    >>> as_display(Fraction(10, 3))
    3.333
    """
    return round(float(value), places)


@dataclass
class _Record:
    points: int = 0  # scaled by the common denominator of all points values (see standings)
    rounds: int = 0
    results: list[int] = field(default_factory=lambda: [0, 0, 0])  # wins, draws, losses
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    places: dict[int, int] = field(default_factory=dict)  # melee: place -> how many times


_RECORD_COLUMN = {
    Outcome.WIN: 0,
    Outcome.MODIFIED_WIN: 0,
    Outcome.DRAW: 1,
    Outcome.MODIFIED_LOSS: 2,
    Outcome.LOSS: 2,
}


def _scaled(value: Fraction, scale: int) -> int:
    return value.numerator * (scale // value.denominator)


def standings(
    entrants: Sequence[str],
    results: Sequence[GameResult],
    byes: Sequence[Bye] = (),
    *,
    missed: Sequence[MissedRound] = (),
    dropped: Iterable[str] = (),
    rules: ScoringRules = DEFAULT_RULES,
    seed: int | str = 0,
    tiebreak_names: Mapping[str, str] | None = None,
) -> list[StandingRow]:
    """The ranked standings of a Swiss event (joust, melee or two-on-two), best first.

    * **Points**: the sum of the points of an entrant's games, plus ``rules.bye`` per bye.
    * **Rounds played**: the rounds with a game *or a bye* (a bye's points are in the total, so
      its round is in the count), and the rounds a late entrant missed (``missed``), each
      scored as a loss: ``rules.loss`` points, a loss in the record, no opponent.
    * **SoS**: the mean, over the entrant's opponents (one entry per game; at a melee table,
      every other player), of each opponent's points ÷ that opponent's rounds played. A bye
      adds no opponent; a dropped opponent counts with the points and rounds they actually
      played, so dropping neither dilutes nor inflates anyone's SoS. No opponents: 0.
    * **ESoS**: the mean of the opponents' SoS, over the same entries. No opponents: 0.
    * **Head-to-head** (``rules.head_to_head``): among entrants on equal points, only when every
      pair of them has played a two-sided game against each other, they are ordered by the
      points they earned in those games among themselves (for two players: the winner of their
      game ranks first). Entrants still equal after it, or a group where a pair has not
      played, go on to SoS. Melee tables do not count for head-to-head.
    * **Random**: :func:`random_key` of ``seed`` and the id, lower first. ``tiebreak_names``
      maps ids to the names to hash instead (a site passes the entrant's name, which survives
      an export and import where database ids do not).

    Dropped entrants stay in the standings, ranked by the same order, with ``dropped=True``.
    Every entrant appears at most once per round; unknown ids are refused.

    All comparisons are exact: internally every value is an integer over a common
    denominator (the least common multiple of the points' denominators, of the rounds played
    and of the opponent counts), so the work stays linear in the number of games.
    """
    records = {entrant: _Record() for entrant in entrants}
    if len(records) != len(entrants):
        raise ValueError("entrant ids must be unique")
    dropped_set = set(dropped)
    unknown = dropped_set - records.keys()
    if unknown:
        raise ValueError(f"unknown dropped entrants: {sorted(unknown)}")

    seen: set[tuple[str, int]] = set()  # (entrant, round): at most one table or bye a round

    def record_for(player: str, round_number: int) -> _Record:
        record = records.get(player)
        if record is None:
            raise ValueError(f"round {round_number}: {player!r} is not an entrant")
        key = (player, round_number)
        if key in seen:
            raise ValueError(f"round {round_number}: {player!r} appears twice")
        seen.add(key)
        record.rounds += 1
        return record

    bye_points = rules.bye_points
    loss_points = rules.joust_points(Outcome.LOSS)
    scale = math.lcm(
        bye_points.denominator,
        loss_points.denominator,
        *{value.denominator for game in results for value in game.points.values()},
    )
    head_to_head_games: list[GameResult] = []
    for game in results:
        players, points, outcomes = game.players, game.points, game.outcomes
        two_sided = len(players) == 2
        for player in players:
            record = record_for(player, game.round)
            value = points[player]
            record.points += value.numerator * (scale // value.denominator)
            if two_sided:
                record.opponents.append(players[player == players[0]])
            else:
                record.opponents.extend(other for other in players if other != player)
            if outcomes is not None:
                record.results[_RECORD_COLUMN[outcomes[player]]] += 1
            if game.places is not None:
                place = game.places[player]
                record.places[place] = record.places.get(place, 0) + 1
        if two_sided:
            head_to_head_games.append(game)
    scaled_bye = _scaled(bye_points, scale)
    for bye in byes:
        record = record_for(bye.player, bye.round)
        record.points += scaled_bye
        record.byes += 1
    scaled_loss = _scaled(loss_points, scale)
    for miss in missed:
        record = record_for(miss.player, miss.round)
        record.points += scaled_loss
        record.results[_RECORD_COLUMN[Outcome.LOSS]] += 1

    # ratio = points / rounds played        = ratio_n / (scale * rounds_lcm)
    # SoS   = sum(ratio of opponents) / k   = sos_n / (k * scale * rounds_lcm)
    #       = sos_key / (scale * rounds_lcm * k_lcm)        (sos_key: an int, comparable)
    # ESoS  = sum(SoS of opponents) / k     = esos_n / (k * scale * rounds_lcm * k_lcm)
    #       = esos_key / (scale * rounds_lcm * k_lcm ** 2)  (esos_key: an int, comparable)
    rounds_lcm = math.lcm(1, *{r.rounds for r in records.values() if r.rounds})
    k_lcm = math.lcm(1, *{len(r.opponents) for r in records.values() if r.opponents})
    ratio_n = {
        e: r.points * (rounds_lcm // r.rounds) if r.rounds else 0 for e, r in records.items()
    }
    sos_n = {e: sum(ratio_n[o] for o in r.opponents) for e, r in records.items()}
    sos_key = {
        e: sos_n[e] * (k_lcm // len(r.opponents)) if r.opponents else 0 for e, r in records.items()
    }
    esos_n = {e: sum(sos_key[o] for o in r.opponents) for e, r in records.items()}
    esos_key = {
        e: esos_n[e] * (k_lcm // len(r.opponents)) if r.opponents else 0 for e, r in records.items()
    }
    sos_unit = scale * rounds_lcm
    esos_unit = sos_unit * k_lcm

    names = tiebreak_names or {}
    keys = {entrant: random_key(seed, names.get(entrant, entrant)) for entrant in records}
    h2h: dict[str, int] = (
        _head_to_head(records, head_to_head_games, scale) if rules.head_to_head else {}
    )

    order = sorted(
        records,
        key=lambda e: (
            -records[e].points,
            -h2h.get(e, 0),
            -sos_key[e],
            -esos_key[e],
            keys[e],
            e,
        ),
    )

    widest = max((len(g.players) for g in results if g.places is not None), default=0)

    def exact(numerator: int, count: int, unit: int) -> Fraction:
        return Fraction(numerator, count * unit) if count else ZERO

    return [
        StandingRow(
            rank=index,
            id=entrant,
            points=Fraction(records[entrant].points, scale),
            rounds_played=records[entrant].rounds,
            wins=records[entrant].results[0],
            draws=records[entrant].results[1],
            losses=records[entrant].results[2],
            byes=records[entrant].byes,
            opponents=tuple(records[entrant].opponents),
            sos=exact(sos_n[entrant], len(records[entrant].opponents), sos_unit),
            esos=exact(esos_n[entrant], len(records[entrant].opponents), esos_unit),
            random_key=keys[entrant],
            dropped=entrant in dropped_set,
            head_to_head=Fraction(h2h[entrant], scale) if entrant in h2h else None,
            places=tuple(records[entrant].places.get(p, 0) for p in range(1, widest + 1)),
        )
        for index, entrant in enumerate(order, start=1)
    ]


def _head_to_head(
    records: Mapping[str, _Record], games: Sequence[GameResult], scale: int
) -> dict[str, int]:
    """Head-to-head points of the entrants whose points-tied group qualifies (see standings)."""
    met: dict[str, set[str]] = {}
    for game in games:
        a, b = game.players
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    groups: dict[int, list[str]] = {}
    for entrant, record in records.items():
        groups.setdefault(record.points, []).append(entrant)
    values: dict[str, int] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        members = set(group)
        if not all(members - {e} <= met.get(e, set()) for e in group):
            continue
        earned = dict.fromkeys(group, 0)
        for game in games:
            a, b = game.players
            if a in members and b in members:
                earned[a] += _scaled(game.points[a], scale)
                earned[b] += _scaled(game.points[b], scale)
        values.update(earned)
    return values
