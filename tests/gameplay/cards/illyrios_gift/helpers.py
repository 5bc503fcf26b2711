"""Test helpers of Illyrio's Gift's card tests: play on while watching whether a card's
ability is ever offered (a restriction test must see it is not), and an attachment of one
player put on another player's character (a position set up by hand)."""

from __future__ import annotations

from gameplay.engine.state import GameState, InPlay
from tests.gameplay.cardtest import (
    code,
)


def attach_under(state: GameState, seat: int, name: str, host: str) -> str:
    """Put a new attachment controlled by ``seat`` on ``host`` (any player's card)."""
    ref = state.new_card(code(name), seat)
    state.in_play[ref] = InPlay(controller=seat, attached_to=host)
    state.players[seat].in_play.append(ref)
    state.__dict__.pop("_passive_cache", None)
    return ref
