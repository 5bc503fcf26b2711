"""Test helpers of the Here to Serve cards (kept here: tests/gameplay/cardtest.py is shared)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats


def offered_in_challenge(
    state: GameState, seat: int, source: str, defenders=(), claim=(), limit=80
):
    """Play the current challenge out (declaring ``defenders``, answering a claim with
    ``claim`` or the first candidates); returns the state once it is over and whether
    ``seat`` was offered a use of ``source`` at any decision on the way."""
    from tests.gameplay.cardtest import uses

    offered = False
    for _ in range(limit):
        if state.challenge is None:
            return state, offered
        offered = offered or bool(uses(state, seat, source))
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            chosen = [c for c in claim if c in step.get("candidates", ())]
            state = answer(state, step["purpose"], chosen or step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")
