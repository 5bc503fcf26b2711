"""Summer and Winter (A Song of Summer onwards): "if it is Summer", a passive that holds
only in a season, and "if it is <season> and you reveal a plot card, kneel X"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import Ctx, season
from gameplay.engine.cards.vocabulary.kneeling import kneel_card
from gameplay.engine.cards.vocabulary.plots import you_revealed
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


def kneel_self_when(season_ok: Any) -> Any:
    """Forced "If it is <season> and you reveal a plot card, kneel X"."""

    def fn(state: GameState, ctx: Ctx) -> None:
        if you_revealed(state, ctx) and season_ok(state):
            kneel_card(state, ctx["source"])

    return fn
