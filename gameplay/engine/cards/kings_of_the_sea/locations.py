"""Kings of the Sea locations, registered by card code. Gatehouse (kotse_31) has only
Limited and a printed bonus and needs no code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    controller,
    facts,
    handler,
    in_play_named,
    participating,
    register,
)
from gameplay.engine.cards.kings_of_the_sea.common import has_crest, of_house
from gameplay.engine.cards.vocabulary import has_trait, in_play_of, is_type, kneel_card, stand_card
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

# --- kotse_23 Iron Island Fiefdoms --------------------------------------------------------
# "Limited. Marshalling: Kneel Iron Island Fiefdoms to lower the cost of the next House
# Greyjoy card you play this phase by 1."

register("kotse_23", cost_reducer(1, houses=("Greyjoy",)))


# --- kotse_24 Aeron's Chambers ------------------------------------------------------------
# "You may choose to play Aeron's Chambers as an attachment to your House card." As the
# Core Set Chambers (cards/core/chambers.py).

register("kotse_24", house_attachment=True)


# --- kotse_25 Sunset Sea ------------------------------------------------------------------
# "Marshalling: Discard Sunset Sea from play to reduce the cost of the next House Lannister
# or House Greyjoy character you play this phase by 2."

register(
    "kotse_25",
    cost_reducer(2, houses=("Lannister", "Greyjoy"), types=("character",), cost=DISCARD_SELF),
)


# --- kotse_26 Bloody Keep -----------------------------------------------------------------
# "Limited. Marshalling: Kneel to lower the cost of the next House Greyjoy character you
# play this phase by 2."

register("kotse_26", cost_reducer(2, houses=("Greyjoy",), types=("character",)))


# --- kotse_42 Shivering Sea ---------------------------------------------------------------
# "Marshalling: Discard Shivering Sea from play to reduce the cost of the next neutral
# character you play this phase by 1."

register("kotse_42", cost_reducer(1, houses=("Neutral",), types=("character",), cost=DISCARD_SELF))


# --- kotse_27 The Iron Mines --------------------------------------------------------------
# "Response: Kneel and discard from play (cannot be saved) to save a character from being
# killed." Any character.


def _saveable(state: GameState, ctx: Ctx) -> list[str]:
    cards = ctx["event"].get("cards") or []
    return [r for r in cards if is_type(state, r, "character") and not moves.saved(state, r)]


register(
    "kotse_27",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(KNEEL_SELF, DISCARD_SELF),
        targets=_saveable,
    ),
)


# --- kotse_28 Longship Iron Victory -------------------------------------------------------
# "At the end of the Marshalling phase, kneel each Warship location you control if you do
# not control a House Greyjoy character. Challenges: Kneel Longship Iron Victory to choose
# a participating character. Until the end of the challenge, that character gets +2 STR.
# If you win the challenge, draw a card."


def _longship_check(state: GameState, ctx: Ctx) -> None:
    seat = controller(state, ctx["source"])
    if any(of_house(state, r) for r in in_play_of(state, "character", seat)):
        return
    for ref in in_play_of(state, "location", seat):
        if has_trait(state, ref, "Warship"):
            kneel_card(state, ref)


def _participants(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if participating(state, r)]


def _longship(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "challenge", ctx["source"], amount=2)
    add_delayed(state, "challenge_won", ctx["seat"], "draw_cards", ctx["source"], amount=1)


register(
    "kotse_28",
    Ability(
        "action", _longship, phases=("challenges",), costs=(KNEEL_SELF,), targets=_participants
    ),
    forced={"marshalling_ends": _longship_check},
)


# --- kotse_29 Scouting Vessel -------------------------------------------------------------
# "Challenges: Kneel Scouting Vessel to choose a defending character. For the duration of
# the challenge, that character does not count its STR."


def _defenders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["defenders"] if r in state.in_play]


def _scouting_vessel(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(
            state, "counts_strength", ctx["target"], "challenge", ctx["source"], value=False
        )


register(
    "kotse_29",
    Ability(
        "action",
        _scouting_vessel,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_defenders,
    ),
)


# --- kotse_30 Bay of Ice ------------------------------------------------------------------
# "After a player wins initiative, that player kneels all cards named Bay of Ice, then
# draws a card." Forced, once per initiative however many copies are in play (the first
# copy in play resolves it); the draw is an effect draw.


def _first_copy(state: GameState, source: str) -> bool:
    copies = in_play_named(state, facts(state, source).name)
    return bool(copies) and copies[0] == source


def _bay_of_ice(state: GameState, ctx: Ctx) -> None:
    winner = ctx["event"].get("seat")
    if winner is None or not _first_copy(state, ctx["source"]):
        return
    for ref in in_play_named(state, "Bay of Ice"):
        kneel_card(state, ref)
    moves.effect_draw(state, winner, 1)


register("kotse_30", forced={"initiative_won": _bay_of_ice})


# --- kotse_32 Kingdom of Shadows ----------------------------------------------------------
# "After a player wins an Intrigue challenge, that player kneels all copies of Kingdom of
# Shadows to choose and stand a card with the [Shadow] crest." Forced, once per challenge
# (the first copy in play resolves it), when a copy is standing (kneeling them is what
# the stand is paid with) and a kneeling Shadow card can be chosen.


def _kneeling_shadow(state: GameState) -> list[str]:
    return [r for r in state.in_play if state.in_play[r].knelt and has_crest(state, r, "shadow")]


def _kingdom_of_shadows(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    winner = event.get("winner")
    if winner is None or event.get("type") != "intrigue":
        return
    if not _first_copy(state, ctx["source"]):
        return
    copies = in_play_named(state, "Kingdom of Shadows")
    if not any(not state.in_play[r].knelt for r in copies):
        return
    candidates = [r for r in _kneeling_shadow(state) if r not in copies]
    if not candidates:
        return
    for ref in copies:
        kneel_card(state, ref)
    data = {"seat": winner, "source": ctx["source"]}
    ask_select(state, winner, "stand", candidates, "kotse_kingdom_stand", low=1, high=1, ctx=data)


@handler("kotse_kingdom_stand")
def _kingdom_stand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        stand_card(state, ref)


register("kotse_32", forced={"challenge_won": _kingdom_of_shadows})
