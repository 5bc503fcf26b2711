"""Helpers shared by the Kings of the Sea scripts (no card is registered here).

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``,
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects; handler and effect names start with ``kotse_``.
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import (
    crests,
    facts,
)
from gameplay.engine.cards.vocabulary import has_trait, in_play_of, is_type
from gameplay.engine.leaving import leave_play
from gameplay.engine.state import GameState

Match = Callable[[GameState, str], bool]
GREYJOY = "Greyjoy"


def of_house(state: GameState, ref: str, house: str = GREYJOY) -> bool:
    """A card affiliated with ``house`` (printed)."""
    return house in facts(state, ref).houses


def has_crest(state: GameState, ref: str, crest: str) -> bool:
    """A crest (lower case: ``war``, ``noble``, ``holy``, ``learned``, ``shadow``)."""
    if ref in state.in_play:
        return crest in crests(state, ref)
    return crest in {c.lower() for c in facts(state, ref).crests}


def character_with(trait: str | None = None, crest: str | None = None) -> Match:
    """A match for characters in play with ``trait`` and/or ``crest``."""

    def match(state: GameState, ref: str) -> bool:
        return (
            is_type(state, ref, "character")
            and (trait is None or has_trait(state, ref, trait))
            and (crest is None or has_crest(state, ref, crest))
        )

    return match


def only_one(state: GameState, source: str, trait: str) -> bool:
    """ "If X is the only King (Queen) character in play": no other character in play
    has the trait, and X has it."""
    found = [r for r in in_play_of(state, "character") if has_trait(state, r, trait)]
    return found == [source]


def controls_trait(state: GameState, seat: int, kind: str, trait: str) -> bool:
    """Whether ``seat`` controls a card of type ``kind`` with ``trait`` (Warship)."""
    return any(has_trait(state, r, trait) for r in in_play_of(state, kind, seat))


def to_deck_bottom(state: GameState, ref: str) -> None:
    """Put a card in play on the bottom of its owner's deck (the move of a replacement
    effect: "instead put it on the bottom of your deck"); its attachments are discarded."""
    owner = state.players[state.cards[ref].owner]
    leave_play(state, ref, "deck_top")
    if ref in owner.deck:
        owner.deck.remove(ref)
        owner.deck.append(ref)
    state.emit("to_deck_bottom", card=ref, code=state.code(ref), seat=owner.seat)
