"""Rituals of R'hllor (bwb_21 to bwb_40): the characters."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    characters,
    controller,
    facts,
    icons,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    has_trait,
    kneel_card,
    move_card_power,
    won,
    won_with,
)
from gameplay.engine.cards.vocabulary.challenges import Condition, lost_to_opponent
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel


def _both(*conditions: Condition) -> Condition:
    def condition(state: GameState, ctx: Ctx) -> bool:
        return all(c(state, ctx) for c in conditions)

    return condition


def no_house_power(state: GameState, ctx: Ctx) -> bool:
    """ "If you have no power on your House card" (Thoros of Myr, Tom Sevenstrings)."""
    return state.players[ctx["seat"]].power == 0


# --- bwb_21 The Bastard's Elite ---------------------------------------------------------
# "After a player wins a Military challenge against you, that player takes control of The
# Bastard's Elite."  Forced; "against you" as the vocabulary's lost_to_opponent reads it
# (you lost the challenge: as its defender or as its attacker).


def _elite(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play:
        return
    if lost_to_opponent("military")(state, ctx):
        moves.take_control(state, source, event["winner"])


register("bwb_21", forced={"challenge_won": _elite})

# --- bwb_23 Campfire Mime ---------------------------------------------------------------
# "Campfire Mime gains the traits of all other characters you control."  The traits they
# have now (after effects); a second Mime's traits are read without its own gain (no loop:
# every Mime still ends up with the traits of every other character).

_MIME_BUSY = "_campfire_mime_busy"


def _mime(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject != source or source not in state.in_play or state.__dict__.get(_MIME_BUSY):
        return base
    state.__dict__[_MIME_BUSY] = True
    try:
        gained: set[str] = set()
        for ref in characters(state, controller(state, source)):
            if ref != source:
                gained |= traits(state, ref)
    finally:
        state.__dict__.pop(_MIME_BUSY, None)
    return base | gained


register("bwb_23", passives={"traits": _mime})

# --- bwb_25 Melisandre --------------------------------------------------------------------
# "Renown. Response: After you win an [Intrigue] challenge in which Melisandre participated,
# move 1 power from any character controlled by the losing opponent to Melisandre. Then, if
# that was the last power on that character, kill it."  The character is chosen as the
# response is used (one with power); the kill may be saved.


def _loser_powered(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [r for r in characters(state, loser) if state.in_play[r].power > 0]


def _melisandre(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    if source not in state.in_play or target not in state.in_play:
        return
    if move_card_power(state, target, source, 1, "melisandre") and not state.in_play[target].power:
        moves.kill(state, [target])


register(
    "bwb_25",
    Ability(
        "response",
        _melisandre,
        trigger="challenge_won",
        condition=_both(won("intrigue"), won_with("self")),
        targets=_loser_powered,
    ),
)

# --- bwb_26 Wicked Seductress -------------------------------------------------------------
# "Response: After Wicked Seductress is knelt, choose and kneel 1 character without an
# Intrigue icon."  Knelt any way (to attack or defend, for a cost, by an effect); a standing
# character of any player is chosen.


def _seductress_knelt(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _no_intrigue(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not state.in_play[r].knelt and "intrigue" not in icons(state, r)
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "bwb_26",
    Ability(
        "response",
        _kneel_target,
        trigger="knelt",
        condition=_seductress_knelt,
        targets=_no_intrigue,
    ),
)

# --- bwb_27 Intolerant Priest -------------------------------------------------------------
# "If you control at least 3 other Asshai characters, Intolerant Priest gains +1 STR, a Holy
# crest, and a Military icon."


def _priest_on(state: GameState, source: str, subject: Any) -> bool:
    if subject != source or source not in state.in_play:
        return False
    others = [
        r
        for r in characters(state, controller(state, source))
        if r != source and has_trait(state, r, "Asshai")
    ]
    return len(others) >= 3


register(
    "bwb_27",
    passives={
        "strength": lambda s, src, sub, base: base + 1 if _priest_on(s, src, sub) else base,
        "crests": lambda s, src, sub, base: base | {"holy"} if _priest_on(s, src, sub) else base,
        "icons": lambda s, src, sub, base: base | {"military"} if _priest_on(s, src, sub) else base,
    },
)

# --- bwb_31 Ambitious Oarsman -------------------------------------------------------------
# "Marshalling: Kneel Ambitious Oarsman or kneel a Warship location to reduce the cost of the
# next Raider character you play this phase by 1."  Two ways to pay: two abilities.


def _warship(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and has_trait(state, ref, "Warship")


def _oarsman(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",), trait="Raider")


register(
    "bwb_31",
    Ability("action", _oarsman, phases=("marshalling",), costs=(KNEEL_SELF,)),
    Ability(
        "action",
        _oarsman,
        phases=("marshalling",),
        costs=(Cost("kneel", 1, _warship, "Warship location", any_type=True),),
        label="Marshalling: Kneel a Warship location to reduce the cost of the next Raider "
        "character you play this phase by 1.",
    ),
)

# --- bwb_33 Aggo ----------------------------------------------------------------------------
# "Deadly. Response: After you win a Military challenge in which every attacking character
# has the Dothraki trait, move 1 power from the losing opponent's House card to your own."
# Read as written: the attackers are all Dothraki (yours when you attacked; Aggo need not
# take part); the losing opponent needs power on the House card.


def _all_dothraki(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    attackers = list(event.get("attackers", ()))
    loser = event.get("loser")
    return (
        bool(attackers)
        and all(has_trait(state, r, "Dothraki") for r in attackers)
        and loser is not None
        and state.players[loser].power > 0
    )


def _aggo(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"].get("loser")
    if loser is not None:
        moves.move_power(state, loser, ctx["seat"], 1, "aggo")


register(
    "bwb_33",
    Ability(
        "response",
        _aggo,
        trigger="challenge_won",
        condition=_both(won("military"), _all_dothraki),
    ),
)

# --- bwb_35 Starfall Merchant ---------------------------------------------------------------
# "After you kneel Starfall Merchant to pay an influence cost, discard it from play (cannot
# be saved). [+3 Influence]"  Forced, at the engine moment ``influence_knelt`` (the cards
# knelt for one influence payment), before what the influence paid for resolves.


def _merchant(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in ctx["event"].get("cards", ()) and source in state.in_play:
        moves.discard_from_play(state, [source])


register("bwb_35", forced={"influence_knelt": _merchant})

# --- bwb_37 Thoros of Myr ---------------------------------------------------------------------
# "Renown. If you have no power on your House card, Thoros of Myr gains: 'Response: Kneel
# Thoros of Myr and discard a power from a character you control to save a Brotherhood
# character from being killed.'"  Any player's Brotherhood character; the power may come
# from any character you control (the one being saved too), as a cost (``card_power``).


def _brotherhood_dying(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and is_character(state, r)
        and has_trait(state, r, "Brotherhood")
        and not moves.saved(state, r)
    ]


def _thoros(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.save(state, ctx["target"], by=ctx["source"])


register(
    "bwb_37",
    Ability(
        "save",
        _thoros,
        trigger="would_be_killed",
        costs=(
            KNEEL_SELF,
            Cost("card_power", 1, lambda state, ref: is_character(state, ref), "character"),
        ),
        condition=no_house_power,
        targets=_brotherhood_dying,
        label="Response: Kneel Thoros of Myr and discard a power from a character you control "
        "to save a Brotherhood character from being killed.",
    ),
)

# --- bwb_38 Tom Sevenstrings ----------------------------------------------------------------
# "If you have no power on your House card, Tom Sevenstrings gains: 'Response: Kneel Tom
# Sevenstrings to cancel the effects of an event card just played.'"  Any player's event
# (the engine's ``ability`` window of an event's effect).


def _event_pending(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return source is not None and source in state.cards and facts(state, source).type == "event"


register(
    "bwb_38",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_both(no_house_power, _event_pending),
        label="Response: Kneel Tom Sevenstrings to cancel the effects of an event card just "
        "played.",
    ),
)
