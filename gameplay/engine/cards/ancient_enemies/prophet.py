"""Card scripts (ancient_enemies/prophet.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine.abilities import REMOVE_SELF, Ability, Cost, Ctx, register
from gameplay.engine.phase_flow import end_phase
from gameplay.engine.state import GameState

# --- acoa_35 Drowned Prophet --------------------------------------------------------------
# "Challenges: Kneel 8 influence and remove Drowned Prophet from the game (cannot be saved) to
# end the challenges phase." The challenge being resolved ends unresolved; the turns left
# are over; the dominance phase comes next (phase_flow.end_phase).


def _drowned_prophet(state: GameState, ctx: Ctx) -> None:
    if state.phase == "challenges":
        end_phase(state, ctx["source"])


register(
    "acoa_35",
    Ability(
        "action",
        _drowned_prophet,
        phases=("challenges",),
        costs=(Cost("influence", 8), REMOVE_SELF),
    ),
)
