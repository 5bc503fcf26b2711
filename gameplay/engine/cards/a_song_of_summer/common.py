"""Helpers of the A Song of Summer scripts (no card is registered here); what The Winds of
Winter and A Change of Seasons share with it is in the vocabulary (cards/vocabulary/).

Summer and Winter are :func:`abilities.season` (revealed plots' Summer/Winter traits, then
the ``season`` query). "You" is the card's controller; handler and effect names start with
``ator_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    traits,
)
from gameplay.engine.cards.vocabulary import characters_of
from gameplay.engine.state import GameState

Passive = Callable[[GameState, str, Any, Any], Any]


def queen_rivals(state: GameState, source: str) -> bool:
    """ "If there is another Queen character in play"."""
    return any(r != source and "Queen" in traits(state, r) for r in characters_of(state))


def no_rival_queen(state: GameState, source: str, subject: Any, base: bool) -> bool:
    """The permission passives of "If there is another Queen character in play, X cannot
    attack, defend, or trigger her character ability"."""
    if subject == source and queen_rivals(state, source):
        return False
    return base
