"""Helpers of the Epic Battles scripts (acoa_*; no card is registered here); what Battle of
Ruby Ford and Calling the Banners share with them is in the vocabulary (cards/vocabulary/).
Handler and effect names start with ``acoa_``.

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``;
for passives :func:`abilities.controller` of the source); traits are read after effects.
The epic phase (the Epic Battle plot-events) is played by gameplay/engine/epic.py: "if you
trigger this during the epic phase" holds while ``state.phase`` is ``epic``, and an Epic
Battle card is "next to your plot deck" from its play to the end of its epic phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    controller,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.cards.vocabulary import kneel_card, lost, pile_to_hand, stand_card, won
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
event, response = vocabulary.event, vocabulary.response

__all__ = [
    "draw_if_epic",
    "epic_battle_waiting",
    "event",
    "in_epic_phase",
    "kneel_card",
    "lost",
    "pile_to_hand",
    "response",
    "stand_card",
    "won",
]

Passive = Callable[[GameState, str, Any, Any], Any]


def in_epic_phase(state: GameState) -> bool:
    """ "If you trigger this during the epic phase" (gameplay/engine/epic.py)."""
    return state.phase == "epic"


def draw_if_epic(state: GameState, seat: int, count: int = 1) -> None:
    """ "If you trigger this effect during the epic phase, draw a card"."""
    if in_epic_phase(state):
        moves.effect_draw(state, seat, count)


def epic_battle_waiting(state: GameState, seat: int) -> bool:
    """ "If there is an Epic Battle card next to your plot deck": an ``epic_battle``
    entry on the seat in ``state.effects`` (epic.create, until its epic phase ends)."""
    return any(e["query"] == "epic_battle" and e["subject"] == seat for e in state.effects)


def mine(state: GameState, ctx: Ctx, ref: str) -> bool:
    """A card in play controlled by the ability's player."""
    return ref in state.in_play and controller(state, ref) == ctx["seat"]
