"""Helpers shared by the Queen of Dragons card scripts (qod_*); no card is registered here.

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``;
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects for cards in play; handler and effect names start with ``qod_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    attached_to,
    controller,
    crests,
    facts,
    is_character,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
event = vocabulary.event

Passive = Callable[[GameState, str, Any, Any], Any]
DRAGON = "Dragon"
TARGARYEN = "Targaryen"


def characters(state: GameState, seat: int | None = None) -> list[str]:
    """Characters in play (controlled by ``seat`` when given), in seat order."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


def of_type(state: GameState, kind: str, seat: int | None = None) -> list[str]:
    """Cards in play of printed type ``kind`` (controlled by ``seat`` when given)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if facts(state, r).type == kind]


def has_crest(state: GameState, ref: str, crest: str) -> bool:
    """A crest (lower case) of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return crest in crests(state, ref)
    return crest in {c.lower() for c in facts(state, ref).crests}


def on_attached(fn: Callable[[GameState, str, str, Any], Any]) -> Passive:
    """A passive of an attachment that changes only the card it is attached to."""

    def passive(state: GameState, source: str, subject: object, base: object) -> object:
        if isinstance(subject, str) and subject == attached_to(state, source):
            return fn(state, source, subject, base)
        return base

    return passive


def my_participants(state: GameState, ctx: Ctx) -> list[str]:
    """Your characters (still in play) that took part in the challenge of the event."""
    event = ctx["event"]
    side = "attackers" if event.get("attacker") == ctx["seat"] else "defenders"
    return [r for r in event.get(side, ()) if r in state.in_play]


def lasting_strength(amount: int, until: str = "phase", dies: bool = False) -> Callable:
    """ "Until the end of the phase, that character gets ``amount`` STR [and is killed if
    its STR is 0]" on the target."""

    def fn(state: GameState, ctx: Ctx) -> None:
        ref = ctx["target"]
        if ref in state.in_play:
            add_lasting(state, "strength", ref, until, ctx["source"], amount=amount)
            if dies:
                add_lasting(state, "dies_at_zero", ref, until, ctx["source"], value=True)

    return fn


def gain_keyword(word: str, until: str = "phase") -> Callable[[GameState, Ctx], None]:
    """ "Until the end of the phase, that character gains ``word``" on the target."""

    def fn(state: GameState, ctx: Ctx) -> None:
        if ctx["target"] in state.in_play:
            add_lasting(state, "keywords", ctx["target"], until, ctx["source"], add=[word])

    return fn


def you_control(state: GameState, source: str, subject: object) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    return (
        isinstance(subject, str)
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
    )
