"""The Battle of Blackwater Bay: the locations (kl_103, kl_106, kl_107, kl_112)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    allowed,
    crests,
    effect,
    facts,
    handler,
    is_character,
    register,
    season,
)
from gameplay.engine.cards.vocabulary import kneel_card, of_house, stand_card
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.triggers import trigger
from gameplay.engine.uses import has_shadow_crest, put_into_play, put_into_shadows

# --- kl_103 Alchemist's Guild Hall -------------------------------------------------------
# "House Lannister only. Limited Response: After a card comes out of Shadows, kneel
# Alchemist's Guild Hall to choose and kneel a character or location that does not have
# the [Shadow] crest. (Limit 1 limited response per round.)"  Any player's card coming out,
# any player's standing character or location without the Shadow crest (its crests now).


def _no_shadow_crest(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if facts(state, r).type in ("character", "location")
        and not record.knelt
        and "shadow" not in crests(state, r)
    ]


register(
    "kl_103",
    Ability(
        "response",
        lambda state, ctx: kneel_card(state, ctx["target"]),
        trigger=CAME_OUT,
        costs=(KNEEL_SELF,),
        targets=_no_shadow_crest,
        limited_response=True,
    ),
)

# --- kl_106 King Robert's Hammer ---------------------------------------------------------
# "If it is Summer or Winter, kneel King Robert's Hammer. Any Phase: Kneel King Robert's
# Hammer to choose and stand a House Baratheon character."  The first sentence holds
# whenever there is a season (the passive ``kneel_now``, checked after every step); any
# player's knelt House Baratheon character that can stand.


def _in_a_season(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source and season(state) in ("summer", "winter") else base


def _knelt_baratheons(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if record.knelt
        and is_character(state, r)
        and of_house(state, r, "Baratheon")
        and allowed(state, "can_stand", r)
    ]


register(
    "kl_106",
    Ability(
        "action",
        lambda state, ctx: stand_card(state, ctx["target"]),
        costs=(KNEEL_SELF,),
        targets=_knelt_baratheons,
    ),
    passives={"kneel_now": _in_a_season},
)

# --- kl_107 Blackwater Bay ---------------------------------------------------------------
# "House Baratheon only. Response: After you win a Power challenge, kneel Blackwater Bay to
# choose a card with the Shadow crest in your discard pile, and place that card in
# Shadows."  Attacking or defending; the card goes face down into its owner's Shadows and
# may not come out this round (uses.put_into_shadows).


def _won_power(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and event.get("type") == "power"


def _shadow_cards_discarded(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.players[ctx["seat"]].discard if has_shadow_crest(state, r)]


def _to_shadows(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.players[ctx["seat"]].discard:
        put_into_shadows(state, ctx["seat"], ctx["target"])


register(
    "kl_107",
    Ability(
        "response",
        _to_shadows,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_won_power,
        targets=_shadow_cards_discarded,
    ),
)

# --- kl_112 Rhaenys's Hill ---------------------------------------------------------------
# "House Targaryen only. Any Phase: Kneel and discard Rhaenys's Hill from play to put all
# characters in a single opponent's dead pile into play under your control until the end
# of the phase. At the end of the phase, return those characters to their owner's dead
# pile."  The opponent is chosen among those with a character in the dead pile (asked
# only with several). A unique character goes into play only while its new controller has
# no copy in play (uniqueness), the others stay in the dead pile. At the end of the phase
# those still in play go back to their owner's dead pile (not "killed": no saves).


def _dead_characters(state: GameState, seat: int) -> list[str]:
    return [r for r in state.players[seat].dead if facts(state, r).type == "character"]


def _opponents_with_dead(state: GameState, seat: int) -> list[int]:
    return [o for o in state.opponents(seat) if _dead_characters(state, o)]


def _hill_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_opponents_with_dead(state, ctx["seat"]))


def _hill(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(o) for o in _opponents_with_dead(state, seat)]
    data = {"seat": seat, "source": ctx["source"]}
    if len(options) == 1:
        _hill_opponent(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "kl_hill_opponent", ctx=data)


@handler("kl_hill_opponent")
def _hill_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    borrowed = []
    for ref in _dead_characters(state, other):
        if unique_problem(state, seat, facts(state, ref)) is None:
            put_into_play(state, seat, ref)
            borrowed.append(ref)
    if borrowed:
        source = ctx["source"]
        add_delayed(state, "phase_ends", seat, "kl_hill_returns", source, "phase", cards=borrowed)


@effect("kl_hill_returns")
def _hill_returns(state: GameState, data: Ctx) -> None:
    gone = [r for r in data["cards"] if r in state.in_play]
    for ref in gone:
        leave_play(state, ref, "dead")
    dead = [r for r in gone if r in state.players[state.cards[r].owner].dead]
    if dead:
        owners = {r: state.cards[r].owner for r in dead}
        trigger(state, "dead_pile", {"cards": dead, "owners": owners})


register(
    "kl_112",
    Ability("action", _hill, costs=(KNEEL_SELF, DISCARD_SELF), condition=_hill_may),
)
