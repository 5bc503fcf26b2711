"""Princes of the Sun cards that use Shadows (uses.py, "Shadows")."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, attached_to, handler, register
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import return_to_shadows

# --- pots_53 A Pinch of Powder -----------------------------------------------------------------
# "After A Pinch of Powder comes out of Shadows, attach it to a character. Limited Response:
# After you win an [Intrigue] or [Power] challenge by 3 or more STR, return the attached
# character to its owner's hand. Then, you may kneel 3 influence to return A Pinch of Powder to
# Shadows. (Limit 1 limited response per round.)"
# Coming out of Shadows, an attachment is put onto the character chosen with the action
# (uses.shadow_actions), which is the first sentence. The choice to pay 3 influence is asked
# before the character leaves, so that the Pinch goes back to Shadows instead of falling off
# (docs/RULINGS.md).

PINCH_INFLUENCE = 3


def _pinch_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("winner") == ctx["seat"]
        and event.get("type") in ("intrigue", "power")
        and (event.get("by") or 0) >= 3
        and attached_to(state, ctx["source"]) is not None
    )


def _pinch(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "host": attached_to(state, ctx["source"])}
    if total_influence(state, ctx["seat"]) >= PINCH_INFLUENCE:
        ask_choose(state, ctx["seat"], "pinch_to_shadows", ["yes", "no"], "pots_pinch", ctx=data)
    else:
        moves.return_to_hand(state, [data["host"]])


@handler("pots_pinch")
def _pinch_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "yes":
        ask_influence(state, ctx["seat"], PINCH_INFLUENCE, {**ctx, "then": "pots_pinch_paid"})
    elif ctx["host"] in state.in_play:
        moves.return_to_hand(state, [ctx["host"]])


@handler("pots_pinch_paid")
def _pinch_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        return_to_shadows(state, ctx["source"])
    if ctx["host"] in state.in_play:
        moves.return_to_hand(state, [ctx["host"]])


register(
    "pots_53",
    Ability(
        "response",
        _pinch,
        trigger="challenge_won",
        condition=_pinch_condition,
        limited_response=True,
    ),
)
