"""The Grand Melee: the locations (atoc_35, atoc_39)."""

from __future__ import annotations

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.cards.the_grand_melee.common import against_me
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState

# --- atoc_35 The Vaith -------------------------------------------------------------------
# "Response: After a player declares a challenge against you, kneel 1 influence to choose 1
# character controlled by that player. That character loses an icon of your choice until the
# end of the phase."  On ``attackers_declared`` of a challenge against The Vaith's
# controller; any character the attacker controls that has an icon (attacking or not). The
# icon is chosen as the effect resolves, among those the character has.

ICONS = ("military", "intrigue", "power")


def _vaith_targets(state: GameState, ctx: Ctx) -> list[str]:
    if state.challenge is None:
        return []
    attacker = state.challenge["attacker"]
    return [
        r
        for r in state.players[attacker].in_play
        if is_character(state, r) and any(i in icons(state, r) for i in ICONS)
    ]


def _vaith(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    options = [i for i in ICONS if i in icons(state, target)]
    if options:
        data = {"card": target, "source": ctx["source"], "seat": ctx["seat"]}
        ask_choose(state, ctx["seat"], "icon", options, "atoc_vaith_icon", ctx=data)


@handler("atoc_vaith_icon")
def _vaith_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["card"] in state.in_play:
        add_lasting(state, "icons", ctx["card"], "phase", ctx["source"], remove=[ctx["choice"]])


register(
    "atoc_35",
    Ability(
        "response",
        _vaith,
        trigger="attackers_declared",
        costs=(Cost("influence", 1),),
        condition=against_me,
        targets=_vaith_targets,
    ),
)

# --- atoc_39 Flea Bottom -----------------------------------------------------------------
# "No attachments. Marshalling: Kneel Flea Bottom to lower the cost of the next character
# you play this phase by 2. That character comes into play knelt."  rules.add_reduction
# with ``knelt``: the character the reduction lowers (the next one marshalled this phase)
# enters play knelt; a character put into play otherwise does not use it.

FLEA_BOTTOM_REDUCTION = 2


def _flea_bottom(state: GameState, ctx: Ctx) -> None:
    add_reduction(
        state, ctx["seat"], FLEA_BOTTOM_REDUCTION, ctx["source"], types=("character",), knelt=True
    )


register(
    "atoc_39",
    Ability("action", _flea_bottom, phases=("marshalling",), costs=(KNEEL_SELF,)),
)
