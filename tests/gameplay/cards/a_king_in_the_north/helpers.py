"""Test helpers of A King in the North's card tests."""

from __future__ import annotations

from gameplay.engine.state import GameState


def give_trait(state: GameState, ref: str, trait: str) -> None:
    """``ref`` has ``trait`` for the round (a lasting ``traits`` effect set up by hand: few
    cards print Night's Watch without text of their own)."""
    state.effects.append({"query": "traits", "subject": ref, "until": "round", "add": [trait]})
    state.__dict__.pop("_passive_cache", None)
