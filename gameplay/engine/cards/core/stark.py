"""Core Set House Stark cards, registered by card code (see abilities.register)."""

from __future__ import annotations

from gameplay.engine.abilities import KNEEL_SELF, Ability, Cost, Ctx, facts, handler, register
from gameplay.engine.moves import reveal, search_deck
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState


def _northern_fiefdoms(state: GameState, ctx: Ctx) -> None:
    # "Marshalling: Kneel Northern Fiefdoms to lower the cost of the next House Stark card
    # you play this phase by 1."
    add_reduction(state, ctx["seat"], 1, ctx["source"], houses=("Stark",))


for _code in ("core_26", "core_27"):
    register(
        _code,
        Ability("action", _northern_fiefdoms, phases=("marshalling",), costs=(KNEEL_SELF,)),
    )


def _kennels(state: GameState, ctx: Ctx) -> None:
    # "Any Phase: Kneel Winterfell Kennels and pay 1 gold to search your deck for a
    # Direwolf card, reveal that card to all players, and put it into your hand. Then
    # shuffle your deck."
    search_deck(
        state,
        ctx["seat"],
        lambda r: "Direwolf" in facts(state, r).traits,
        "kennels_found",
        ctx={"source": ctx["source"]},
    )


@handler("kennels_found")
def _kennels_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        player.deck.remove(ref)
        player.hand.append(ref)
    reveal(state, ctx["seat"], selected, "search")


register("core_24", Ability("action", _kennels, costs=(KNEEL_SELF, Cost("gold", 1))))
