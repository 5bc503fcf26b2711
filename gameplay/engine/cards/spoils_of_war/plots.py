"""Spoils of War plots: Seizing the Prize (cad_19) and Crossing the Mummer's Ford (cad_20)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, register, traits
from gameplay.engine.moves import PRIZED_POWER
from gameplay.engine.state import GameState

# --- cad_19 Seizing the Prize --------------------------------------------------------------
# "When you claim power for the prized keyword, claim 1 additional power." The passive
# ``prized_power`` (moves.prized) of the revealed plot, for its owner.


def _seizing(state: GameState, source: str, subject: int, base: int) -> int:
    if subject == state.cards[source].owner and base > 0:
        return base + 1
    return base


register("cad_19", passives={PRIZED_POWER: _seizing})


# --- cad_20 Crossing the Mummer's Ford -----------------------------------------------------
# "When revealed, reveal the top X cards of your deck and add them to your hand. X is the
# number of River plot cards in your used pile. This effect cannot be triggered by other
# card effects." Only as its owner's own revealed plot: a copy (a River plot's "trigger the
# top River plot", Good for the Gander ...) has another source, and does nothing.

CROSSING = "cad_20"


def _crossing(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    player = state.players[seat]
    if state.code(source) != CROSSING or player.revealed_plot != source:
        return
    count = sum(1 for plot in player.used_plots if "River" in traits(state, plot))
    found = player.deck[:count]
    if not found:
        return
    moves.reveal(state, seat, list(found), "crossing_the_mummers_ford")
    for ref in found:
        player.deck.remove(ref)
        player.hand.append(ref)
    state.emit("deck_top_to_hand", seat=seat, count=len(found))


register(CROSSING, when_revealed=_crossing)
