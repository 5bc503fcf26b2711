"""Helpers of the Gates of the Citadel card tests (only this folder uses them)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.game import legal_actions
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import apply, head, waiting_seats


def drive(state: GameState, done: Callable[[GameState], bool], limit: int = 200) -> GameState:
    """Play on with the plainest answers (pass, done, no defenders, the first plot or
    option) until ``done(state)``: no card is used, no challenge initiated."""
    for _ in range(limit):
        if done(state):
            return state
        step = head(state)
        assert state.result is None and step, f"the game is over: {state.result}"
        seat = step["seat"] if step.get("name") == "prompt" else waiting_seats(state)[0]
        actions = legal_actions(state, seat)
        by_kind = {a.kind: a for a in reversed(actions)}
        for kind in (
            "pass",
            "done",
            "plot:choose",
            "first_player",
            "choose",
            "select",
            "setup:place",
        ):
            if kind in by_kind:
                state = apply(state, by_kind[kind])
                break
        else:
            raise AssertionError(f"no plain answer among {[str(a) for a in actions]}")
    raise AssertionError("never got there")


def window_for(trigger: str) -> Callable[[GameState], bool]:
    """``done`` for :func:`drive`: a response window for ``trigger`` at the head."""

    def done(state: GameState) -> bool:
        step = head(state)
        return step.get("name") == "window" and step.get("trigger") == trigger

    return done
