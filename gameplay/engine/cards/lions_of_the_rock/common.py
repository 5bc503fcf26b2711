"""Helpers shared by the Lions of the Rock scripts (lotr_*; no card is registered here).

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``;
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects; handler and effect names start with ``lotr_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    crests,
    facts,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.leaving import leave_play
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
event, response, won = vocabulary.event, vocabulary.response, vocabulary.won

Passive = Callable[[GameState, str, Any, Any], Any]


def has_crest(state: GameState, ref: str, crest: str) -> bool:
    """A crest (lower case) of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return crest in crests(state, ref)
    return crest in {c.lower() for c in facts(state, ref).crests}


def in_play_of(state: GameState, kind: str, seat: int | None = None) -> list[str]:
    """Cards of printed type ``kind`` in play (controlled by ``seat`` when given)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if facts(state, r).type == kind]


def richest(state: GameState, seat: int) -> bool:
    """ "While you have more gold in your gold pool than each opponent"."""
    gold = state.players[seat].gold
    return all(gold > state.players[s].gold for s in state.opponents(seat))


def replaced(state: GameState, ctx: Ctx) -> bool:
    """The source is being killed and nothing saved it yet: replace the kill."""
    ref = ctx["source"]
    cards = ctx["event"].get("cards") or ()
    return ref in cards and ref in state.in_play and not moves.saved(state, ref)


def to_deck_bottom(state: GameState, ref: str) -> None:
    """Put a card in play on the bottom of its owner's deck (its attachments are
    discarded, its power returns to the pool)."""
    owner = state.players[state.cards[ref].owner]
    leave_play(state, ref, "deck_top")
    if ref in owner.deck:
        owner.deck.remove(ref)
        owner.deck.append(ref)
    state.emit("deck_card_placed", seat=owner.seat, deck=owner.seat, where="bottom")
