"""Test helpers of The Tower of the Hand cards (kept here: tests/gameplay/cardtest.py is
shared)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, start, uses, waiting_seats


def never_offered(state: GameState, seat: int, source: str, defenders=(), limit: int = 80):
    """Play the current challenge out (declaring ``defenders``, the first claim candidates),
    checking at every decision that ``seat`` is never offered a use of ``source``; returns
    the state once the challenge is over."""
    for _ in range(limit):
        if state.challenge is None:
            return state
        assert not uses(state, seat, source), f"{source} offered at {head(state)}"
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: max(step.get("min", 0), 1)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def challenge_without(state, ctype, attackers, seat, source, defenders=()):
    """:func:`start` a challenge and check with :func:`never_offered` that ``source`` has
    nothing to answer in it."""
    return never_offered(start(state, ctype, attackers), seat, source, defenders)
