"""Test helpers of the Where Loyalty Lies cards."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, head, uses, waiting_seats


def never_offered(state: GameState, seat: int, source: str, limit: int = 60) -> GameState:
    """Pass every window until the next decision that is not a window (or the plot phase),
    checking that ``source`` never offers ``seat`` a use on the way."""
    for _ in range(limit):
        assert not uses(state, seat, source), uses(state, seat, source)
        if head(state).get("name") != "window":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    return state
