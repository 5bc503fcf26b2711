"""War of Five Kings (ator_99), the Epic Battle plot-event of this pack
(gameplay/engine/epic.py).

"Plot: After the dominance phase this round, there is an epic phase in which each player
may initiate a single challenge of his or her choice. Instead of the normal claim effects,
any player who loses one of these challenges as the defender must select his or her next
plot card at random. (Place this card next to your plot deck until the end of the epic
phase.)" The losing defender's next plot is chosen from their plot deck at random when the
next round begins (epic.random_next_plot); the attacker's claim does nothing else.
"""

from __future__ import annotations

from gameplay.engine import epic
from gameplay.engine.abilities import Ctx, effect, register
from gameplay.engine.state import GameState


@effect("ator_epic_random_plot")
def _random_plot(state: GameState, ctx: Ctx) -> None:
    loser = ctx.get("loser")
    if loser is None:
        loser = ctx["target"]
    epic.random_next_plot(state, loser, (state.challenge or {}).get("epic"))


register("ator_99", epic.epic_battle_event(claim_instead="ator_epic_random_plot"))
