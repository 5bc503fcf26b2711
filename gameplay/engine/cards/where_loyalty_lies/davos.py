"""Where Loyalty Lies: Ser Davos Seaworth (atoc_67), whose duplicate lies face down."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, controller, register
from gameplay.engine.state import GameState

# --- atoc_67 Ser Davos Seaworth --------------------------------------------------------------
# "Stealth. Response: After Ser Davos Seaworth enters play, attach the top card of your deck
# to him, face down, as a duplicate."  However he enters play (marshalled, put into play);
# offered only while his controller's deck has a card. The card, whatever it is, is a
# duplicate (it saves him as duplicates do) that only its owner sees (moves.
# add_face_down_duplicate; RULINGS); saving him discards it face up, as any duplicate.


def _davos_may(state: GameState, ctx: Ctx) -> bool:
    return (
        ctx["event"].get("card") == ctx["source"]
        and ctx["source"] in state.in_play
        and bool(state.players[ctx["seat"]].deck)
    )


def _davos(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        moves.add_face_down_duplicate(state, controller(state, source), source)


register(
    "atoc_67",
    Ability("response", _davos, trigger="entered_play", condition=_davos_may),
)
