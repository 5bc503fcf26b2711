"""Test helpers of the Called by the Conclave cards (kept here: tests/gameplay/cardtest.py is
shared)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, start, uses, waiting_seats

SCHOLAR = "soo_36"  # Oldtown Scholar: a Neutral Maester, 1 STR, intrigue and power, no text


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
