"""Secrets and Schemes plots: Siege Preparations (w_19) and Naming the Heir (w_20)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import Ctx, controller, facts, handler, register
from gameplay.engine.cards.vocabulary import challenges_this_round, search_top
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play

# --- w_19 Siege Preparations ---------------------------------------------------------------
# "You cannot initiate more than 1 challenge this round." Every challenge its player
# initiated this round counts (the epic phases' too), from the moment it is revealed; a
# challenge a card initiates for him (challenges.initiate_with) is not "initiated" by him.


def _siege(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or ">" not in subject:
        return base
    seat = int(subject.split(">")[0])
    if seat != controller(state, source):
        return base
    return challenges_this_round(state, seat) < 1


register("w_19", passives={"can_challenge": _siege})


# --- w_20 Naming the Heir ------------------------------------------------------------------
# "Castle. After this plot is placed in your used pile, search the top 10 cards of your deck
# for a non-Army character with printed cost 4 or higher, and put it into play. Then,
# shuffle your deck." Forced, as the plot moves to its owner's used pile (the next plot is
# revealed). "Castle." is the plot's Trait (printed in the text): a ``traits`` passive on the
# plot itself. A unique character that could not come into play is not found.

HEIR_DEPTH = 10
HEIR_COST = 4
CASTLE = "Castle"


def _castle(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return set(base) | {CASTLE} if subject == source else base


def _heir(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("card") != ctx["source"]:
        return
    seat = event.get("seat", ctx["seat"])

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return (
            card.type == "character"
            and "Army" not in card.traits
            and (card.cost or 0) >= HEIR_COST
            and unique_problem(state, seat, card) is None
        )

    search_top(state, seat, HEIR_DEPTH, match, "sns_naming_the_heir", high=1)


@handler("sns_naming_the_heir")
def _heir_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        if ref in player.deck:
            put_into_play(state, seat, ref)
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=seat, zone="deck")


register("w_20", forced={"plot_to_used_pile": _heir}, passives={"traits": _castle})
