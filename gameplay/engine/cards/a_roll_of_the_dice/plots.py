"""A Roll of the Dice: the plot Lead by Example (btns_120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import register
from gameplay.engine.state import GameState

# --- btns_120 Lead by Example --------------------------------------------------------------
# "Players must declare 2 or more characters to attack or defend in a challenge."  While it
# is a revealed plot, every player: the queries ``min_attackers`` (a challenge cannot be
# initiated without 2 characters able to attack it; the attackers prompt asks for 2 or more)
# and ``min_defenders`` (no defender, or 2 or more; with fewer than 2 able, none defends).

LEAD_BY_EXAMPLE = 2


def _at_least_two(state: GameState, source: str, subject: Any, base: int) -> int:
    if isinstance(subject, int):
        return max(base, LEAD_BY_EXAMPLE)
    return base


register("btns_120", passives={"min_attackers": _at_least_two, "min_defenders": _at_least_two})
