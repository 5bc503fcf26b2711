"""Valar Morghulis: the cards that change sides, Turncloak (an attachment out of Shadows)
and Ward (an event that stays in play as an attachment taking control)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    attached_to,
    characters,
    controller,
    facts,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    choosable,
    lost_dominance,
    move_attachment,
    out_of_shadows,
    release_attached,
    take_attached,
    won,
)
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import attach_played_event, own_traits

# --- btns_2 Turncloak ------------------------------------------------------------------------
# "Attached characters gains the Traitor trait and the text: 'If you do not win dominance,
# discard this character from play.' Response: After Turncloak comes out of Shadows during
# the challenges phase, attach it to an opponent's character."  The gained text is read at
# the end of the dominance phase (as the Refugees): if the character's controller did not
# win dominance this round, it is discarded from play (it may be saved). The response moves
# Turncloak onto a character of an opponent of its controller that may take it.


def _traitor(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"Traitor"}


def _turncloak_dominance(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if (
        host is not None
        and host in state.in_play
        and lost_dominance(state, controller(state, host))
    ):
        moves.discard(state, [host])


def _opponents_hosts(state: GameState, ctx: Ctx) -> list[str]:
    source, seat = ctx["source"], ctx["seat"]
    here = attached_to(state, source)
    return [
        r
        for r in attachment_targets(state, facts(state, source), seat)
        if r != here
        and controller(state, r) in state.opponents(seat)
        and choosable(state, r, source, seat)
    ]


def _in_challenges(state: GameState, ctx: Ctx) -> bool:
    return state.phase == "challenges"


def _turncloak(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        move_attachment(state, ctx["source"], ctx["target"])


register(
    "btns_2",
    out_of_shadows(_turncloak, condition=_in_challenges, targets=_opponents_hosts),
    passives={"traits": attached_passive(_traitor)},
    forced={"dominance_ends": _turncloak_dominance},
)

# --- btns_3 Ward -----------------------------------------------------------------------------
# "Response: After you win a military challenge, choose a character of STR 2 or less
# controlled by the losing player. Attach Ward to the chosen character as a Condition
# attachment with the text: 'Take control of attached character. If the owner of attached
# character wins an Intrigue or Power challenge against you, discard Ward.'"  Ward goes from
# the discard pile onto the character (uses.attach_played_event); its controller takes
# control of the character while Ward stays attached (vocabulary ``take_attached``); when
# the character's owner wins an [Intrigue] or [Power] challenge against Ward's controller,
# Ward is discarded (forced) and control goes back.


def _weak_losers(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [
        r
        for r in characters(state, loser)
        if strength(state, r) <= 2 and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _ward(state: GameState, ctx: Ctx) -> None:
    attach_played_event(state, ctx["seat"], ctx["source"], ctx["target"])


def _ward_lost(state: GameState, ctx: Ctx) -> None:
    source, event_ = ctx["source"], ctx["event"]
    host = attached_to(state, source)
    if host is None or source not in state.in_play:
        return
    if (
        event_.get("type") in ("intrigue", "power")
        and event_.get("winner") == state.cards[host].owner
        and event_.get("loser") == controller(state, source)
    ):
        moves.discard(state, [source])


register(
    "btns_3",
    Ability(
        "response",
        _ward,
        trigger="challenge_won",
        zones=("hand",),
        condition=won("military"),
        targets=_weak_losers,
    ),
    passives={"traits": own_traits("Condition")},
    forced={
        "entered_play": take_attached,
        "card_left_play": release_attached,
        "challenge_won": _ward_lost,
    },
)
