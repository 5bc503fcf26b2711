"""A Dire Message plots: They Lay with Lions (cad_117) and the three Task plots, A Task in
the East (cad_118), A Task for the King (cad_119) and The Turncloak's Task (cad_120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    is_prized,
    kneel_card,
    prized_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- cad_117 They Lay with Lions -----------------------------------------------------------
# "Prized 1. When revealed, choose and kneel a non-prized character." Any player's standing
# non-prized character (a knelt one cannot be knelt); the choice is made if there is one.


def _lions_candidates(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt
        and not is_prized(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lions(state: GameState, ctx: Ctx) -> None:
    found = _lions_candidates(state, ctx)
    if not found:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "kneel", found, "adm_lions_kneel", low=1, high=1, ctx=data)


@handler("adm_lions_kneel")
def _lions_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        kneel_card(state, ref)


prized_card("cad_117")
register("cad_117", when_revealed=_lions)


# --- The Task plots ------------------------------------------------------------------------
# "When revealed, if you have a [X] House card search your deck for a [Y] card. If you have
# a [Y] House card search your deck for a [Z] card. Reveal and add that card to your hand
# and shuffle your deck." A player has one House card: at most one search applies. A card
# of the House by its printed affiliation, of any type.


def _task(pairs: dict[str, str]) -> Any:
    def effect(state: GameState, ctx: Ctx) -> None:
        seat = ctx["seat"]
        wanted = pairs.get(state.players[seat].house)
        if wanted is None:
            return
        data = {"source": ctx["source"], "house": wanted}
        moves.search_deck(
            state,
            seat,
            lambda r: wanted in facts(state, r).houses,
            "adm_task_found",
            ctx=data,
        )

    return effect


@handler("adm_task_found")
def _task_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        if ref in player.deck:
            moves.reveal(state, seat, [ref], "task")
            player.deck.remove(ref)
            player.hand.append(ref)
            state.emit("searched", seat=seat, card=ref, code=state.code(ref))


register("cad_118", when_revealed=_task({"Targaryen": "Martell", "Martell": "Greyjoy"}))
register("cad_119", when_revealed=_task({"Lannister": "Baratheon", "Baratheon": "Stark"}))
register("cad_120", when_revealed=_task({"Stark": "Lannister", "Greyjoy": "Targaryen"}))
