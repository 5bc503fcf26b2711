"""Card scripts (the_war_of_five_kings/more.py), each under its card's code and text."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    attachments,
    characters,
    facts,
    is_character,
    register,
)
from gameplay.engine.cards.the_war_of_five_kings.common import first_challenge
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- acoa_12 Icy Catapult ----------------------------------------------------------------
# "House Stark character only. Limited Response: After attached character leaves play,
# choose and kill a character without attachments. (Limit 1 Limited Response per round.)"
# The Catapult falls off with its character and is in its owner's discard pile when the
# response window of the way out (killed, discarded, returned to hand or deck, removed from
# the game) opens: a response from the discard pile, one per way out.

LEFT_PLAY_TRIGGERS = (
    "killed",
    "discarded",
    "returned_to_hand",
    "returned_to_deck",
    "removed_from_game",
)


def fell_off_with(state: GameState, attachment: str, host: str) -> bool:
    """Whether ``attachment`` left play with ``host`` the last time ``host`` left play (the
    log: the attachments of a card leaving play leave just before it, :func:`leave_play`)."""
    log = state.log
    found = None
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        if entry["event"] == "left_play" and entry.get("card") == host:
            found = index
            break
    if found is None:
        return False
    for index in range(found - 1, -1, -1):
        entry = log[index]
        if entry["event"] == "gold_paid":
            continue
        if entry["event"] != "left_play":
            return False
        if entry.get("card") == attachment:
            return True
        if entry.get("card") not in state.cards or not _attachment(state, entry["card"]):
            return False
    return False


def _attachment(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "attachment"


def _stark_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and "Stark" in facts(state, target).houses


def _catapult_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    return any(fell_off_with(state, source, r) for r in ctx["event"].get("cards") or ())


def _bare_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if not attachments(state, r)]


def _catapult(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "acoa_12",
    *(
        Ability(
            "response",
            _catapult,
            trigger=name,
            zones=("discard",),
            targets=_bare_characters,
            condition=_catapult_may,
            limited_response=True,
        )
        for name in LEFT_PLAY_TRIGGERS
    ),
    attach_rule=_stark_character,
)


# --- acoa_15 The Fox's Teeth -------------------------------------------------------------
# "While The Fox's Teeth is attacking, knelt characters may be declared as defenders. While
# The Fox's Teeth is attacking, only knelt characters may be declared as defenders."
# (rules.can_defend: the flag ``knelt_can_defend`` and the permission
# ``standing_can_defend``.)


def _attacking(state: GameState, source: str) -> bool:
    return state.challenge is not None and source in state.challenge["attackers"]


def _knelt_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if _attacking(state, source) else base


def _standing_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if _attacking(state, source) else base


register(
    "acoa_15",
    passives={"knelt_can_defend": _knelt_defend, "standing_can_defend": _standing_defend},
)


# --- acoa_19 Besiegers of Dorne -----------------------------------------------------------
# "Cancel the first effect triggered during the first challenge initiated each phase."
# A forced cancel at the moment ``ability`` (an ability used, its costs paid): the first
# ability used (logged ``ability``) since the first challenge of the phase was initiated.


def first_effect_of_challenge(state: GameState, source: str | None) -> bool:
    """Whether the ability of ``source`` being resolved is the first effect triggered
    during the current challenge (the only ``ability`` entry since it was initiated)."""
    used = []
    for entry in reversed(state.log):
        if entry["event"] == "challenge":
            break
        if entry["event"] == "ability":
            used.append(entry.get("card"))
    return used == [source]


def _besiegers(state: GameState, ctx: Ctx) -> None:
    source = ctx["event"].get("source")
    first = first_challenge(state) and first_effect_of_challenge(state, source)
    if first and cancels.source(state) == source:
        cancel(state)


register("acoa_19", forced={"ability": _besiegers})
