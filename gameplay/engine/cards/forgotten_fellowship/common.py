"""Helpers only Forgotten Fellowship's cards share: "while any opponent's House card has
more power than your House card" (the Brotherhood, Asha Greyjoy, Griffin's Roost) and a
card's printed cost."""

from __future__ import annotations

from gameplay.engine.abilities import pool
from gameplay.engine.state import GameState


def behind(state: GameState, seat: int | None) -> bool:
    """Some opponent of ``seat`` has more power on his or her House card than ``seat``."""
    if seat is None:
        return False
    mine = state.players[seat].power
    return any(state.players[o].power > mine for o in state.opponents(seat))


def printed_cost(state: GameState, ref: str) -> int:
    """The printed cost of a card (0 for a card printed without one)."""
    cost = pool(state)[state.code(ref)].cost
    return cost if isinstance(cost, int) else 0
