"""Shared set-ups of The Champion's Purse tests."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import HOST, events, finish_challenge, joust, ref, start


def prized_power(state: GameState, seat: int) -> int:
    """The power ``seat`` claimed by Prized so far."""
    return sum(
        e["amount"]
        for e in events(state, "power")
        if e.get("reason") == "prized" and e["seat"] == seat
    )


def killed_by_claim(victim: str, extra: dict | None = None) -> GameState:
    """Seat 0 (Host of Storm's End) wins an unopposed military challenge against seat 1,
    whose only character is ``victim``: the claim kills it. Returns the state once the
    challenge is over."""
    state = joust({"in_play": [HOST]}, {"in_play": [victim], **(extra or {})})
    state = start(state, "military", [ref(state, 0, HOST)])
    return finish_challenge(state)
