"""Helpers shared by the A Clash of Arms chapter-pack scripts (The War of Five Kings,
Ancient Enemies, Sacred Bonds; codes ``acoa_*``). No card is registered here.

Handler and effect names start with ``acoa_``. "King", "Queen", "Army", "Maester",
"Ironborn", "Knight", "Dragon", "Warship" are traits; "Military Battle", "Intrigue
Gambit", "Power Struggle" are plot traits.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.kings_of_the_sea.common import (
    has_trait,
    kneel_card,
    participants,
    stand_card,
    won_unopposed,
)
from gameplay.engine.cards.lords_of_winter.common import reprint, won
from gameplay.engine.cards.queen_of_dragons.common import choosable
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone

__all__ = [
    "choosable",
    "controls_royal",
    "first_challenge",
    "has_trait",
    "herald",
    "kneel_card",
    "participants",
    "reprint",
    "royal_cost",
    "stand_card",
    "won",
    "won_unopposed",
]

ROYAL = ("King", "Queen")


def controls_royal(state: GameState, seat: int, words: tuple[str, ...] = ROYAL) -> bool:
    """``seat`` controls a character with one of the traits ``words`` (King or Queen)."""
    return any(
        is_character(state, r) and any(has_trait(state, r, w) for w in words)
        for r in state.players[seat].in_play
    )


def royal_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    """ "Lower the cost to play X by 4 if you control a King or Queen character"."""
    return cost - 4 if controls_royal(state, seat) else cost


def first_challenge(state: GameState) -> bool:
    """A challenge is being resolved and it is the first one initiated this phase."""
    return (
        state.challenge is not None
        and state.phase == "challenges"
        and sum(len(p.challenges_done) for p in state.players) == 1
    )


def my_card(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    return record is not None and record.controller == controller(state, source)


# --- Heralds -----------------------------------------------------------------------------
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
            if facts(state, r).type == "character" and house in facts(state, r).houses
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
