"""Test helpers of the Here to Serve cards (kept here: tests/gameplay/cardtest.py is shared)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats


def finish_challenge(state: GameState, defenders=(), limit: int = 80) -> GameState:
    """Pass and answer (the first candidates) until the current challenge is over."""
    for _ in range(limit):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: max(step.get("min", 0), 1)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def challenge_kinds(state: GameState, seat: int) -> set[str]:
    """The challenge types ``seat`` may initiate now (its legal ``challenge:<type>``)."""
    return {
        a.kind.split(":", 1)[1]
        for a in legal_actions(state, seat)
        if a.kind.startswith("challenge:")
    }


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
