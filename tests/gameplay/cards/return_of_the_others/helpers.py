"""Helpers of the Return of the Others card tests (only this folder uses them)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats


def round_over(state: GameState) -> bool:
    """The next round's plots are being chosen (or the game is over)."""
    return not state.queue or head(state).get("name") == "choose_plots"


def play_on(
    state: GameState, done: Callable[[GameState], bool] = round_over, limit: int = 120
) -> GameState:
    """Pass every window, declare no defenders and take the first candidates of any other
    prompt until ``done(state)`` (by default: until the round is over)."""
    for _ in range(limit):
        if done(state) or round_over(state):
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt" and "options" in step:
            state = act(state, step["seat"], "choose", choice=step["options"][0])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: max(step["min"], 1)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never got there")
