"""Lions of the Rock attachments (lotr_1, lotr_2, lotr_3, lotr_39, lotr_47)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    attached_to,
    attachments,
    controller,
    register,
)
from gameplay.engine.cards.vocabulary import participants
from gameplay.engine.state import GameState


def _attached_bonus(amount: int) -> Callable[[GameState, str, Any, int], int]:
    def passive(state: GameState, source: str, ref: Any, base: int) -> int:
        return base + amount if ref == attached_to(state, source) else base

    return passive


# --- lotr_1 Widow's Wail ----------------------------------------------------------------
# "Infamy. Attached character gets +2 STR. Response: After you win a challenge in which
# attached character participated, draw a card for each power on Widow's Wail."


def _wail_may(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    return (
        event.get("winner") == ctx["seat"]
        and attached_to(state, source) in participants(event)
        and state.in_play[source].power > 0
    )


def _wail(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.effect_draw(state, ctx["seat"], state.in_play[ctx["source"]].power)


register(
    "lotr_1",
    Ability("response", _wail, trigger="challenge_won", condition=_wail_may),
    passives={"strength": _attached_bonus(2)},
)


# --- lotr_39 Bastard --------------------------------------------------------------------
# "After you play Bastard from your hand, discard all other attachments on attached
# character. Attached character gains the Bastard trait, loses a [Power] icon, and cannot
# have attachments played on it." (``can_have_attachments``: rules.attachment_targets.)


def _bastard_played(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    host = attached_to(state, source)
    others = [r for r in attachments(state, host) if r != source] if host else []
    if others:
        moves.discard(state, others)


def _bastard_trait(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"Bastard"} if ref == attached_to(state, source) else base


def _bastard_icon(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base - {"power"} if ref == attached_to(state, source) else base


def _bastard_blocks(state: GameState, source: str, ref: Any, base: bool) -> bool:
    return False if ref == attached_to(state, source) else base


register(
    "lotr_39",
    forced={"played": _bastard_played},
    passives={
        "traits": _bastard_trait,
        "icons": _bastard_icon,
        "can_have_attachments": _bastard_blocks,
    },
)


# --- lotr_47 Rich Lands and a Keep ------------------------------------------------------
# "After Rich Lands and a Keep comes into play, draw 1 card. Attached character gains a
# [Noble] crest."


def _rich_lands(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"] and ctx["source"] in state.in_play:
        moves.effect_draw(state, controller(state, ctx["source"]), 1)


def _noble(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"noble"} if ref == attached_to(state, source) else base


register(
    "lotr_47",
    forced={"entered_play": _rich_lands},
    passives={"crests": _noble},
)


# --- lotr_2 Vat of Wildfire -------------------------------------------------------------
# "Attach to a location. Attached location cannot stand during the standing phase." Any
# player's location.


def _vat(state: GameState, source: str, ref: Any, base: bool) -> bool:
    if state.phase == "standing" and ref == attached_to(state, source):
        return False
    return base


_vat_script = register("lotr_2", passives={"can_stand": _vat})
_vat_script.attach_types = ("location",)


# --- lotr_3 Increased Levy --------------------------------------------------------------
# "Setup. Attach to a location you control. [+1 Income]" (the income bonus is printed).


def _own_location(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) == seat


_levy_script = register("lotr_3", attach_rule=_own_location)
_levy_script.attach_types = ("location",)
