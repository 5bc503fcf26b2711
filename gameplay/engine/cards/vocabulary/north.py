"""The North agendas (Defenders of the North cycle): "for each The North agenda you are
running" (Wolves of the North, The Wildling Horde, Defenders of the North, Dolorous Edd).

A player runs at most one agenda card in this engine (``Player.agenda``), so the count is 1
when it has The North trait, else 0; the query ``north_agendas`` (subject the seat) lets a
card change it ("You are considered to be running one additional The North agenda": At the
Wall)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import agenda_traits, value
from gameplay.engine.state import GameState


def north_agendas(state: GameState, seat: int) -> int:
    """How many The North agendas ``seat`` is running."""
    count = 1 if "The North" in agenda_traits(state, seat) else 0
    return max(0, value(state, "north_agendas", seat, count))


def cheaper_per_north_agenda(amount: int = 1) -> Callable[[GameState, str, int, int], int]:
    """The ``own_cost`` passive of "Reduce the cost to play X by ``amount`` for each The North
    agenda you are running" (read from the hand: ``fn(state, card, seat, cost)``)."""

    def own_cost(state: GameState, card: str, seat: int, cost: int) -> int:
        return cost - amount * north_agendas(state, seat)

    return own_cost
