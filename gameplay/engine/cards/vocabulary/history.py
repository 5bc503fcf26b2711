"""What happened earlier this round, read from the game log (newest first)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gameplay.engine.state import GameState


def this_round(state: GameState, name: str) -> Iterator[dict[str, Any]]:
    """The log entries named ``name`` of the current round (newest first)."""
    for entry in reversed(state.log):
        if entry.get("round") != state.round:
            return
        if entry["event"] == name:
            yield entry


def lost_dominance(state: GameState, seat: int) -> bool:
    """ "If you do not win dominance": the last dominance of this round was not ``seat``'s."""
    for entry in reversed(state.log):
        if entry.get("round") != state.round:
            return True
        if entry["event"] == "dominance":
            return entry.get("seat") != seat
    return True
