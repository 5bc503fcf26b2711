"""Helpers shared by the Kings of the Storm scripts (no card is registered here).

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``,
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects; handler and effect names start with ``kotst_``.
"""

from __future__ import annotations

from gameplay.engine.abilities import controller, facts, in_play_named
from gameplay.engine.cards import vocabulary
from gameplay.engine.cards.vocabulary import has_trait, in_play_of, is_type
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
event, response, won = vocabulary.event, vocabulary.response, vocabulary.won

BARATHEON = "Baratheon"

__all__ = [
    "BARATHEON",
    "baratheon_character",
    "event",
    "has_trait",
    "in_play_of",
    "is_type",
    "only_baratheon_king",
    "own_character",
    "response",
    "to_hand",
    "won",
]


def baratheon_character(state: GameState, ref: str) -> bool:
    """A House Baratheon character (printed House)."""
    card = facts(state, ref)
    return card.type == "character" and BARATHEON in card.houses


def own_character(state: GameState, source: str, ref: str) -> bool:
    """``ref`` is a character in play controlled by ``source``'s controller."""
    return is_type(state, ref, "character") and state.in_play[ref].controller == controller(
        state, source
    )


def only_baratheon_king(state: GameState, source: str) -> bool:
    """ "If X is the only House Baratheon King character in play"."""
    found = [
        r
        for r in in_play_of(state, "character")
        if baratheon_character(state, r) and has_trait(state, r, "King")
    ]
    return found == [source]


def to_hand(state: GameState, ref: str) -> bool:
    """Move a card from its owner's discard or dead pile to his or her hand (logged)."""
    owner = state.players[state.cards[ref].owner]
    for zone in (owner.discard, owner.dead):
        if ref in zone:
            zone.remove(ref)
            owner.hand.append(ref)
            source = "discard" if zone is owner.discard else "dead"
            state.emit(
                "returned_to_hand", seat=owner.seat, card=ref, code=state.code(ref), source=source
            )
            return True
    return False


def named_in_play(state: GameState, *names: str) -> int:
    """How many cards in play carry one of these printed names."""
    return sum(len(in_play_named(state, name)) for name in names)
