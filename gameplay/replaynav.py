"""Finding one's way in a finished match's replay: where each round and phase starts, and
which step a request asks for (``?step=N``, or ``?round=R&phase=P``).

A replay page shows the match after ``step`` of its actions (0: the deal, before anyone
decided anything). The *index* of a match lists, round by round and phase by phase in the
order they were played, the first step at which the match stood in that phase. It costs
one pass over the whole log, so it is made once per finished match (which never changes
again) and kept in the cache; a page that has to make it anyway keeps the state it shows
from the same pass instead of replaying again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache

from config.numbers import number_or_none
from gameplay.engine.game import GameConfig, apply, new_game
from gameplay.engine.replay import ReplayError, replay
from gameplay.engine.state import GameState

# The order of the phases in a round (an epic phase, when an Epic Battle makes one, comes
# after dominance). A phase the engine adds later and this list lacks sorts last.
PHASE_ORDER = (
    "setup",
    "plot",
    "draw",
    "marshalling",
    "challenges",
    "dominance",
    "epic",
    "standing",
    "taxation",
)
INDEX_VERSION = 1  # bumped when the cached index changes shape
INDEX_SECONDS = 24 * 60 * 60  # long enough to serve everyone; short enough to follow a rules fix


@dataclass(frozen=True)
class PhaseStart:
    """Where a phase of a round starts: ``step`` is the number of actions after which the
    match first stood in it. ``decided`` is False for a phase the match went through
    without anyone deciding anything in it: ``step`` is then the action that went
    through it, and the state after it is already in a later phase."""

    round: int
    phase: str
    step: int
    decided: bool = True

    @property
    def name(self) -> str:
        """The phase in words: "Challenges"."""
        return phase_name(self.phase)

    @property
    def query(self) -> str:
        """The replay's query string for the start of this phase."""
        return f"round={self.round}&phase={self.phase}"


def phase_name(phase: str) -> str:
    return phase.replace("_", " ").capitalize()


def round_name(number: int) -> str:
    return "Setup" if number == 0 else f"Round {number}"


def _order(phase: str) -> int:
    return PHASE_ORDER.index(phase) if phase in PHASE_ORDER else len(PHASE_ORDER)


@dataclass
class Walk:
    """One pass over a match's log: its index, the state after ``kept`` actions if one was
    asked for, and the first action that did not replay (None: the whole log replays)."""

    index: list[PhaseStart]
    kept: GameState | None = None
    broken: ReplayError | None = None


def walk(config: GameConfig, actions: Sequence[str], keep: int | None = None) -> Walk:
    """The index of the match ``config`` plays with ``actions``, in one pass (each action
    applied once), keeping the state after ``keep`` actions. A log that stops replaying
    gives the index up to there and the error (as :func:`~gameplay.engine.replay.replay`
    raises it)."""
    state = new_game(config)
    starts: dict[tuple[int, str], PhaseStart] = {}
    kept = state if keep == 0 else None
    _note(starts, state, 0, since=0)
    broken = None
    for index, action in enumerate(actions):
        seen = len(state.log)
        try:
            state = apply(state, action)
        except ValueError as exc:  # IllegalAction and ActionParseError are ValueErrors
            broken = ReplayError(index, str(action), str(exc))
            broken.__cause__ = exc
            break
        except Exception as exc:  # an engine bug: say where, as replay() does
            reason = f"the engine raised {type(exc).__name__}: {exc}"
            broken = ReplayError(index, str(action), reason)
            broken.__cause__ = exc
            break
        _note(starts, state, index + 1, since=seen)
        if index + 1 == keep:
            kept = state
    return Walk(list(starts.values()), kept, broken)


def _note(
    starts: dict[tuple[int, str], PhaseStart], state: GameState, step: int, since: int
) -> None:
    # Every phase the last action went through (the engine logs each phase as it begins),
    # then the one it stopped in.
    for event in state.log[since:]:
        if event.get("event") == "phase":
            where = (event.get("round", state.round), event.get("phase", ""))
            starts.setdefault(where, PhaseStart(*where, step=step, decided=False))
    where = (state.round, state.phase)
    known = starts.get(where)
    if known is None or not known.decided:
        starts[where] = PhaseStart(*where, step=step)


def _key(match_id: int, stamp: str, count: int) -> str:
    # The match's creation time as well as its id: an id a test database hands out again
    # (or a restored backup) never reads another match's index.
    return f"replay-index:{INDEX_VERSION}:{match_id}:{stamp}:{count}"


@dataclass
class ReplayAt:
    """What a replay page shows: the state after ``step`` of ``steps`` actions, the index
    and the way round it, and a problem with the request in words (else "")."""

    state: GameState
    step: int
    steps: int
    index: list[PhaseStart]
    problem: str = ""
    current: PhaseStart | None = None
    previous: PhaseStart | None = None
    next: PhaseStart | None = None
    rounds: list[dict[str, Any]] = field(default_factory=list)  # for the template
    phases: list[tuple[str, str]] = field(default_factory=list)
    shown_round: str = ""


def replay_at(
    *,
    match_id: int,
    stamp: str,
    config: GameConfig,
    actions: Sequence[str],
    step: str | None = None,
    round_: str | None = None,
    phase: str | None = None,
) -> ReplayAt:
    """The replay page of a finished match for a request's ``?step=`` (a number of actions;
    missing, not a number or past the end: the end) or ``?round=`` with ``?phase=`` (the
    first step of that phase; a phase or round the match never had gives the nearest step
    and a problem naming it; they win over ``step``, which stays the fallback).

    Raises ``ReplayError`` when the log does not replay up to the step shown. The index is
    cached under the match's id, ``stamp`` (anything that tells this match from another
    that had its id) and the number of actions."""
    key = _key(match_id, stamp, len(actions))
    cached = cache.get(key)
    index = [PhaseStart(*row) for row in cached] if cached is not None else None
    wanted_round = (round_ or "").strip()
    wanted_phase = (phase or "").strip()
    by_step = not wanted_round and not wanted_phase
    number = number_or_none(step)
    shown = len(actions) if number is None else min(number, len(actions))
    state = None
    broken = None
    if index is None:
        # One pass makes the index and, when the step is known already, the state shown.
        made = walk(config, actions, keep=shown if by_step else None)
        index, state, broken = made.index, made.kept, made.broken
        cache.set(key, [(p.round, p.phase, p.step, p.decided) for p in index], INDEX_SECONDS)
    problem = ""
    if not by_step:
        shown, problem = _resolve(index, wanted_round, wanted_phase, shown, len(actions))
        state = None
    if state is None:
        if broken is not None and shown > broken.index:
            raise broken
        state = replay(config, actions[:shown])
    return _around(ReplayAt(state, shown, len(actions), index, problem))


def _resolve(
    index: list[PhaseStart], wanted_round: str, wanted_phase: str, step: int, steps: int
) -> tuple[int, str]:
    """The step that ``?round=&phase=`` asks for, and a problem in words (else ""); a
    request that names no step at all keeps ``step`` (from ``?step=``, else the end)."""
    decided = [p for p in index if p.decided]
    last = max((p.round for p in decided), default=0)
    number = number_or_none(wanted_round)
    if not wanted_round:
        return step, (
            f"Choose a round as well as the phase ({wanted_phase[:20]!r}): showing move {step}."
        )
    if number is None:
        return step, (
            f"{wanted_round[:12]!r} is not a round: choose one from 0 (the setup) to {last}. "
            f"Showing move {step}."
        )
    if number > last:
        return steps, (
            f"There is no round {number}: the match ended in {round_name(last).lower()}. "
            "Showing its end."
        )
    in_round = [p for p in decided if p.round == number]
    phase = wanted_phase.casefold()
    if not phase:
        return (in_round[0].step if in_round else steps), ""
    if phase not in PHASE_ORDER and all(p.phase != phase for p in index):
        names = ", ".join(PHASE_ORDER[1:])
        return (in_round[0].step if in_round else steps), (
            f"There is no phase called {wanted_phase[:20]!r}; the phases are {names}. "
            f"Showing the start of {round_name(number).lower()}."
        )
    found = next((p for p in in_round if p.phase == phase), None)
    if found is not None:
        return found.step, ""
    where = f"{round_name(number)} had no {phase_name(phase).lower()} phase"
    if any((p.round, p.phase) == (number, phase) for p in index):
        where = (
            f"Nobody decided anything in the {phase_name(phase).lower()} phase of "
            f"{round_name(number).lower()}"
        )
    after = next((p for p in decided if (p.round, _order(p.phase)) > (number, _order(phase))), None)
    if after is None:
        return steps, f"{where}: the match ended before it. Showing its end."
    return after.step, (
        f"{where}. Showing the next phase played: "
        f"{round_name(after.round).lower()}, {after.name.lower()} phase."
    )


def _around(at: ReplayAt) -> ReplayAt:
    """The current phase of ``at`` (the one its state is in), the phases before and after
    it, and the index as rounds of phases and as the choices of the jump form."""
    decided = [p for p in at.index if p.decided]
    where = (at.state.round, at.state.phase)
    position = next((i for i, p in enumerate(decided) if (p.round, p.phase) == where), None)
    if position is None:  # not in the index (a stale one): the last phase started by now
        starts = [i for i, p in enumerate(decided) if p.step <= at.step]
        position = starts[-1] if starts else None
    if position is not None:
        at.current = decided[position]
        at.previous = decided[position - 1] if position > 0 else None
        at.next = decided[position + 1] if position + 1 < len(decided) else None
    # Plain dicts of text for the template: it looks each name up in a dict first, and a
    # page lists some seventy phases.
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in at.index:
        rounds.setdefault(p.round, []).append(
            {
                "href": f"?{p.query}",
                "name": p.name,
                "step": str(p.step),
                "decided": p.decided,
                "current": p == at.current,
            }
        )
    at.rounds = [
        {"number": str(number), "name": round_name(number), "phases": phases}
        for number, phases in rounds.items()
    ]
    seen = dict.fromkeys(p.phase for p in at.index if p.round > 0)
    at.phases = [(phase, phase_name(phase)) for phase in sorted(seen, key=_order)]
    at.shown_round = str(at.state.round)
    return at
