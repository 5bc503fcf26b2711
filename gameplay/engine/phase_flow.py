"""The flow of rounds and phases changed by card text: end the current phase now ("to end
the challenges phase": Drowned Prophet), end the round and go on to the next plot phase
(Rhaegar Targaryen), repeat the current phase once it ends (Den of the Wolf); and limits
"once per game".

The round is the queue of steps :func:`steps.round_steps` schedules; a phase starts at its
``begin_phase`` step, the round ends at ``return_titles`` / ``start_round``. So:

- **Ending the phase** drops every step before the next phase's ``begin_phase`` (the open
  challenge with its lasting "until the end of the challenge" effects, the windows and turns
  left, prompts): that ``begin_phase`` then runs the "at the end of the phase" effects and
  the next phase drops the lasting effects "until the end of the phase", as usual.
- **Ending the round** drops every step before ``return_titles``: titles return, "at the end
  of the round" effects run and the next round starts with its plot phase.
- Neither drops ``recycle_plots`` (:data:`KEPT_BY_AN_END`): a plot deck emptied by this
  round's plot still gets its used plots back.
- **Repeating the phase** inserts the phase's own steps (taken from ``round_steps``, the one
  sequencing function) before the next phase's ``begin_phase``; the repeated phase begins
  and ends like any other (its "at the end of the phase" effects run again). A repeated plot
  phase does not choose titles again: titles are chosen once a round.

The end is a step (:func:`end_now`) placed after the response windows and forced effects
already waiting at the head (responses to the card that ended it still resolve), so a
half-ended phase serializes like everything else.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import end_lasting
from gameplay.engine.state import GameState
from gameplay.engine.steps import AUTOMATIC, round_steps

# Steps at which a phase (or the round) is over.
PHASE_BOUNDARY = ("begin_phase", "return_titles", "start_round")
ROUND_BOUNDARY = ("return_titles", "start_round")
# Steps that run once a round however often its plot phase is played.
ONCE_A_ROUND = frozenset({"select_titles"})
# Steps an end does not drop: the rules' own bookkeeping of what already happened. A plot
# revealed from the last card of its plot deck returns the used plots to it "after your
# revealed plot has taken effect" (``recycle_plots``); a round ended by a "when revealed"
# effect (The Red Wedding killing Rhaegar Targaryen) must not leave the plot deck empty for
# the next plot phase.
KEPT_BY_AN_END = frozenset({"recycle_plots"})


def _boundary(queue: list[dict[str, Any]], names: tuple[str, ...], start: int = 0) -> int:
    return next(
        (i for i in range(start, len(queue)) if queue[i]["name"] in names),
        len(queue),
    )


def phase_steps(phase: str) -> list[dict[str, Any]]:
    """The steps of one phase, from its ``begin_phase`` to the next phase (without the
    steps that run once a round)."""
    steps = round_steps(phase)
    end = _boundary(steps, PHASE_BOUNDARY, start=1)
    return [s for s in steps[:end] if s["name"] not in ONCE_A_ROUND]


def _after_waiting(state: GameState) -> int:
    """Where an end goes: after the response windows and forced effects at the head."""
    queue = state.queue
    i = 0
    while i < len(queue) and (
        queue[i]["name"] == "forced"
        or (queue[i]["name"] == "window" and queue[i].get("kind") == "response")
    ):
        i += 1
    return i


def end_phase(state: GameState, source: str | None = None) -> None:
    """End the current phase (once the responses already open have resolved)."""
    step = {"name": "end_now", "what": "phase", "source": source}
    state.queue.insert(_after_waiting(state), step)


def end_round(state: GameState, source: str | None = None) -> None:
    """End the current round and proceed to the next plot phase: the current phase and
    every phase left in the round end; a challenge being resolved ends unresolved."""
    step = {"name": "end_now", "what": "round", "source": source}
    state.queue.insert(_after_waiting(state), step)


def end_now(state: GameState, step: dict[str, Any]) -> None:
    """The ``end_now`` step: drop what is left of the phase (or the round)."""
    names = PHASE_BOUNDARY if step["what"] == "phase" else ROUND_BOUNDARY
    end = _boundary(state.queue, names)
    state.queue[:end] = [s for s in state.queue[:end] if s["name"] in KEPT_BY_AN_END]
    if state.challenge is not None:  # it ends without resolution
        end_lasting(state, "challenge")
        state.challenge = None
    source = step.get("source")
    code = state.code(source) if source else None
    if step["what"] == "phase":
        state.emit("phase_ended", phase=state.phase, card=source, code=code)
    else:
        state.emit("round_ended", phase=state.phase, card=source, code=code)


def repeat_phase(state: GameState, source: str | None = None) -> None:
    """Repeat the current phase at the end of the phase (Den of the Wolf)."""
    phase = state.phase
    at = _boundary(state.queue, PHASE_BOUNDARY)
    state.queue[at:at] = phase_steps(phase)
    code = state.code(source) if source else None
    state.emit("phase_repeat", phase=phase, card=source, code=code)


# --- "Limit once per game" --------------------------------------------------------------
# A mark in ``state.effects`` with ``until`` "game": no duration ends it and its subject is
# no card, so neither the end of a round nor a card leaving play drops it.


def used_this_game(state: GameState, key: str) -> bool:
    """Whether the once-per-game ``key`` (for example ``"ator_58@0"``) was used."""
    return any(e["query"] == "game_limit" and e["subject"] == key for e in state.effects)


def use_once_per_game(state: GameState, key: str) -> None:
    """Mark the once-per-game ``key`` as used."""
    state.effects.append({"query": "game_limit", "subject": key, "until": "game", "source": None})


AUTOMATIC["end_now"] = end_now
