"""Test helpers of The Battle of Blackwater Bay's card tests: play on while watching whether
a card's ability is ever offered (a restriction test must see it is not)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats

CLAIMS = ("claim_military", "claim_kill", "deadly_kill")


def watch(
    state: GameState,
    seat: int,
    source: str,
    done: Callable[[GameState], bool],
    defenders: Sequence[str] = (),
    limit: int = 120,
) -> tuple[GameState, bool]:
    """Pass every window (declaring ``defenders`` and answering claims with the first
    candidates) until ``done(state)``; returns the state and whether ``seat`` could use an
    ability of ``source`` at any decision on the way."""
    offered = False
    for _ in range(limit):
        if done(state) or state.result is not None:
            return state, offered
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in CLAIMS:
            state = answer(state, step["purpose"], step["candidates"][: step.get("high") or 1])
            continue
        assert step.get("name") == "window", step
        waiting = waiting_seats(state)[0]
        if waiting == seat and uses(state, seat, source):
            offered = True
        state = act(state, waiting, "pass")
    raise AssertionError(f"not done within {limit} decisions")


def challenges_over(state: GameState) -> bool:
    """The challenges phase is over."""
    return state.phase != "challenges"
