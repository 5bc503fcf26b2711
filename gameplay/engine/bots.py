"""Bots: they see only :func:`observe` and :func:`legal_actions`, never the state itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.engine.actions import Action
from gameplay.engine.rng import Rng


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        """One of ``actions`` (which must not be empty); ``view`` is the seat's observation."""
        if not actions:
            raise ValueError("RandomBot.choose needs at least one legal action.")
        return actions[self._rng.below(len(actions))]
