"""Kings of the Storm attachments (kotst_*), registered by card code."""

from __future__ import annotations

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    attached_to,
    controller,
    facts,
    in_play_named,
    register,
)
from gameplay.engine.cards.kings_of_the_storm.common import baratheon_character
from gameplay.engine.state import GameState

# --- kotst_22 Accepted Destiny ------------------------------------------------------------
# "Attached character gets +1 STR for each power on your House." (its controller's House)


def _destiny(state: GameState, source: str, ref: str, base: int) -> int:
    if attached_to(state, source) != ref:
        return base
    return base + state.players[controller(state, source)].power


register("kotst_22", passives={"strength": _destiny})


# --- kotst_23 Crown of Azor Ahai ----------------------------------------------------------
# "Unique House Baratheon character only. Setup. If Crown of Azor Ahai is standing and White
# Raven is not in play, it is Summer. If Crown of Azor Ahai is knelt and Black Raven is not
# in play, it is Winter. Any Phase: Kneel Crown of Azor Ahai."


def _crown_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return baratheon_character(state, target) and facts(state, target).unique


def _crown_season(state: GameState, source: str, subject: object, base: str | None) -> str | None:
    if state.in_play[source].knelt:
        return "winter" if not in_play_named(state, "Black Raven") else base
    return "summer" if not in_play_named(state, "White Raven") else base


def _kneel_only(state: GameState, ctx: Ctx) -> None:
    return None


register(
    "kotst_23",
    Ability("action", _kneel_only, costs=(KNEEL_SELF,)),
    passives={"season": _crown_season},
    attach_rule=_crown_rule,
)


# --- kotst_43 Knighted --------------------------------------------------------------------
# "Attached character gains the Knight trait, and gets +1 STR."


def _knighted_traits(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {"Knight"} if attached_to(state, source) == ref else base


def _knighted_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 1 if attached_to(state, source) == ref else base


register("kotst_43", passives={"traits": _knighted_traits, "strength": _knighted_strength})
