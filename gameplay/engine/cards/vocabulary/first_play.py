""" "Lower (reduce) the cost of the first <kind of card> you play each round by N": a cost
passive and the ``played`` forced effect that uses it up (Blood of the First Men, Aloof and
Apart, the Free Cities locations of the Valar Morghulis cycle: Braavos, Norvos, Volantis ...).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import Ctx, controller, facts, register
from gameplay.engine.state import GameState

# The mark in ``state.used`` (emptied as each round ends); saved games store it.
FIRST_MEN_MARK = "agenda_first_reduction:{source}"


def first_play_reduction(amount: int, fits: Any, key: str = "") -> tuple[Any, Any]:
    """A cost passive lowering the first card of the round that ``fits`` (``fits(state,
    ref)``) played from its controller's hand by ``amount``, and the ``played`` forced
    effect that uses it up (marshalled cards: a ``played`` event whose type is not
    ``event``). ``key`` tells two such reductions of one card apart."""

    def cost(state: GameState, source: str, ref: str, base: int) -> int:
        seat = controller(state, source)
        mark = FIRST_MEN_MARK.format(source=source) + key
        if ref in state.players[seat].hand and mark not in state.used and fits(state, ref):
            return base - amount
        return base

    def played(state: GameState, ctx: Ctx) -> None:
        event = ctx["event"]
        mark = FIRST_MEN_MARK.format(source=ctx["source"]) + key
        if event.get("seat") != ctx["seat"] or mark in state.used:
            return
        if event.get("type") == "event" or not fits(state, event["card"]):
            return
        state.used.append(mark)

    return cost, played


def out_of_house(state: GameState, ref: str, house: str) -> bool:
    """``ref`` is a ``house`` card out of House for its owner (not of the owner's House)."""
    houses = facts(state, ref).houses
    return house in houses and state.players[state.cards[ref].owner].house not in houses


def free_city(code: str, house: str, trait: str) -> None:
    """A Free Cities location: "Lower the cost of the first out-of-House [<house>] card you
    play each round by 1. Lower the cost of the first <trait> character you play each round
    by 1." Two reductions, each used up by its own first card (one card may use both)."""

    def _out(state: GameState, ref: str) -> bool:
        return out_of_house(state, ref, house)

    def _trait(state: GameState, ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "character" and trait in card.traits

    cost_house, played_house = first_play_reduction(1, _out, key=":house")
    cost_trait, played_trait = first_play_reduction(1, _trait, key=":trait")

    def _cost(state: GameState, source: str, ref: str, base: int) -> int:
        return cost_trait(state, source, ref, cost_house(state, source, ref, base))

    def _played(state: GameState, ctx: Ctx) -> None:
        played_house(state, ctx)
        played_trait(state, ctx)

    register(code, passives={"cost": _cost}, forced={"played": _played})
