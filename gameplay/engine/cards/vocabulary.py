"""Helpers every product's card scripts share (a product's ``common.py`` re-exports them):
events played from the hand and the condition "after you win a challenge"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import Ability, Ctx
from gameplay.engine.state import GameState


def event(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    """An action event played from the hand (an action in ``phases``)."""
    return Ability("action", effect_fn, zones=("hand",), **options)


def response(effect_fn: Callable[[GameState, Ctx], None], trigger: str, **options: Any) -> Ability:
    """A response event played from the hand."""
    return Ability("response", effect_fn, trigger=trigger, zones=("hand",), **options)


def won(
    ctype: str | None = None, by: int = 0, role: str | None = None
) -> Callable[[GameState, Ctx], bool]:
    """Condition of "After you win a [``ctype``] challenge [as the ``role``] [by ``by`` or
    more total STR]" on the ``challenge_won`` trigger (``role``: attacker or defender)."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return (
            event.get("winner") == ctx["seat"]
            and ctype in (None, event.get("type"))
            and event.get("by", 0) >= by
            and (role is None or event.get(role) == ctx["seat"])
        )

    return condition
