"""Helpers of The War of Five Kings scripts (codes ``acoa_*``); what Ancient Enemies and
Sacred Bonds share with them (the Heralds, ``controls_royal``) is in the vocabulary
(cards/vocabulary/). No card is registered here.

Handler and effect names start with ``acoa_``. "King", "Queen", "Army", "Maester",
"Ironborn", "Knight", "Dragon", "Warship" are traits; "Military Battle", "Intrigue
Gambit", "Power Struggle" are plot traits.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    controller,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    controls_royal,
    first_challenge_this_phase,
    has_trait,
    kneel_card,
    participants,
    reprint,
    stand_card,
    won,
    won_unopposed,
)
from gameplay.engine.state import GameState

__all__ = [
    "choosable",
    "controls_royal",
    "first_challenge",
    "has_trait",
    "kneel_card",
    "participants",
    "reprint",
    "royal_cost",
    "stand_card",
    "won",
    "won_unopposed",
]


def royal_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    """ "Lower the cost to play X by 4 if you control a King or Queen character"."""
    return cost - 4 if controls_royal(state, seat) else cost


def first_challenge(state: GameState) -> bool:
    """A challenge is being resolved and it is the first one initiated this phase: the
    challenges phase's, or an epic phase's (a phase of its own, docs/RULINGS.md)."""
    return first_challenge_this_phase(state)


def my_card(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    return record is not None and record.controller == controller(state, source)


# --- Heralds -----------------------------------------------------------------------------
# "Response: After you play X from your hand, search your deck for a House Y character,
# reveal it, and shuffle your deck. Then, put the revealed card on top of your deck."
