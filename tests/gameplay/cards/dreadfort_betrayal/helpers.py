"""Test helpers of Dreadfort Betrayal's card tests."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, waiting_seats

CLAIMS = ("claim_military", "claim_kill", "deadly_kill")


def challenge_over(state: GameState, defenders=(), limit: int = 80) -> GameState:
    """Pass every window (declaring ``defenders``, answering claims with the first
    candidates) until the challenge at hand is over."""
    for _ in range(limit):
        if state.challenge is None or state.result is not None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in CLAIMS:
            state = answer(state, step["purpose"], step["candidates"][: step.get("high") or 1])
            continue
        assert step.get("name") == "window", step
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def lend(state: GameState, ref: str, seat: int) -> GameState:
    """A position where ``seat`` controls another player's card (taken before the test
    starts: no trigger)."""
    moves.take_control(state, ref, seat, announce=False)
    return state


def watch(state: GameState, seat: int, source: str, defenders=(), claim=(), limit: int = 120):
    """Play the challenge at hand to its end like :func:`challenge_over` (a claim prompt
    answered with ``claim`` where it can be), noting whether ``seat`` could use an ability
    of ``source`` at any decision on the way."""
    from tests.gameplay.cardtest import uses

    offered = False
    for _ in range(limit):
        if state.challenge is None or state.result is not None:
            return state, offered
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in CLAIMS:
            chosen = [c for c in claim if c in step["candidates"]]
            state = answer(state, step["purpose"], chosen or step["candidates"][:1])
            continue
        assert step.get("name") == "window", step
        waiting = waiting_seats(state)[0]
        offered |= waiting == seat and bool(uses(state, seat, source))
        state = act(state, waiting, "pass")
    raise AssertionError("the challenge did not end")
