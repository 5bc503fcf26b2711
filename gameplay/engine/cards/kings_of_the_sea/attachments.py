"""Kings of the Sea attachments, registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    BLANKING_HOST_TYPES,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    participating,
    register,
)
from gameplay.engine.cards.kings_of_the_sea.common import of_house
from gameplay.engine.cards.vocabulary import (
    in_play_of,
    is_type,
    kneel_card,
    stand_card,
    won_unopposed,
)
from gameplay.engine.state import GameState

STEALTH = "stealth"


def _gains_stealth(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    """ "Attached character gains stealth." """
    if isinstance(ref, str) and ref == attached_to(state, source):
        return base | {STEALTH}
    return base


# --- kotse_21 Support of Harlaw -----------------------------------------------------------
# "House Greyjoy character only. Attached character gains stealth. Response: After you win
# an unopposed challenge, stand attached character."


def _greyjoy_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return facts(state, target).type == "character" and of_house(state, target)


def _harlaw_may(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return (
        won_unopposed(state, ctx)
        and bearer is not None
        and bearer in state.in_play
        and state.in_play[bearer].knelt
    )


def _harlaw(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        stand_card(state, bearer)


register(
    "kotse_21",
    Ability("response", _harlaw, trigger="challenge_won", condition=_harlaw_may),
    passives={"keywords": _gains_stealth},
    attach_rule=_greyjoy_character,
)


# --- kotse_40 Seafarer's Bow --------------------------------------------------------------
# "Challenges: Kneel attached character to choose a participating character. Until the end
# of the phase, that character gets +2 STR. (Limit once per phase.) Challenges: Kneel
# Seafarer's Bow to choose a participating character. Until the end of the phase, that
# character gets +2 STR. (Limit once per phase.)" Two abilities, each with its own limit.


def _participants(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if participating(state, r)]


def _bearer_standing(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return (
        bearer is not None
        and is_type(state, bearer, "character")
        and (not state.in_play[bearer].knelt)
    )


def _plus_two(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=2)


def _bow_by_bearer(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        kneel_card(state, bearer)
    _plus_two(state, ctx)


register(
    "kotse_40",
    Ability(
        "action",
        _bow_by_bearer,
        phases=("challenges",),
        targets=_participants,
        condition=_bearer_standing,
        limit=(1, "phase"),
    ),
    Ability(
        "action",
        _plus_two,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_participants,
        limit=(1, "phase"),
    ),
)


# --- kotse_22 Veteran Marauder -----------------------------------------------------------------
# "Attached character gains Stealth. Response: After you win an unopposed challenge in which
# attached character participated, attach Veteran Marauder to an opponent's location. Treat
# that location as if its printed text box were blank while Veteran Marauder is attached."


def _marauder_stealth(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    host = attached_to(state, source)
    if ref == host and host is not None and facts(state, host).type == "character":
        return base | {STEALTH}
    return base


def _marauder_condition(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    event = ctx["event"]
    return (
        won_unopposed(state, ctx)
        and host is not None
        and host in (*event.get("attackers", ()), *event.get("defenders", ()))
    )


def _marauder_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for seat in state.opponents(ctx["seat"])
        for r in state.players[seat].in_play
        if facts(state, r).type == "location"
    ]


def _marauder(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    if source not in state.in_play or target not in state.in_play:
        return
    before = state.in_play[source].attached_to
    state.in_play[source].attached_to = target
    state.emit(
        "attachment_moved", card=source, code=state.code(source), source=before, target=target
    )


register(
    "kotse_22",
    Ability(
        "response",
        _marauder,
        trigger="challenge_won",
        condition=_marauder_condition,
        targets=_marauder_targets,
    ),
    passives={"keywords": _marauder_stealth},
    blanks_attached=True,
)
BLANKING_HOST_TYPES["kotse_22"] = ("location",)
