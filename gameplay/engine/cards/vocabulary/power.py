"""Power on cards in play: moving it from one card to another."""

from __future__ import annotations

from gameplay.engine.state import GameState


def move_card_power(state: GameState, source: str, dest: str, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from one card in play to another (logged; no total
    changes). Ellaria Sand (pots), Melisandre (bwb_25)."""
    moved = min(amount, state.in_play[source].power)
    if moved > 0:
        state.in_play[source].power -= moved
        state.in_play[dest].power += moved
        # Worded like power moved between Houses ("Ann takes 1 power from Bob"); the cards
        # are named too. No total changes (the conservation checks skip it).
        state.emit(
            "power_moved",
            seat=state.in_play[dest].controller,
            source=state.in_play[source].controller,
            amount=moved,
            reason=reason,
            card=dest,
            from_card=source,
        )
    return moved
