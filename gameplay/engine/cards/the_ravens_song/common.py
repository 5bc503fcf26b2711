"""Helpers of The Raven's Song scripts (no card is registered here); what Refugees of War
and Scattered Armies share with them is in the vocabulary (cards/vocabulary/). Handler and
effect names start with ``trs_``."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    icons,
    is_character,
)
from gameplay.engine.cards.vocabulary import reveal_new_plot_choice
from gameplay.engine.state import GameState

Condition = Callable[[GameState, Ctx], bool]


def with_icon(icon: str) -> Callable[[GameState, str], bool]:
    """A character with a challenge icon (a ``kneel`` cost's match)."""

    def match(state: GameState, ref: str) -> bool:
        return is_character(state, ref) and icon in icons(state, ref)

    return match


def has_plot_deck(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].plot_deck)


def rookery(condition: Condition, kneel: bool = True) -> Ability:
    """ "Response: After ..., [kneel and] discard X from play (cannot be saved) and pay 1
    gold to reveal a new plot card." """

    def both(state: GameState, ctx: Ctx) -> bool:
        return condition(state, ctx) and has_plot_deck(state, ctx)

    costs = (
        (KNEEL_SELF, DISCARD_SELF, Cost("gold", 1)) if kneel else (DISCARD_SELF, Cost("gold", 1))
    )
    return Ability(
        "response", reveal_new_plot_choice, trigger="challenge_won", condition=both, costs=costs
    )


def kneel_all_with(icon: str) -> Callable[[GameState, Ctx], None]:
    """Kneel every standing character with ``icon`` in play."""

    def effect_fn(state: GameState, ctx: Ctx) -> None:
        for player in state.players:
            for ref in list(player.in_play):
                if with_icon(icon)(state, ref) and not state.in_play[ref].knelt:
                    moves.kneel(state, ref)
                    state.emit("knelt", card=ref, code=state.code(ref), seat=player.seat)

    return effect_fn
