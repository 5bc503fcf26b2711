"""A Deadly Game events and locations: Offer of a Peach (w_22), Thunderer (w_24), Command the
Winds (w_25), Vale Encampment (w_28), The Red Mountains (w_30), A Secret Mission (w_31),
Seagard (w_34) and The Eyrie (w_38)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    allowed,
    controller,
    effect,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    choose_opponent,
    discard_top,
    event,
    has_trait,
    of_house,
    pile_to_hand,
    response,
    stand_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState
from gameplay.engine.uses import has_shadow_crest, return_to_shadows

# --- w_22 Offer of a Peach -------------------------------------------------------------------
# "Limited Response: After you win dominance, choose up to X standing characters to claim 1
# power each. X is the number of plot cards in your used pile."  Any player's standing
# characters (the text names no controller), chosen as it resolves; not with an empty used
# pile.


def _peach_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"] and bool(state.players[ctx["seat"]].used_plots)


def _peach(state: GameState, ctx: Ctx) -> None:
    count = len(state.players[ctx["seat"]].used_plots)
    found = [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "claim_power", found, "adg_peach", high=count, ctx=data)


@handler("adg_peach")
def _peach_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            moves.card_power(state, ref, 1, "offer_of_a_peach")


register("w_22", response(_peach, "dominance_won", condition=_peach_may, limited_response=True))


# --- w_24 Thunderer --------------------------------------------------------------------------
# "Limited Response: After an opponent reveals a plot card, kneel Thunderer to choose an
# opponent and discard the top card of his or her deck. If that card is a character or
# location, draw 1 card."  Any opponent may be chosen (not only the one who revealed).


def _thunder_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _thunderer(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "adg_thunderer")


@handler("adg_thunderer")
def _thunderer_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = discard_top(state, int(ctx["choice"]), 1, "thunderer")
    if found and facts(state, found[0]).type in ("character", "location"):
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "w_24",
    Ability(
        "response",
        _thunderer,
        trigger="plot_revealed",
        costs=(KNEEL_SELF,),
        condition=_thunder_may,
        limited_response=True,
    ),
)


# --- w_25 Command the Winds ------------------------------------------------------------------
# "Deathbound. Any Phase: Choose a [Greyjoy] character. That character gets +1 STR until the
# end of the phase. Dominance: Kneel a Warship location to return Command the Winds from
# your dead pile to your hand."  Any player's [Greyjoy] character; a Warship location you
# control.


def _greyjoys(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Greyjoy")]


def _winds(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=1)


def _warship(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and has_trait(state, ref, "Warship")


def _winds_back(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "dead")


register(
    "w_25",
    event(_winds, targets=_greyjoys),
    Ability(
        "action",
        _winds_back,
        phases=("dominance",),
        zones=("dead",),
        costs=(Cost("kneel", 1, _warship, "Warship location", any_type=True),),
    ),
)


# --- w_28 Vale Encampment --------------------------------------------------------------------
# "Marshalling: Discard Vale Encampment (cannot be saved) to reduce the cost of the next
# Clansman card you play this phase by 1. When you play that card, draw 1 card."  A reduction
# (rules.add_reduction, printed trait Clansman, any card type) whose ``then`` draws as the
# card is marshalled.


def _vale(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], trait="Clansman", then="adg_vale_draw")


@effect("adg_vale_draw")
def _vale_draw(state: GameState, data: Ctx) -> None:
    moves.effect_draw(state, data["seat"], 1)


register("w_28", Ability("action", _vale, phases=("marshalling",), costs=(DISCARD_SELF,)))


# --- w_30 The Red Mountains ------------------------------------------------------------------
# "Challenges: Kneel The Red Mountains to choose a [Martell] character with printed cost 3 or
# lower. Until the end of the phase, that character gains the Sand Snake trait."  Any
# player's such character.

RED_MOUNTAINS_COST = 3


def _small_martell(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if of_house(state, r, "Martell") and (facts(state, r).cost or 0) <= RED_MOUNTAINS_COST
    ]


def _red_mountains(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "traits", ctx["target"], "phase", ctx["source"], add=["Sand Snake"])


register(
    "w_30",
    Ability(
        "action",
        _red_mountains,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_small_martell,
    ),
)


# --- w_31 A Secret Mission -------------------------------------------------------------------
# "Challenges: Kill a Sand Snake character you control to choose and return up to 3
# [Shadow] cards to Shadows."  The kill is the cost (cannot be saved: ``kill_target``); any
# player's cards in play with the [Shadow] crest, each to its owner's Shadows (not out again
# this round).


def _my_snakes(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state, ctx["seat"])
        if has_trait(state, r, "Sand Snake") and allowed(state, "can_be_killed", r)
    ]


def _mission(state: GameState, ctx: Ctx) -> None:
    found = [
        r
        for r in state.in_play
        if has_shadow_crest(state, r) and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "to_shadows", found, "adg_mission", high=3, ctx=data)


@handler("adg_mission")
def _mission_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            return_to_shadows(state, ref)


register(
    "w_31",
    event(_mission, phases=("challenges",), targets=_my_snakes, costs=(Cost("kill_target"),)),
)


# --- w_34 Seagard ----------------------------------------------------------------------------
# "Challenges: Kneel Seagard to choose a defending character you control. That character
# gets +2 STR and gains deadly until the end of the challenge. If you win the challenge,
# stand Seagard."


def _my_defenders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["defenders"]
        if r in state.in_play and state.in_play[r].controller == ctx["seat"]
    ]


def _seagard(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "challenge", source, amount=2)
        add_lasting(state, "keywords", target, "challenge", source, add=["deadly"])
    add_delayed(state, "challenge_won", ctx["seat"], "adg_seagard", source)


@effect("adg_seagard")
def _seagard_won(state: GameState, data: Ctx) -> None:
    source = data["source"]
    if source in state.in_play and controller(state, source) == data["seat"]:
        stand_card(state, source)


register(
    "w_34",
    Ability("action", _seagard, phases=("challenges",), costs=(KNEEL_SELF,), targets=_my_defenders),
)


# --- w_38 The Eyrie --------------------------------------------------------------------------
# "Immune to plot card effects. Response: Kneel The Eyrie to save a non-Army character with
# printed cost 4 or higher from being killed or discarded from play. Then, discard all power
# on that character."  Any player's such character.

EYRIE_COST = 4


def _eyrie_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and not has_trait(state, r, "Army")
        and (facts(state, r).cost or 0) >= EYRIE_COST
        and not moves.saved(state, r)
    ]


def _eyrie(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    moves.save(state, target, by=ctx["source"])
    power = state.in_play[target].power
    if power:
        moves.card_power(state, target, -power, "the_eyrie")


register(
    "w_38",
    *[
        Ability("save", _eyrie, trigger=t, costs=(KNEEL_SELF,), targets=_eyrie_leaving)
        for t in ("would_be_killed", "would_be_discarded")
    ],
)
