"""The claim value of a revealed plot raised during challenges of one type: the Targaryen
"Limited" locations of the Secrets and Schemes cycle ("During [Intrigue] challenges, the
Claim value on your revealed plot card is increased by 1": Vaes Dothrak, w_16; the same
text for [Military] and [Power]: Vaes Tolorro, w_56, Horse Gate, w_75)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import controller
from gameplay.engine.state import GameState


def claim_during(ctype: str, amount: int = 1) -> Callable[[GameState, str, Any, int], int]:
    """The ``claim`` passive (subject: the seat whose claim is read) of "During [``ctype``]
    challenges, the Claim value on your revealed plot card is increased by ``amount``":
    the source's controller's claim, while a challenge of that type is being resolved."""

    def passive(state: GameState, source: str, subject: Any, base: int) -> int:
        challenge = state.challenge
        if challenge is None or challenge["type"] != ctype:
            return base
        return base + amount if subject == controller(state, source) else base

    return passive
