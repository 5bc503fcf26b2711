"""Queen of Dragons cards that use Shadows (uses.py, "Shadows")."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, facts, register
from gameplay.engine.state import GameState
from gameplay.engine.uses import in_shadows

# --- qod_14 Warlock of Qarth ---------------------------------------------------------------
# "Response: After Warlock of Qarth comes out of Shadows, choose 1 location with a printed
# cost equal to or lower than the number of cards in Shadows. Return that location to its
# owner's hand."


def came_out(state: GameState, ctx: Ctx) -> bool:
    """The response's source is the card that came out of Shadows."""
    return bool(ctx["event"].get("card") == ctx["source"])


def _warlock_targets(state: GameState, ctx: Ctx) -> list[str]:
    count = in_shadows(state)
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "location"
        and facts(state, r).cost is not None
        and (facts(state, r).cost or 0) <= count
    ]


register(
    "qod_14",
    Ability(
        "response",
        lambda state, ctx: moves.return_to_hand(state, [ctx["target"]]),
        trigger="came_out_of_shadows",
        condition=came_out,
        targets=_warlock_targets,
    ),
)
