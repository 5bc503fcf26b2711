"""Helpers shared by the A Song of Summer, The Winds of Winter and A Change of Seasons
scripts (no card is registered here).

Summer and Winter are :func:`abilities.season` (revealed plots' Summer/Winter traits, then
the ``season`` query). "You" is the card's controller; handler and effect names start with
``ator_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    Ctx,
    attached_to,
    controller,
    facts,
    is_character,
    season,
    traits,
)
from gameplay.engine.state import GameState

Passive = Callable[[GameState, str, Any, Any], Any]


def summer(state: GameState, ctx: Ctx | None = None) -> bool:
    """ "If it is Summer" (usable as an ability condition)."""
    return season(state) == "summer"


def winter(state: GameState, ctx: Ctx | None = None) -> bool:
    """ "If it is Winter" (usable as an ability condition)."""
    return season(state) == "winter"


def not_summer(state: GameState, ctx: Ctx | None = None) -> bool:
    return season(state) != "summer"


def not_winter(state: GameState, ctx: Ctx | None = None) -> bool:
    return season(state) != "winter"


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


def in_season(when: str, fn: Passive) -> Passive:
    """A passive that applies only while it is ``when`` ("summer", "winter", or
    "not_winter" / "not_summer")."""

    def wrapped(state: GameState, source: str, subject: Any, base: Any) -> Any:
        # The card's own answer first: the season reads the plots' traits, so a traits
        # passive must not ask it about a subject it leaves alone (a plot).
        changed = fn(state, source, subject, base)
        if changed == base:
            return base
        now = season(state)
        active = now != when[4:] if when.startswith("not_") else now == when
        return changed if active else base

    return wrapped


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


def is_mine(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    return record is not None and record.controller == controller(state, source)


def queen_rivals(state: GameState, source: str) -> bool:
    """ "If there is another Queen character in play"."""
    return any(r != source and "Queen" in traits(state, r) for r in characters_of(state))


def no_rival_queen(state: GameState, source: str, subject: Any, base: bool) -> bool:
    """The permission passives of "If there is another Queen character in play, X cannot
    attack, defend, or trigger her character ability"."""
    if subject == source and queen_rivals(state, source):
        return False
    return base


def you_revealed(state: GameState, ctx: Ctx) -> bool:
    """ "If you reveal a plot card": the plot_revealed event is the controller's."""
    return ctx["event"].get("seat") == ctx["seat"]
