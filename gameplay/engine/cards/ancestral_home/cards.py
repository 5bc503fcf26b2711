"""Ancestral Home locations and events: Great Wyk (cad_64), Set Sail (cad_66) and The
Westerlands (cad_68)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    facts,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    has_trait,
    in_play_of,
    kneel_card,
    kneel_or_stand,
    response,
    won_unopposed,
)
from gameplay.engine.state import GameState

# --- cad_64 Great Wyk ---------------------------------------------------------------------
# "Any Phase: Kneel Great Wyk to choose another location. Kneel or stand that location."
# Any player's location; a standing one is knelt, a kneeling one stood (the choice that
# changes it: the other would do nothing).


def _other_locations(state: GameState, ctx: Ctx) -> list[str]:
    source, seat = ctx["source"], ctx["seat"]
    return [
        r
        for r in in_play_of(state, "location")
        if r != source and choosable(state, r, source, seat)
    ]


def _great_wyk(state: GameState, ctx: Ctx) -> None:
    kneel_or_stand(state, ctx["target"])


register(
    "cad_64",
    Ability("action", _great_wyk, costs=(KNEEL_SELF,), targets=_other_locations),
)


# --- cad_66 Set Sail ----------------------------------------------------------------------
# "House Greyjoy only. Response: After you win an unopposed challenge, search your deck for
# a Warship location, reveal it, and add it to your hand. Then, shuffle your deck."


def _set_sail(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def warship(ref: str) -> bool:
        return facts(state, ref).type == "location" and has_trait(state, ref, "Warship")

    moves.search_deck(state, seat, warship, "events_found")


register("cad_66", response(_set_sail, "challenge_won", condition=won_unopposed))


# --- cad_68 The Westerlands ---------------------------------------------------------------
# "Prized 1. Response: After an opponent's character is knelt by one of your card effects,
# choose and kneel a location. (Limit 3 times per phase.)" The engine trigger
# ``knelt_by_effect`` (a standing card knelt while a card effect of ``seat`` resolves: not a
# cost, attacking or defending); any player's standing location.


def _opponent_knelt(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("seat") != seat:
        return False
    owners = event.get("controllers", {})
    return any(
        owners.get(r) in state.opponents(seat)
        and r in state.cards
        and facts(state, r).type == "character"
        for r in event.get("cards", ())
    )


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    source, seat = ctx["source"], ctx["seat"]
    return [
        r
        for r in in_play_of(state, "location")
        if not state.in_play[r].knelt and choosable(state, r, source, seat)
    ]


def _westerlands(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "cad_68",
    Ability(
        "response",
        _westerlands,
        trigger="knelt_by_effect",
        condition=_opponent_knelt,
        targets=_standing_locations,
        limit=(3, "phase"),
    ),
)
