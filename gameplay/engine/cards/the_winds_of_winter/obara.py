"""Obara Sand (ator_31): an additional mulligan (the_winds_of_winter/obara.py)."""

from __future__ import annotations

from gameplay.engine import mulligan
from gameplay.engine.abilities import Ctx, handler, register
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- ator_31 Obara Sand ---------------------------------------------------------------------
# "Stealth. If Obara Sand is in your hand after your first mulligan, before you place any
# setup cards you may remove her from the game and take an additional mulligan."
# Only in a game played with the mulligan (GameConfig.mulligan). Right after a player's
# first mulligan, that player is asked (a hidden prompt, purpose ``obara_mulligan``),
# whatever its deck holds: asking only the players whose deck holds her would tell the
# table so, and asking only when she is in hand would tell it she is (every view shows
# who is asked, and for what). So every player who took a mulligan is asked; the option
# ``obara`` is offered only while she is in that hand, ``keep`` always, and the others
# see the same prompt either way (tests/gameplay/test_obara_hidden.py). Taken, she is
# removed from the game (public: the log names her) and the player takes a second
# mulligan, then keeps that hand. Stealth is the engine's generic keyword.

OBARA = "ator_31"
PURPOSE = "obara_mulligan"


def _offer(state: GameState, seat: int) -> None:
    in_hand = any(state.code(ref) == OBARA for ref in state.players[seat].hand)
    options = ["obara", mulligan.KEEP] if in_hand else [mulligan.KEEP]
    ask_choose(state, seat, PURPOSE, options, "obara_mulligan_chosen", ctx={"seat": seat})
    # Never answered by itself, even with ``keep`` alone: the others cannot tell.
    state.queue[0]["hidden"] = True


@handler("obara_mulligan_chosen")
def _chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    ref = next((r for r in player.hand if state.code(r) == OBARA), None)
    if ctx["choice"] != "obara" or ref is None:
        state.emit("mulligan_kept", seat=seat)
        return
    player.hand.remove(ref)
    player.removed.append(ref)
    state.emit("removed_from_hand", seat=seat, card=ref, code=OBARA, source=OBARA)
    mulligan.take_mulligan(state, seat)


register(OBARA)
mulligan.AFTER_FIRST[OBARA] = _offer
