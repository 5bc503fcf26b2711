"""Helpers of The Tourney for the Hand card tests (only this folder uses them)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats


def settle_challenge(state: GameState, seat: int, never: str) -> GameState:
    """Pass until the challenge under way is over; ``never`` (a ref of ``seat``) may never
    be used on the way (declaring no defenders, taking the first claim candidate)."""
    for _ in range(60):
        assert uses(state, seat, never) == []
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") in ("defenders", "claim_military", "claim_kill"):
            state = answer(
                state,
                step["purpose"],
                step["candidates"][: 0 if step["purpose"] == "defenders" else 1],
            )
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")
