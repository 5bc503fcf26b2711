"""Princes of the Sun locations, registered by card code (see abilities.register).

Water Garden (pots_30) has only a printed bonus and needs no code.
"""

from __future__ import annotations

import re

from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    facts,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

# --- pots_26 Dornish Fiefdoms, pots_29 Palace Fountains -------------------------------------
# "Limited. Marshalling: Kneel X to lower (reduce) the cost of the next House Martell card
# you play this phase by 1."

register("pots_26", cost_reducer(1, ("Martell",)))
register("pots_29", cost_reducer(1, ("Martell",)))


# --- pots_27 Lord Doran's Chambers -------------------------------------------------------
# "You may choose to play Lord Doran's Chambers as an attachment to your House card."
# (like the Core Set Chambers, cards/core/chambers.py)

register("pots_27", house_attachment=True)


# --- pots_28 Summer Sea ------------------------------------------------------------------
# "Marshalling: Discard Summer Sea from play to reduce the cost of the next House Targaryen
# or House Martell character you play this phase by 2."

register("pots_28", cost_reducer(2, ("Targaryen", "Martell"), ("character",), cost=DISCARD_SELF))


# --- pots_31 Dorne -----------------------------------------------------------------------
# "Marshalling: Kneel Dorne to choose 1 Trait. Until the end of the phase, reduce the gold
# cost for you to marshall cards with that Trait by 1."
# The Traits offered are those of the cards in your hand that can be marshalled (naming
# another Trait would change nothing). The reduction is a lasting ``pots_trait_cost`` effect
# on the seat, read by every cost (a passive of this module, active while any Dorne is in
# play or not: it is registered on the effect, see _trait_cost).


def _slug(trait: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", trait).strip("_").lower()


def _hand_traits(state: GameState, seat: int) -> dict[str, str]:
    found: dict[str, str] = {}
    for ref in state.players[seat].hand:
        card = facts(state, ref)
        if card.type in ("character", "location", "attachment"):
            for trait in sorted(card.traits):
                found.setdefault(_slug(trait), trait)
    return found


def _dorne(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    traits = _hand_traits(state, seat)
    if traits:
        data = {"seat": seat, "source": ctx["source"], "traits": traits}
        ask_choose(state, seat, "trait", sorted(traits), "pots_dorne", ctx=data)


@handler("pots_dorne")
def _dorne_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    trait = ctx["traits"][ctx["choice"]]
    add_lasting(state, "pots_trait_cost", ctx["seat"], "phase", ctx["source"], trait=trait)


def _trait_cost(state: GameState, source: str, subject: str, base: int) -> int:
    """Every Dorne reduction of the subject's owner for a Trait the subject has (only the
    first Dorne in play applies them, so two copies do not count them twice)."""
    dornes = sorted(r for r in state.in_play if state.cards[r].code == "pots_31")
    if not dornes or source != dornes[0] or state.phase != "marshalling":
        return base
    owner = state.cards[subject].owner
    traits = facts(state, subject).traits
    for e in state.effects:
        if e["query"] == "pots_trait_cost" and e["subject"] == owner and e["trait"] in traits:
            base -= 1
    return base


register(
    "pots_31",
    Ability("action", _dorne, phases=("marshalling",), costs=(KNEEL_SELF,)),
    passives={"cost": _trait_cost},
)


# --- pots_32 The Old Palace --------------------------------------------------------------
# "Characters without an Intrigue icon cannot declare stealth."


def _old_palace(state: GameState, source: str, subject: str, base: bool) -> bool:
    return base and (not is_character(state, subject) or "intrigue" in icons(state, subject))


register("pots_32", passives={"can_declare_stealth": _old_palace})


# --- pots_33 The Spear Tower -------------------------------------------------------------
# "Characters without a Military icon get -1 STR."


def _spear_tower(state: GameState, source: str, subject: str, base: int) -> int:
    if not is_character(state, subject) or "military" in icons(state, subject):
        return base
    return base - 1


register("pots_33", passives={"strength": _spear_tower})


# --- pots_34 Tower of the Sun ------------------------------------------------------------
# "Characters without a Power icon cannot claim power for renown."


def _tower_of_the_sun(state: GameState, source: str, subject: str, base: int) -> int:
    return base if "power" in icons(state, subject) else 0


register("pots_34", passives={"renown_power": _tower_of_the_sun})
