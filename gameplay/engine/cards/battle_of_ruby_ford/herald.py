"""Card scripts (battle_of_ruby_ford/herald.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import DISCARD_SELF, Ability, Ctx, facts, register
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- acoa_86 Herald of the King ----------------------------------------------------------
# "Response: Discard Herald of the King from play to cancel a non-plot effect that would
# allow a player to search his or her deck." A cancel in the engine's ``ability`` window of
# an ability that searches a deck (cancels.is_search: its ``search`` flag or its text line);
# a plot's ability (Unconventional Warfare's kind, zone ``plot``) is not a target. Plots'
# "when revealed" searches are not abilities used and are never offered to cancels.


def _search_pending(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    if source is None or source == ctx["source"] or facts(state, source).type == "plot":
        return False
    return cancels.is_search(state)


register(
    "acoa_86",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(DISCARD_SELF,),
        condition=_search_pending,
    ),
)
