"""Test helpers of The Grand Melee's tests."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats

CLAIMS = ("claim_military", "claim_kill", "deadly_kill")


def offered(state: GameState, seat: int, source: str, defenders=()) -> bool:
    """Play the current challenge out (declaring ``defenders``, passing every window):
    whether ``seat`` is ever offered an ability of ``source`` on the way."""
    for _ in range(120):
        if state.challenge is None or state.result is not None:
            return False
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in CLAIMS:
            state = answer(state, step["purpose"], step["candidates"][:1])
            continue
        assert step.get("name") == "window", step
        waiting = waiting_seats(state)[0]
        if waiting == seat and uses(state, seat, source):
            return True
        state = act(state, waiting, "pass")
    raise AssertionError("the challenge never ended")


def play_out(state: GameState, defenders=()) -> GameState:
    """Play the current challenge out (declaring ``defenders``, passing every window and
    answering claims with the first candidate); returns the state after it."""
    for _ in range(120):
        if state.challenge is None or state.result is not None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("purpose") in CLAIMS:
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            assert step.get("name") == "window", step
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")
