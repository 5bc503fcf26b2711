"""Test helpers of A Sword in the Darkness's card tests."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, events, head, waiting_seats

CLAIMS = ("claim_military", "claim_kill", "deadly_kill")


def finish_challenge(state: GameState, defenders=(), claim=()) -> GameState:
    """Pass until the challenge under way is over (declaring ``defenders``, answering a
    military claim with ``claim`` or the first candidate)."""
    for _ in range(100):
        done = len(events(state, "challenge_resolved")) == len(events(state, "challenge"))
        if done and state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("purpose") in CLAIMS:
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            assert step.get("name") == "window", step
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")
