"""Kneeling and standing a card in play by an effect (logged)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import controller
from gameplay.engine.state import GameState


def kneel_card(state: GameState, ref: str) -> None:
    """Kneel a card in play (logged)."""
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.kneel(state, ref)
        if state.in_play[ref].knelt:  # not a card that "cannot kneel" (The Black Cells)
            state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


def stand_card(state: GameState, ref: str) -> None:
    """Stand a card in play (logged)."""
    if ref in state.in_play and state.in_play[ref].knelt:
        moves.stand(state, ref)
        if not state.in_play[ref].knelt:  # not a card that "cannot stand"
            state.emit("stood", card=ref)


def kneel_or_stand(state: GameState, ref: str) -> None:
    """ "Kneel or stand that card": the choice that changes it (a standing card kneels, a
    knelt one stands; the other would do nothing)."""
    if ref not in state.in_play:
        return
    if state.in_play[ref].knelt:
        stand_card(state, ref)
    else:
        kneel_card(state, ref)
