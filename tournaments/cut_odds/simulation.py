"""Cut odds: each entrant's chance of making the top cut, by playing out the rest of the Swiss.

Pure Python (no Django): plain data in, plain data out. The organizer's page runs it in a
background task (``tournaments.cut_odds.services``).

One *playout* plays every remaining Swiss round the way the site would: the standings of the
moment (:func:`tournaments.standings.standings`, with the event's tiebreakers) rank the
entrants, the real pairer (:func:`tournaments.pairing.pair_round`) pairs them, and each table
gets a random result; the final standings then give the cut (:func:`replace_dropped_cut`, so
a dropped player never makes it). An entrant's chance is the share of playouts in which they
make the cut. With no rounds left nothing is random: the chances are 0 or 1.

The results are random and even: a game says nothing about the players' skill or decks.
A joust (or a two-on-two game) is a win or a loss 84% of the time, a modified win or
modified loss (time called) 12%, a draw 4% (:data:`JOUST_RESULTS`); a melee table finishes
in a random order. The odds therefore show what the standings and the schedule still allow,
not who the better player is.

Precision and speed: :data:`DEFAULT_SIMULATIONS` (1,000) playouts put a chance within about
3 percentage points of its limit 95% of the time (the binomial standard error is at most
``0.5 / sqrt(n)``). Nearly all the time goes to pairing, once per simulated round but the
first (the same in every playout, so paired once). Fields above 64 are paired in simulation on
the pairer's large-field path (:data:`SIMULATION_EXACT_LIMIT`), and fields above 32 get fewer
playouts (:func:`simulations_for`), so every size costs about a minute on one core of this
2-core VM with 4 rounds left: 16 players 5 s (1,000 playouts), 64 players 59 s (500), 128
players 46 s (250), 256 players 61 s (200).

>>> from tournaments.standings import GameResult
>>> played = [GameResult.joust(1, "ann", "bob", "win"), GameResult.joust(1, "cat", "dan", "win")]
>>> simulate_cut_odds(fmt="joust", entrants=["ann", "bob", "cat", "dan"], results=played,
...                   rounds_played=1, rounds_total=1, cut_size=2, seed=1)
{'ann': 1.0, 'bob': 0.0, 'cat': 1.0, 'dan': 0.0}
>>> odds = simulate_cut_odds(fmt="joust", entrants=["ann", "bob", "cat", "dan"], results=played,
...                          rounds_played=1, rounds_total=2, cut_size=2, seed=1)
>>> round(sum(odds.values()), 9), odds["ann"] > odds["bob"]
(2.0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from tournaments.pairing import FORMATS, Pairing, pair_round
from tournaments.pairing import Entrant as PairingEntrant
from tournaments.scoring import DEFAULT_RULES, JoustResult, Outcome, ScoringRules
from tournaments.standings import (
    Bye,
    GameResult,
    MissedRound,
    StandingRow,
    replace_dropped_cut,
    standings,
)

__all__ = [
    "DEFAULT_SIMULATIONS",
    "JOUST_RESULTS",
    "SIMULATION_EXACT_LIMIT",
    "Playout",
    "SwissSoFar",
    "play_out",
    "simulate_cut_odds",
    "simulations_for",
]

DEFAULT_SIMULATIONS = 1000
SIMULATION_EXACT_LIMIT = 64
"""Simulated rounds of larger fields take the pairer's own large-field path (standings blocks
of this size): the same code the site runs beyond its exact limit, far cheaper per playout."""


def simulations_for(active: int) -> int:
    """Playouts for a field of ``active`` entrants: 1,000 up to 32, fewer beyond (at least 200,
    about +/-7 points), so a large event's odds arrive in minutes rather than hours.

    >>> simulations_for(24), simulations_for(128), simulations_for(1000)
    (1000, 250, 200)
    """
    return max(200, min(DEFAULT_SIMULATIONS, 32_000 // max(active, 1)))


"""Playouts per estimate: chances within about ±3 points (95%); 12.5 s for 32 players with
3 joust rounds left (see above)."""

JOUST_RESULTS: tuple[tuple[Outcome, float], ...] = (
    (Outcome.WIN, 0.42),
    (Outcome.MODIFIED_WIN, 0.06),
    (Outcome.DRAW, 0.04),
    (Outcome.MODIFIED_LOSS, 0.06),
    (Outcome.LOSS, 0.42),
)
"""The chance of each outcome of the first-seated side of a simulated joust: even for both."""

PROGRESS_STEPS = 100
"""``progress`` is called about this many times per estimate (every 1%)."""


def _thresholds() -> tuple[tuple[float, JoustResult], ...]:
    total = 0.0
    out = []
    for outcome, chance in JOUST_RESULTS:
        total += chance
        out.append((total, JoustResult.from_outcome_a(outcome)))
    return tuple(out)


_JOUST_THRESHOLDS = _thresholds()


@dataclass(frozen=True)
class SwissSoFar:
    """What is known of a Swiss event after ``rounds_played`` rounds, and how many it has.

    ``joined`` maps late entrants to the first round they may play (1 when missing);
    ``tiebreak_names`` is passed to :func:`standings` as the site does (names, not ids, seed
    the random tiebreaker).
    """

    fmt: str
    entrants: tuple[str, ...]
    results: tuple[GameResult, ...]
    rounds_played: int
    rounds_total: int
    byes: tuple[Bye, ...] = ()
    missed: tuple[MissedRound, ...] = ()
    dropped: frozenset[str] = frozenset()
    rules: ScoringRules = DEFAULT_RULES
    event_seed: int | str = 0
    joined: Mapping[str, int] = field(default_factory=dict)
    tiebreak_names: Mapping[str, str] | None = None
    exact_limit: int = SIMULATION_EXACT_LIMIT

    def __post_init__(self) -> None:
        if self.fmt not in FORMATS:
            raise ValueError(f"unknown format {self.fmt!r}: expected one of {', '.join(FORMATS)}")
        if self.rounds_played < 0:
            raise ValueError(f"rounds played cannot be negative ({self.rounds_played})")
        if self.rounds_total < self.rounds_played:
            raise ValueError(
                f"{self.rounds_played} rounds are played but the event has only "
                f"{self.rounds_total}: pass the real number of Swiss rounds"
            )

    @property
    def rounds_left(self) -> int:
        return self.rounds_total - self.rounds_played

    @cached_property
    def next_pairing(self) -> Pairing | None:
        """The next round's pairing, the same in every playout, so made once (pairing is
        most of a playout's time). ``None`` when no round is left, or when the next is round 1:
        that one is paired in a random order, so each playout draws its own."""
        if self.rounds_played == 0 or self.rounds_left == 0:
            return None
        seed = self.event_seed if isinstance(self.event_seed, int) else 0
        return self.pair(self.rounds_played + 1, self.standings(self.results, self.byes), seed)

    def pair(self, round_number: int, rows: Sequence[StandingRow], seed: int) -> Pairing:
        """Pair ``round_number`` as the site does (``tournaments.selectors.pairing_entrants``):
        everyone who may play it, ranked by the standings, dropped players marked."""
        entrants = [
            PairingEntrant(
                id=row.id,
                points=row.points,
                opponents=row.opponents,
                byes=row.byes,
                dropped=row.dropped,
                rank=row.rank,
            )
            for row in rows
            if self.joined.get(row.id, 1) <= round_number
        ]
        return pair_round(self.fmt, round_number, entrants, seed=seed, exact_limit=self.exact_limit)

    def standings(self, results: Sequence[GameResult], byes: Sequence[Bye]) -> list[StandingRow]:
        """The standings after ``results`` and ``byes``, with this event's rules and seed."""
        return standings(
            self.entrants,
            results,
            byes,
            missed=self.missed,
            dropped=self.dropped,
            rules=self.rules,
            seed=self.event_seed,
            tiebreak_names=self.tiebreak_names,
        )


@dataclass(frozen=True)
class Playout:
    """One simulated end of the Swiss: the pairings of each simulated round (in order), every
    result and bye (played and simulated), and the final standings."""

    pairings: tuple[Pairing, ...]
    results: tuple[GameResult, ...]
    byes: tuple[Bye, ...]
    standings: list[StandingRow]


def _random_result(
    swiss: SwissSoFar, round_number: int, table: tuple[str, ...], rng: random.Random
) -> GameResult:
    if swiss.fmt == "melee":
        order = list(table)
        rng.shuffle(order)
        return GameResult.melee(round_number, {p: i for i, p in enumerate(order, 1)}, swiss.rules)
    roll = rng.random()
    result = next((r for limit, r in _JOUST_THRESHOLDS if roll < limit), _JOUST_THRESHOLDS[-1][1])
    return GameResult.joust(round_number, table[0], table[1], result, swiss.rules)


def play_out(swiss: SwissSoFar, rng: random.Random) -> Playout:
    """Play the remaining rounds once: standings, real pairing, random results, each round."""
    results = list(swiss.results)
    byes = list(swiss.byes)
    pairings = []
    for round_number in range(swiss.rounds_played + 1, swiss.rounds_total + 1):
        seed = rng.getrandbits(31)  # drawn even when unused: the same stream either way
        if round_number == swiss.rounds_played + 1 and swiss.next_pairing is not None:
            pairing = swiss.next_pairing
        else:
            pairing = swiss.pair(round_number, swiss.standings(results, byes), seed)
        pairings.append(pairing)
        results += [_random_result(swiss, round_number, t, rng) for t in pairing.tables]
        byes += [Bye(round_number, player) for player in pairing.byes]
    return Playout(tuple(pairings), tuple(results), tuple(byes), swiss.standings(results, byes))


def simulate_cut_odds(
    *,
    fmt: str,
    entrants: Sequence[str],
    results: Sequence[GameResult],
    rounds_played: int,
    rounds_total: int,
    cut_size: int,
    seed: int,
    byes: Sequence[Bye] = (),
    missed: Sequence[MissedRound] = (),
    dropped: Iterable[str] = (),
    rules: ScoringRules = DEFAULT_RULES,
    event_seed: int | str = 0,
    joined: Mapping[str, int] | None = None,
    tiebreak_names: Mapping[str, str] | None = None,
    simulations: int = DEFAULT_SIMULATIONS,
    progress: Callable[[int, int], None] | None = None,
    exact_limit: int = SIMULATION_EXACT_LIMIT,
) -> dict[str, float]:
    """Each entrant's chance (0 to 1) of making a top cut of ``cut_size``, by ``entrants`` order.

    ``results``, ``byes`` and ``missed`` are those of the ``rounds_played`` rounds so far (as
    :func:`standings` takes them); ``event_seed`` and ``tiebreak_names`` give the event's
    random tiebreaker. ``seed`` fixes the playouts: the same input and seed give the same
    odds. ``progress(done, simulations)`` is called about every 1% of the playouts and at
    the end (once, with ``done == simulations``, when no round is left to play).

    Raises ``ValueError`` naming the problem for a cut size below 1, a number of
    simulations below 1, or inconsistent rounds; a field the pairer cannot pair raises its
    :class:`~tournaments.pairing.PairingError` (a ``ValueError`` too).
    """
    if isinstance(cut_size, bool) or not isinstance(cut_size, int) or cut_size < 1:
        raise ValueError(
            f"the cut size must be at least 1, not {cut_size!r}: "
            "an event without a top cut has no cut odds"
        )
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ValueError(f"the number of simulations must be at least 1, not {simulations!r}")
    swiss = SwissSoFar(
        fmt=fmt,
        entrants=tuple(entrants),
        results=tuple(results),
        rounds_played=rounds_played,
        rounds_total=rounds_total,
        byes=tuple(byes),
        missed=tuple(missed),
        dropped=frozenset(dropped),
        rules=rules,
        event_seed=event_seed,
        joined=dict(joined or {}),
        tiebreak_names=tiebreak_names,
        exact_limit=exact_limit,
    )
    made = dict.fromkeys(swiss.entrants, 0)
    if swiss.rounds_left == 0:
        cut = set(replace_dropped_cut(swiss.standings(swiss.results, swiss.byes), cut_size))
        if progress is not None:
            progress(simulations, simulations)
        return {e: 1.0 if e in cut else 0.0 for e in swiss.entrants}
    step = max(1, simulations // PROGRESS_STEPS)
    for done in range(1, simulations + 1):
        # One generator per playout, seeded from (seed, playout number): any playout can be
        # replayed on its own.
        playout = play_out(swiss, random.Random(f"{seed}:{done}"))
        for entrant in replace_dropped_cut(playout.standings, cut_size):
            made[entrant] += 1
        if progress is not None and (done % step == 0 or done == simulations):
            progress(done, simulations)
    return {e: count / simulations for e, count in made.items()}
