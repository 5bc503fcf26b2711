"""Test helpers of The Wildling Horde's card tests: play on while watching whether a card's
ability is ever offered (a restriction test must see it is not)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.state import GameState


def challenge_over(state: GameState) -> bool:
    """No challenge is being resolved (the one started has ended)."""
    return state.challenge is None


def phase_over(phase: str) -> Callable[[GameState], bool]:
    """Done once ``phase`` is over (the positions settle through phases nobody acts in)."""
    return lambda state: state.phase != phase


def logged_after(state: GameState, first: dict, then: dict) -> bool:
    """Whether a log event matching ``then`` (its keys and values) comes after one matching
    ``first``."""

    def index(wanted: dict) -> int:
        for i, entry in enumerate(state.log):
            if all(entry.get(k) == v for k, v in wanted.items()):
                return i
        raise AssertionError(f"nothing logged like {wanted}")

    return index(first) < index(then)
