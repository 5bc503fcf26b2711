"""Helpers shared by the Epic Battles, Battle of Ruby Ford and Calling the Banners scripts
(acoa_*; no card is registered here). Handler and effect names start with ``acoa_``.

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``;
for passives :func:`abilities.controller` of the source); traits are read after effects.
The epic phase (the Epic Battle plot-events) is played by gameplay/engine/epic.py: "if you
trigger this during the epic phase" holds while ``state.phase`` is ``epic``, and an Epic
Battle card is "next to your plot deck" from its play to the end of its epic phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    attached_to,
    attachments,
    controller,
    facts,
    is_character,
    traits,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.cards.lords_of_winter.common import kneel_card, stand_card, won
from gameplay.engine.cards.princes_of_the_sun.common import lost
from gameplay.engine.cards.queen_of_dragons.common import pile_to_hand
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary.py).
event, response = vocabulary.event, vocabulary.response

__all__ = [
    "attached_passive",
    "banner_attachments",
    "characters_of",
    "draw_if_epic",
    "epic_battle_waiting",
    "event",
    "first_challenge",
    "has_trait",
    "in_epic_phase",
    "kneel_card",
    "lost",
    "of_house",
    "pile_to_hand",
    "response",
    "stand_bannered",
    "stand_card",
    "this_round",
    "won",
]

Passive = Callable[[GameState, str, Any, Any], Any]


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return trait in traits(state, ref)
    return trait in facts(state, ref).traits


def of_house(state: GameState, ref: str, house: str) -> bool:
    """A card affiliated with ``house`` (printed)."""
    return house in facts(state, ref).houses


def characters_of(state: GameState, seat: int | None = None) -> list[str]:
    """Characters in play (controlled by ``seat`` when given), in seat order."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


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


def this_round(state: GameState, name: str) -> Iterator[dict[str, Any]]:
    """The log entries named ``name`` of the current round (newest first)."""
    for entry in reversed(state.log):
        if entry.get("round") != state.round:
            return
        if entry["event"] == name:
            yield entry


def first_challenge(state: GameState) -> bool:
    """During (or at the end of) the first challenge initiated this round."""
    return state.challenge is not None and sum(1 for _ in this_round(state, "challenge")) == 1


def attached_passive(fn: Passive) -> Passive:
    """A passive of an attachment that changes only the card it is attached to."""

    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        if isinstance(subject, str) and subject == attached_to(state, source):
            return fn(state, source, subject, base)
        return base

    return passive


def banner_attachments(state: GameState, ref: str) -> list[str]:
    """The Banner attachments on a card in play: attachments with the Banner trait, and
    characters attached as attachments (only the Bannerman cards attach themselves)."""
    return [
        a
        for a in attachments(state, ref)
        if has_trait(state, a, "Banner") or facts(state, a).type == "character"
    ]


def stand_bannered(state: GameState, house: str) -> None:
    """ "Then, stand all House X characters with Banner attachments attached"."""
    for ref in characters_of(state):
        if of_house(state, ref, house) and banner_attachments(state, ref):
            stand_card(state, ref)


def mine(state: GameState, ctx: Ctx, ref: str) -> bool:
    """A card in play controlled by the ability's player."""
    return ref in state.in_play and controller(state, ref) == ctx["seat"]
