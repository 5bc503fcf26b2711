"""The Prize of the North plots: The Aftermath (cad_100). Its Prized 1 claims as it moves to
its owner's used pile (``vocabulary.prized_card``)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, handler, immune_to, register
from gameplay.engine.cards.vocabulary import characters_of, prized_card
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- cad_100 The Aftermath -------------------------------------------------------------------
# "Prized 1. At the end of the marshalling phase, each player chooses up to 3 characters he
# or she controls. All characters not chosen are discarded from play (cannot be saved)." A
# forced effect of the revealed plot at ``marshalling_ends``; the players choose in turn
# order from the first player, then every character not chosen goes at once. A character
# immune to plot effects (of this plot's controller) is not discarded.

AFTERMATH_KEEP = 3


def _aftermath(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] != state.players[ctx["seat"]].revealed_plot:
        return
    data = {"source": ctx["source"], "seat": ctx["seat"], "seats": state.turn_order()}
    _aftermath_next(state, {**data, "i": 0, "kept": []}, [])


@handler("cad_aftermath_keep")
def _aftermath_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    kept = [*ctx["kept"], *selected]
    seats = ctx["seats"]
    for i in range(ctx["i"], len(seats)):
        found = characters_of(state, seats[i])
        if found:
            data = {**ctx, "i": i + 1, "kept": kept}
            high = AFTERMATH_KEEP
            then = "cad_aftermath_keep"
            ask_select(state, seats[i], "keep_characters", found, then, high=high, ctx=data)
            return
    seat, source = ctx["seat"], ctx["source"]
    gone = [
        r
        for r in characters_of(state)
        if r not in kept and not immune_to(state, r, "plot", seat, source)
    ]
    if gone:
        moves.discard_from_play(state, gone)


prized_card("cad_100")
register("cad_100", forced={"marshalling_ends": _aftermath})
