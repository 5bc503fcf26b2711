"""Passives (a card's constant effects, answering a query): on the card itself, on the card
it is attached to, and "if there is another <trait> character in play, X cannot attack,
defend, or trigger his or her character ability"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import attached_to, is_character, traits
from gameplay.engine.state import GameState

Passive = Callable[[GameState, str, Any, Any], Any]


def on_self(fn: Callable[[Any], Any]) -> Passive:
    """A passive on the source card itself: ``fn(base)``."""

    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        return fn(base) if subject == source else base

    return passive


def on_bearer(fn: Callable[[Any], Any]) -> Passive:
    """A passive on the character the source is attached to: ``fn(base)``."""

    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        return fn(base) if subject is not None and subject == attached_to(state, source) else base

    return passive


def attached_passive(fn: Passive) -> Passive:
    """A passive of an attachment that changes only the card it is attached to."""

    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        if isinstance(subject, str) and subject == attached_to(state, source):
            return fn(state, source, subject, base)
        return base

    return passive


def no_rival(trait: str) -> Callable[[GameState, str, Any, bool], bool]:
    """The permission passives of "If there is another <trait> character in play, X cannot
    attack, defend, or trigger his or her character ability" (Tommen, Alannys)."""

    def passive(state: GameState, source: str, subject: Any, base: bool) -> bool:
        if subject != source:
            return base
        rivals = [
            r
            for r in state.in_play
            if r != source and is_character(state, r) and trait in traits(state, r)
        ]
        return base and not rivals

    return passive


def rival_permissions(trait: str) -> dict[str, Any]:
    """The three permissions :func:`no_rival` answers, as ``register(passives=...)`` takes."""
    fn = no_rival(trait)
    return {"can_attack": fn, "can_defend": fn, "can_trigger": fn}
