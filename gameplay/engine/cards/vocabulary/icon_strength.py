"""Strength that does not count: "While X is participating in a challenge, characters with
more than 1 icon do not count their STR" (Spy from Starfall cad_11, Horselord cad_75)."""

from __future__ import annotations

from gameplay.engine.abilities import icons
from gameplay.engine.state import GameState


def many_icons_do_not_count(state: GameState, source: str, subject: str, base: bool) -> bool:
    """The ``counts_strength`` passive: while ``source`` participates (either side), each
    character with more than 1 icon does not count its STR (the source too)."""
    challenge = state.challenge
    if challenge is None:
        return base
    sides = (challenge["attackers"], challenge["defenders"])
    if not any(source in side for side in sides):
        return base
    return False if len(icons(state, subject)) > 1 else base
