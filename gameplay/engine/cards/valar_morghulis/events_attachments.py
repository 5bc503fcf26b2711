"""Valar Morghulis: Thirst-for-Vengeance, Playing the Part, Harried by Dragons and
Incinerate."""

from __future__ import annotations

import re

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    characters,
    facts,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import choosable, event, of_house, on_bearer
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- btns_12 Thirst-for-Vengeance ------------------------------------------------------------
# "Attached character gains deadly. Response: After a character dies for deadly, attached
# character claims 1 power."  A character "dies for deadly" when the defender's choice for
# Deadly (the engine's ``challenge["deadly_killed"]``) is killed, in any challenge; the
# attached character then gains 1 power from the power pool.


def _died_for_deadly(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or attached_to(state, ctx["source"]) is None:
        return False
    killed = challenge.get("deadly_killed", ())
    return any(r in killed for r in ctx["event"].get("cards", ()))


def _thirst(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and host in state.in_play:
        moves.card_power(state, host, 1, "btns_thirst_for_vengeance")


register(
    "btns_12",
    Ability("response", _thirst, trigger="killed", condition=_died_for_deadly),
    passives={"keywords": on_bearer(lambda base: set(base) | {"deadly"})},
)

# --- btns_13 Playing the Part ----------------------------------------------------------------
# "Challenges: Choose a [Martell] character. Until the end of the phase that character gains
# stealth and 'Immune to triggered effects.'"  Any player's [Martell] character.


def _martell(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if of_house(state, r, "Martell") and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _playing_the_part(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "keywords", target, "phase", source, add=["stealth"])
        add_lasting(state, "immune", target, "phase", source, add=["immune to triggered effects"])


register("btns_13", event(_playing_the_part, phases=("challenges",), targets=_martell))

# --- btns_14 Harried by Dragons --------------------------------------------------------------
# "Ambush. Attached character gets -1 STR. Response: After Harried by Dragons is played from
# your hand, search your deck for a card named Harried by Dragons and put it into your hand.
# Then, shuffle your deck."  Marshalled from the hand (Ambush puts it into play, it is not
# played); the card found is revealed.


def _harried_played(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("card") == ctx["source"]
        and event_.get("seat") == ctx["seat"]
        and ctx["source"] in state.in_play
    )


def _harried(state: GameState, ctx: Ctx) -> None:
    name = facts(state, ctx["source"]).name

    def named(ref: str) -> bool:
        return facts(state, ref).name == name

    moves.search_deck(state, ctx["seat"], named, "events_found")


register(
    "btns_14",
    Ability("response", _harried, trigger="played", condition=_harried_played),
    passives={"strength": on_bearer(lambda base: base - 1)},
)

# --- btns_15 Incinerate ----------------------------------------------------------------------
# "Challenges: Kneel 1 influence to choose a character and name a Trait. Until the end of
# the phase, that character gets -X STR and is killed if its STR is 0. X is the number of
# Targaryen characters you control with the named Trait."  The Traits offered are those of
# the [Targaryen] characters the player controls, and ``none`` (a Trait none of them has:
# X is 0). X is counted as the Trait is named.

NONE = "none"


def _slug(word: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").lower()


def _targaryens(state: GameState, seat: int) -> list[str]:
    return [r for r in characters(state, seat) if of_house(state, r, "Targaryen")]


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _incinerate(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = sorted({t for r in _targaryens(state, seat) for t in traits(state, r)})
    named = {_slug(t): t for t in found}
    data = {"seat": seat, "source": ctx["source"], "target": ctx["target"], "traits": named}
    ask_choose(state, seat, "name_trait", [*named, NONE], "btns_incinerate", ctx=data)


@handler("btns_incinerate")
def _incinerate_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, target, choice = ctx["seat"], ctx["target"], ctx["choice"]
    trait = ctx["traits"].get(choice)
    amount = sum(1 for r in _targaryens(state, seat) if trait and trait in traits(state, r))
    state.emit("trait_named", seat=seat, named=trait or NONE, source=ctx["source"])
    if target not in state.in_play:
        return
    if amount:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=-amount)
    add_lasting(state, "dies_at_zero", target, "phase", ctx["source"], value=True)


register(
    "btns_15",
    event(
        _incinerate,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=_any_character,
    ),
)
