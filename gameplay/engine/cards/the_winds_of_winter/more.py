"""Card scripts (the_winds_of_winter/more.py), each under its card's code and text."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import register
from gameplay.engine.cards.vocabulary import winter
from gameplay.engine.state import GameState

# --- ator_28 Janos Slynt --------------------------------------------------------------------
# "No attachments. If it is Winter, players must pay 1 gold to the treasury before triggering
# any effect with an influence cost." Every player, Janos's controller too; an effect with an
# influence cost: an ability with an influence cost, and Ambush (uses.influence_toll: paid as
# the ability is used, before the influence is knelt; without the gold it cannot be used).


def _janos_toll(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if winter(state) else base


register("ator_28", passives={"influence_toll": _janos_toll})
