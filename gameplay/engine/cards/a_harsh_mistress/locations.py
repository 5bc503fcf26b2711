"""A Harsh Mistress (btns_61 to btns_80): the locations (Hall of Dragons, Volantis Inn,
Pentoshi Manor, The Nightfort, Longship Red Jester, Captured Cog, Great Pyramid of Meereen,
Myr, Tyrosh)."""

from __future__ import annotations

import re
from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attachments,
    characters,
    controller,
    facts,
    handler,
    in_play_named,
    is_blank,
    keywords,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import characters_of, has_trait, kneel_card
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- btns_62 Hall of Dragons -----------------------------------------------------------------
# "Challenges: Kneel Hall of Dragons and kneel 1 influence to choose a character you control.
# Until the end of the phase, that character gains deadly, and a Trait of your choice."
# The Traits offered (as Copper Link, soo_17) are every printed Trait of the cards in the game
# that the character lacks; an option names it with every other character than a letter or
# digit as "_".


def _token(trait: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", trait)


def _mine(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state, ctx["seat"])


def _hall(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    add_lasting(state, "keywords", target, "phase", ctx["source"], add=["deadly"])
    have = traits(state, target)
    offered = sorted({t for ref in state.cards for t in facts(state, ref).traits} - have)
    if offered:
        data = {"seat": ctx["seat"], "source": ctx["source"], "target": target, "traits": offered}
        options = [_token(t) for t in offered]
        ask_choose(state, ctx["seat"], "trait", options, "btns_hall_trait", ctx=data)


@handler("btns_hall_trait")
def _hall_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    chosen = next((t for t in ctx["traits"] if _token(t) == ctx["choice"]), None)
    if target in state.in_play and chosen is not None:
        add_lasting(state, "traits", target, "phase", ctx["source"], add=[chosen])


register(
    "btns_62",
    Ability(
        "action",
        _hall,
        phases=("challenges",),
        costs=(KNEEL_SELF, Cost("influence", 1)),
        targets=_mine,
    ),
)


# --- btns_63 Volantis Inn --------------------------------------------------------------------
# "Standing: Kneel Volantis Inn and kneel a character you control to choose and kneel a
# character without attachments."  Any player's standing character without attachments
# (the one knelt for the cost is knelt already).


def _bare(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters(state) if not state.in_play[r].knelt and not attachments(state, r)
    ]


def _inn(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and not state.in_play[target].knelt:
        kneel_card(state, target)


register(
    "btns_63",
    Ability(
        "action",
        _inn,
        phases=("standing",),
        costs=(KNEEL_SELF, Cost("kneel", 1, lambda state, ref: True, "character")),
        targets=_bare,
    ),
)


# --- btns_64 Pentoshi Manor ------------------------------------------------------------------
# "Challenges: Kneel Pentoshi Manor to choose an opponent's attacking character. The controller
# of that character chooses to either have that character claim 1 power and remove it from
# the challenge, or that character gets -2 STR and loses all keywords until the end of the
# phase."  "Loses all keywords": those it has as the effect resolves.

MANOR_OPTIONS = ("claim_and_leave", "weaken")


def _opponents_attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] not in state.opponents(ctx["seat"]):
        return []
    return [r for r in challenge["attackers"] if r in state.in_play]


def _manor(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": target}
    ask_choose(
        state, controller(state, target), "pentoshi_manor", MANOR_OPTIONS, "btns_manor", ctx=data
    )


@handler("btns_manor")
def _manor_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target, challenge = ctx["target"], state.challenge
    if target not in state.in_play:
        return
    if ctx["choice"] == "claim_and_leave":
        moves.card_power(state, target, 1, "pentoshi_manor")
        if challenge is not None and target in challenge["attackers"]:
            challenge["attackers"].remove(target)
            state.emit(
                "removed_from_challenge", cards=[target], side="attackers", card=ctx["source"]
            )
        return
    add_lasting(state, "strength", target, "phase", ctx["source"], amount=-2)
    lost = sorted(keywords(state, target))
    if lost:
        add_lasting(state, "keywords", target, "phase", ctx["source"], remove=lost)


register(
    "btns_64",
    Ability(
        "action",
        _manor,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_opponents_attackers,
    ),
)


# --- btns_66 The Nightfort -------------------------------------------------------------------
# "Challenges: Kneel The Nightfort to choose a Knight or Night's Watch character. Until the
# end of the phase, that character gains melee."  Any player's character.


def _knights_and_brothers(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Knight") or has_trait(state, r, "Night's Watch")
    ]


def _nightfort(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["melee"])


register(
    "btns_66",
    Ability(
        "action",
        _nightfort,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_knights_and_brothers,
    ),
)


# --- btns_68 Longship Red Jester -------------------------------------------------------------
# "Response: Kneel and discard Longship Red Jester to cancel a location ability just
# triggered."  A cancel in the ``ability`` window of any location's ability (any player's,
# its own excepted).


def _location_ability(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        source is not None
        and source != ctx["source"]
        and source in state.cards
        and facts(state, source).type == "location"
        and cancels.can_be_cancelled(state)
    )


register(
    "btns_68",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF, DISCARD_SELF),
        condition=_location_ability,
    ),
)


# --- btns_69 Captured Cog --------------------------------------------------------------------
# "Captured Cog counts as 4 STR during the dominance phase."  Like Meraxes (atoc_91): 4 more
# on its controller's ``dominance`` total while it stands; with Dagmer Cleftjaw (each Warship
# "counts as 2 STR") under the same control it still counts 4 in all, not 6.

COG_STR = 4
DAGMER_WARSHIP_STR = 2


def _cog(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != controller(state, source) or state.in_play[source].knelt:
        return base
    dagmers = [r for r in in_play_named(state, "Dagmer Cleftjaw", seat) if not is_blank(state, r)]
    return base + COG_STR - DAGMER_WARSHIP_STR * len(dagmers)


register("btns_69", passives={"dominance": _cog})


# --- btns_75 Great Pyramid of Meereen --------------------------------------------------------
# "Limited. Marshalling: Kneel Great Pyramid of Meereen to lower the cost of the next
# [Targaryen] character you play this phase by 2."

register("btns_75", cost_reducer(2, houses=("Targaryen",), types=("character",)))


# --- btns_76 Myr, btns_77 Tyrosh -------------------------------------------------------------
# "Lower the cost of the first out-of-House [Baratheon] card you play each round by 1. Lower
# the cost of the first Knight character you play each round by 1." (Tyrosh: [Lannister],
# Ally.)  A ``cost`` passive on the cards in its controller's hand that fit, used up by the
# first such card that player marshals this round while the location is in play (a mark in
# ``state.used``, cleared each round). A card that fits both lines gets both. Events pay their
# gold as a cost of their ability and are not lowered (RULINGS.md).


def _out_of_house(house: str) -> Any:
    def fits(state: GameState, seat: int, ref: str) -> bool:
        houses = facts(state, ref).houses
        return house in houses and state.players[seat].house not in houses

    return fits


def _character_with(trait: str) -> Any:
    def fits(state: GameState, seat: int, ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "character" and trait in card.traits

    return fits


def _first_each_round(code: str, lines: dict[str, Any]) -> None:
    def mark(name: str, seat: int) -> str:
        return f"{code}:{name}:{seat}"

    def cost(state: GameState, source: str, ref: str, base: int) -> int:
        seat = controller(state, source)
        if ref not in state.players[seat].hand or facts(state, ref).type == "event":
            return base
        for name, fits in lines.items():
            if mark(name, seat) not in state.used and fits(state, seat, ref):
                base -= 1
        return base

    def played(state: GameState, ctx: Ctx) -> None:
        event, seat = ctx["event"], ctx["seat"]
        if event.get("seat") != seat or event.get("type") == "event":
            return
        if event.get("card") == ctx["source"]:  # the location itself, not yet in play
            return
        for name, fits in lines.items():
            if mark(name, seat) not in state.used and fits(state, seat, event["card"]):
                state.used.append(mark(name, seat))

    register(code, passives={"cost": cost}, forced={"played": played})


_first_each_round(
    "btns_76", {"house": _out_of_house("Baratheon"), "trait": _character_with("Knight")}
)
_first_each_round(
    "btns_77", {"house": _out_of_house("Lannister"), "trait": _character_with("Ally")}
)
