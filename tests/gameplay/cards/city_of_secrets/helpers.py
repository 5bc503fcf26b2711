"""Helpers of the City of Secrets card tests (only this folder uses them)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats


def play_until(state: GameState, done: Callable[[GameState], bool], limit: int = 80) -> GameState:
    """Pass every window, declare no defenders and take the first candidate of a claim
    prompt until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never got there")
