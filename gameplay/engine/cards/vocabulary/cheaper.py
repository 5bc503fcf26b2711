"""Characters cheaper for what their player controls: "Lower the cost to play X by 1 for each
<kind of> character you control" (The Bastard's Boys, The Second Sons, btns_101, btns_105;
"for each unique [House] character you control": The Windblown, Strong Belwas ...)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import characters, facts
from gameplay.engine.cards.vocabulary.targets import of_house
from gameplay.engine.state import GameState

OwnCost = Callable[[GameState, str, int, int], int]


def cheaper_per(match: Callable[[GameState, str], bool]) -> OwnCost:
    """The ``own_cost`` passive (the card's text in the hand) of "Lower the cost to play X by
    1 for each character you control that ``match``es"."""

    def own_cost(state: GameState, card: str, seat: int, cost: int) -> int:
        return cost - sum(1 for r in characters(state, seat) if match(state, r))

    return own_cost


def cheaper_per_unique(house: str) -> OwnCost:
    """The ``own_cost`` passive of "Lower the cost to play X by 1 for each unique ``house``
    character you control"."""
    return cheaper_per(lambda state, ref: facts(state, ref).unique and of_house(state, ref, house))
