"""Searches of a deck: the Heralds' "search your deck for a House Y character, reveal it,
and shuffle your deck. Then, put the revealed card on top of your deck" (A Clash of Arms
onwards). The handler name is stored in saved games."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, facts, handler, register
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone

# "Response: After you play X from your hand, search your deck for a House Y character,
# reveal it, and shuffle your deck. Then, put the revealed card on top of your deck."


def _herald_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _herald_search(house: str) -> Any:
    def effect(state: GameState, ctx: Ctx) -> None:
        seat = ctx["seat"]
        deck = state.players[seat].deck
        found = [
            r
            for r in deck
            if moves.meets_search(
                state,
                r,
                lambda c: facts(state, c).type == "character" and house in facts(state, c).houses,
            )
        ]
        data = {"seat": seat, "source": ctx["source"]}
        ask_select(state, seat, "search", found, "acoa_herald", high=1, ctx=data, hidden=True)

    return effect


@handler("acoa_herald")
def _herald_found(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    deck = state.players[seat].deck
    picked = [r for r in selected if r in deck]
    for ref in picked:
        deck.remove(ref)
        moves.reveal(state, seat, [ref], "herald")
    shuffle_zone(state, deck)
    state.emit("shuffled", seat=seat, zone="deck")
    for ref in picked:
        deck.insert(0, ref)
        state.emit("deck_card_placed", seat=seat, deck=seat, where="top")


def herald(code: str, house: str) -> None:
    """Register a Herald of ``house``."""
    register(
        code,
        Ability("response", _herald_search(house), trigger="played", condition=_herald_played),
    )
