"""Test helpers of Of Snakes and Sand's card tests: play on while watching whether a card's
ability is ever offered to a seat (a restriction test must see it is not)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats


def watch(
    state: GameState,
    seat: int,
    source: str,
    done: Callable[[GameState], bool],
    defenders: Sequence[str] = (),
    limit: int = 150,
) -> tuple[GameState, bool]:
    """Pass every window (declaring ``defenders``; any other prompt takes its first
    candidates, as few as it allows, or its first option) until ``done(state)``; returns
    the state and whether ``seat`` could use an ability of ``source`` at any decision on
    the way."""
    offered = False
    for _ in range(limit):
        if done(state) or state.result is not None:
            return state, offered
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("name") == "prompt":
            if step.get("options"):
                state = act(state, step["seat"], "choose", choice=step["options"][0])
            else:
                low = step.get("min", 0)
                state = answer(state, step["purpose"], step["candidates"][:low])
            continue
        assert step.get("name") == "window", step
        waiting = waiting_seats(state)[0]
        if waiting == seat and uses(state, seat, source):
            offered = True
        state = act(state, waiting, "pass")
    raise AssertionError(f"not done within {limit} decisions")


def phase_over(phase: str) -> Callable[[GameState], bool]:
    """The ``phase`` is over."""
    return lambda state: state.phase != phase
