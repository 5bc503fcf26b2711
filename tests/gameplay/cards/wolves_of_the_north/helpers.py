"""Helpers of the Wolves of the North card tests (only this folder uses them)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats


def through_challenge(state: GameState, defenders=(), claim=(), stop: str = "") -> GameState:
    """Play the challenge at hand: declare ``defenders``, answer a claim with ``claim`` (or
    the first candidate), pass every window; stop at its ``challenge_won`` response window
    if one opens (or a prompt for ``stop``), else once the challenge is over."""
    for _ in range(80):
        step = head(state)
        if state.challenge is None or (stop and step.get("purpose") == stop):
            return state
        if step.get("name") == "window" and step.get("trigger") == "challenge_won":
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            assert step.get("name") == "window", step
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def won_window_open(state: GameState) -> bool:
    """Whether the head is a ``challenge_won`` response window."""
    step = head(state)
    return step.get("name") == "window" and step.get("trigger") == "challenge_won"


def offered_during_challenge(state: GameState, seat: int, card: str) -> bool:
    """Play the challenge at hand through (no defenders, first claim candidates) and say
    whether ``seat`` was ever offered a use of ``card`` on the way."""
    from tests.gameplay.cardtest import uses

    for _ in range(80):
        step = head(state)
        if state.challenge is None:
            return False
        if (
            seat in waiting_seats(state)
            and step.get("name") == "window"
            and uses(state, seat, card)
        ):
            return True
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")
