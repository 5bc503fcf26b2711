"""The Grand Melee: helpers shared by several of its modules."""

from __future__ import annotations

from gameplay.engine.abilities import Ctx
from gameplay.engine.state import GameState


def against_me(state: GameState, ctx: Ctx) -> bool:
    """ "After a player (an opponent) declares a challenge against you", on
    ``attackers_declared``: the challenge's defender is the source's controller."""
    challenge = state.challenge
    return (
        challenge is not None
        and challenge.get("defender") == ctx["seat"]
        and ctx["event"].get("seat") == challenge.get("attacker")
        and ctx["event"].get("seat") != ctx["seat"]
    )
