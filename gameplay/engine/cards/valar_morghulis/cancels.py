"""Valar Morghulis: the cancels of Maester Kerwin and Futile Gestures. Both read the pending
effect's target as it was chosen when the effect was triggered (``cancels.targets``: one
chosen card, so "as its only target" holds whenever it chose that character)."""

from __future__ import annotations

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import KILL_SELF, Ability, Cost, Ctx, controller, register
from gameplay.engine.cards.vocabulary import has_trait, of_house, targets_character
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# Every kind of card whose triggered effect may choose a target.
ANY_CARD = ("character", "location", "attachment", "event", "plot", "agenda")

# --- btns_11 Maester Kerwin ------------------------------------------------------------------
# "Response: Kill Maester Kerwin (cannot be saved) to cancel any effect that chooses 1 of your
# Ironborn characters as its only target."  Any card's triggered effect (the ``ability``
# window) that chose an Ironborn character Kerwin's controller controls.


def _kerwin_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]

    def mine(s: GameState, ref: str) -> bool:
        return ref in s.in_play and controller(s, ref) == seat and has_trait(s, ref, "Ironborn")

    return targets_character(state, mine, ANY_CARD)


def _kerwin(state: GameState, ctx: Ctx) -> None:
    cancel(state)


register(
    "btns_11",
    Ability("cancel", _kerwin, trigger="ability", condition=_kerwin_may, costs=(KILL_SELF,)),
)

# --- btns_6 Futile Gestures ------------------------------------------------------------------
# "Response: Discard 1 power from a Lannister character you control to cancel a triggered
# effect that chooses that character as its only target. Then, draw a card."  The power
# comes from the [Lannister] character the pending effect chose (a ``card_power`` cost
# restricted to it).


def _gesture_target(state: GameState, ref: str) -> bool:
    return (
        ref in state.in_play
        and of_house(state, ref, "Lannister")
        and state.in_play[ref].power >= 1
        and cancels.targets(state) == [ref]
        and cancels.can_be_cancelled(state)
    )


def _gestures_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]

    def mine(s: GameState, ref: str) -> bool:
        return _gesture_target(s, ref) and controller(s, ref) == seat

    return targets_character(state, mine, ANY_CARD)


def _gestures(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "btns_6",
    Ability(
        "cancel",
        _gestures,
        trigger="ability",
        zones=("hand",),
        condition=_gestures_may,
        costs=(Cost("card_power", 1, match=_gesture_target, what="Lannister character"),),
    ),
)
