"""Event cards played from the hand: an action event and a response event."""

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
