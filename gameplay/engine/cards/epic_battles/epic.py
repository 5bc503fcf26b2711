"""Epic Battles: the Epic Battle plot-events (acoa_65 to acoa_70) and Arstan Whitebeard
(acoa_63), whose text works during the epic phase (gameplay/engine/epic.py).

Each event's "Plot:" ability records the battle and its epic phase
(:func:`epic.epic_battle_event`); the reward of each challenge is an effect named
``acoa_epic_<battle>`` offered to the challenge's winner ("may": they may choose nothing
or answer no). Cards chosen are never immune to events (:func:`abilities.immune_to`).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import epic, moves
from gameplay.engine.abilities import (
    Ctx,
    controller,
    effect,
    facts,
    handler,
    icons,
    immune_to,
    in_play_named,
    is_character,
    register,
    traits,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play


def _open_to_event(state: GameState, ref: str, seat: int) -> bool:
    """A card in play an Epic Battle event of ``seat`` may choose (not immune to events)."""
    return ref in state.in_play and not immune_to(state, ref, "event", seat)


# --- acoa_63 Arstan Whitebeard ------------------------------------------------------------
# "If you control Ser Barristan Selmy, discard Arstan Whitebeard from play (cannot be saved).
# During the epic phase, Queen and Queensguard characters get +5 STR, and Arstan Whitebeard
# gains renown." The discard is the constant check of "discard_now" passives
# (checks.check_discard_now); the STR goes to every player's Queen and Queensguard
# characters (traits after effects).


def _arstan_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and in_play_named(state, "Ser Barristan Selmy", controller(state, source)):
        return True
    return base


def _arstan_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if state.phase != epic.EPIC or subject not in state.in_play:
        return base
    if is_character(state, subject) and traits(state, subject) & {"Queen", "Queensguard"}:
        return base + 5
    return base


def _arstan_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and state.phase == epic.EPIC:
        return base | {"renown"}
    return base


register(
    "acoa_63",
    passives={
        "discard_now": _arstan_discard,
        "strength": _arstan_strength,
        "keywords": _arstan_keywords,
    },
)


# --- acoa_65 The Battle of the Whispering Wood --------------------------------------------
# "... a single Military challenge with normal claim. The winner of each challenge may
# choose and kill a character without a Military icon controlled by the losing opponent."


@effect("acoa_epic_whispering_wood")
def _whispering_wood(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["loser"]
    found = [
        r
        for r in state.players[loser].in_play
        if is_character(state, r)
        and "military" not in icons(state, r)
        and _open_to_event(state, r, seat)
    ]
    ask_select(state, seat, "kill", found, "acoa_epic_kill", high=1)


@handler("acoa_epic_kill")
def _epic_kill(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    moves.kill(state, [r for r in selected if r in state.in_play])


register(
    "acoa_65",
    epic.epic_battle_event(("military",), reward="acoa_epic_whispering_wood"),
)


# --- acoa_66 The Battle of the Blackwater -------------------------------------------------
# "... a single Intrigue challenge with normal claim. The winner of each challenge may put
# into play an in-House character or location from his or her hand." In-House: a card
# whose printed Houses include the winner's House (neutral cards are not in-House).


@effect("acoa_epic_blackwater")
def _blackwater(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [
        r
        for r in player.hand
        if facts(state, r).type in ("character", "location")
        and player.house in facts(state, r).houses
        and unique_problem(state, seat, facts(state, r)) is None
    ]
    data = {"seat": seat}
    ask_select(state, seat, "put_into_play", found, "acoa_epic_put", high=1, ctx=data, hidden=True)


@handler("acoa_epic_put")
def _epic_put(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].hand:
            put_into_play(state, ctx["seat"], ref)


register("acoa_66", epic.epic_battle_event(("intrigue",), reward="acoa_epic_blackwater"))


# --- acoa_67 The Battle at the Wall -------------------------------------------------------
# "... a single Power challenge with normal claim. The winner of each challenge may draw
# three cards." A draw by an effect (the draw cap applies).


@effect("acoa_epic_wall")
def _wall(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "draw_three", ["draw", "no"], "acoa_epic_draw", ctx=data)


@handler("acoa_epic_draw")
def _epic_draw(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    if ctx["choice"] == "draw":
        moves.effect_draw(state, ctx["seat"], 3)


register("acoa_67", epic.epic_battle_event(("power",), reward="acoa_epic_wall"))


# --- acoa_68 The Battle of Deepwood Motte -------------------------------------------------
# "... a single Military challenge with normal claim. The winner of each challenge may
# choose and discard from play a location controlled by the losing player."


@effect("acoa_epic_deepwood_motte")
def _deepwood_motte(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["loser"]
    found = [
        r
        for r in state.players[loser].in_play
        if facts(state, r).type == "location" and _open_to_event(state, r, seat)
    ]
    ask_select(state, seat, "discard", found, "acoa_epic_discard", high=1)


@handler("acoa_epic_discard")
def _epic_discard(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    moves.discard(state, [r for r in selected if r in state.in_play])


register("acoa_68", epic.epic_battle_event(("military",), reward="acoa_epic_deepwood_motte"))


# --- acoa_69 The Battle of Astapor --------------------------------------------------------
# "... a single Power challenge with normal claim. The winner of each challenge may choose
# and discard any number of attachments from play." Any player's attachments, discarded
# together.


@effect("acoa_epic_astapor")
def _astapor(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = [
        r
        for p in state.players
        for r in p.in_play
        if facts(state, r).type == "attachment" and _open_to_event(state, r, seat)
    ]
    ask_select(state, seat, "discard", found, "acoa_epic_discard")


register("acoa_69", epic.epic_battle_event(("power",), reward="acoa_epic_astapor"))


# --- acoa_70 The Viper's Revenge ----------------------------------------------------------
# "... a single Intrigue challenge with normal claim. The winner of each challenge may
# choose to have all players skip the standing phase this round." The standing phase's
# steps leave the round (epic.skip_phase): nothing stands, no standing action window.


@effect("acoa_epic_vipers_revenge")
def _vipers_revenge(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"]}
    options = ["skip_standing", "no"]
    ask_choose(state, ctx["seat"], "skip_standing", options, "acoa_epic_skip", ctx=data)


@handler("acoa_epic_skip")
def _epic_skip(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    if ctx["choice"] == "skip_standing":
        epic.skip_phase(state, "standing")


register("acoa_70", epic.epic_battle_event(("intrigue",), reward="acoa_epic_vipers_revenge"))
