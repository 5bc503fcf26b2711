"""Card scripts (the_winds_of_winter/ravens.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import KNEEL_SELF, Ability, Ctx, facts, register, season
from gameplay.engine.cards.vocabulary import reprint
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- ator_35 Carrion Bird: the A Song of Summer card (ator_16) printed again ---------------

reprint("ator_35", "ator_16")


# --- ator_26 Maester Vyman ---------------------------------------------------------------
# "Response: If it is not Summer, kneel Maester Vyman to cancel a triggered effect that
# chooses a House Stark character as the only target." A cancel in the engine's
# ``ability`` window of an ability (any player's) whose one target, chosen as it was used
# (cancels.targets), is a character in play of House Stark (printed).


def _vyman_may(state: GameState, ctx: Ctx) -> bool:
    if season(state) == "summer":
        return False
    source = cancels.source(state)
    if source is None or source == ctx["source"]:
        return False
    chosen = cancels.targets(state)
    return (
        len(chosen) == 1
        and chosen[0] in state.in_play
        and facts(state, chosen[0]).type == "character"
        and "Stark" in facts(state, chosen[0]).houses
    )


register(
    "ator_26",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_vyman_may,
    ),
)
