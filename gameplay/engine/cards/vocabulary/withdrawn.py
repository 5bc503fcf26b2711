"""Remove a participating character from the current challenge ("remove X from the
challenge"): it stays in play as it is (knelt or standing) and no longer participates."""

from __future__ import annotations

from gameplay.engine.state import GameState


def withdraw(state: GameState, refs: list[str], source: str) -> list[str]:
    """Remove ``refs`` from the current challenge (logged as ``removed_from_challenge``,
    one event per side); returns those removed."""
    challenge = state.challenge
    if challenge is None:
        return []
    removed = []
    for side in ("attackers", "defenders"):
        found = [r for r in refs if r in challenge[side]]
        if found:
            challenge[side] = [r for r in challenge[side] if r not in found]
            state.emit("removed_from_challenge", cards=found, side=side, card=source)
            removed += found
    return removed
