"""Shadows (uses.py, "Shadows"): "After X comes out of Shadows" on the card itself, for a
character, location or attachment in play and for a Shadow event (which comes out face up
into its owner's discard pile and answers from there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import Ability, Ctx
from gameplay.engine.state import GameState

CAME_OUT = "came_out_of_shadows"


def came_out(state: GameState, ctx: Ctx) -> bool:
    """The card whose ability it is just came out of Shadows (the trigger's ``card``)."""
    return ctx["event"].get("card") == ctx["source"]


def out_of_shadows(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    """ "Response: After X comes out of Shadows, ..." of a card in play (X itself)."""
    condition = options.pop("condition", None)
    return Ability(
        "response",
        effect_fn,
        trigger=CAME_OUT,
        condition=_both(came_out, condition),
        **options,
    )


def shadow_event(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    """ "Response: After <this event> comes out of Shadows, ...": used from its owner's
    discard pile, where the event went as it came out."""
    condition = options.pop("condition", None)
    return Ability(
        "response",
        effect_fn,
        trigger=CAME_OUT,
        zones=("discard",),
        condition=_both(came_out, condition),
        **options,
    )


def _both(
    first: Callable[[GameState, Ctx], bool], second: Callable[[GameState, Ctx], bool] | None
) -> Callable[[GameState, Ctx], bool]:
    if second is None:
        return first
    return lambda state, ctx: first(state, ctx) and second(state, ctx)
