"""Helpers of the Forging the Chain card tests."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, head, uses, waiting_seats


def never_usable(state: GameState, seat: int, source: str, limit: int = 80) -> GameState:
    """Play on (passing windows, answering prompts with their first candidates) until the
    current challenge is over and its windows closed, asserting that ``seat`` never may use
    ``source``; returns the state after."""
    for _ in range(limit):
        step = head(state)
        if state.challenge is None and step.get("point") in ("before_challenge", "dominance"):
            return state
        if step.get("name") == "prompt":
            high = step.get("high") or 1
            picks = step.get("candidates", [])[: max(step.get("low", 0), min(1, high))]
            for card in picks:
                state = act(state, step["seat"], "select", [card])
            if head(state) is step or head(state).get("purpose") == step.get("purpose"):
                state = act(state, step["seat"], "done")
            continue
        waiting = waiting_seats(state)
        if seat in waiting:
            assert not uses(state, seat, source)
        state = act(state, waiting[0], "pass")
    raise AssertionError("the challenge never ended")
