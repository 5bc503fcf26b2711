"""Test helpers of A Song of Silence's card tests: a card discarded from a deck by a card
ability (Stowaway, kotse_10, kneeling to discard the top card of its controller's deck),
a card found wherever it is."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import (
    act,
    answer,
    head,
    ref,
    to_window,
    until_seat,
    use,
    waiting_seats,
)

STOWAWAY = "kotse_10"  # Challenges: kneel, discard your top card: an Ironborn gains Intrigue
PRIEST = "kotse_11"  # Priest of the Drowned God, an Ironborn character (its target)


def stowaway(state: GameState, seat: int) -> GameState:
    """``seat`` uses its Stowaway on its Priest of the Drowned God: the top card of its deck
    is discarded (the state right after: no window opens when nobody can answer)."""
    state = until_seat(state, seat)
    return use(state, seat, ref(state, seat, STOWAWAY), ref(state, seat, PRIEST))


def deck_discard(state: GameState, seat: int) -> GameState:
    """:func:`stowaway`, then the ``card_discarded_from_deck`` window."""
    return to_window(stowaway(state, seat), "card_discarded_from_deck")


def card(state: GameState, code: str, index: int = 0) -> str:
    """The ref of the ``index``-th card of that code, wherever it is."""
    return [r for r in state.cards if state.code(r) == code][index]


def finish_challenge(state: GameState, claim=()) -> GameState:
    """Pass windows (declaring no defenders, a kill by claim taking one of ``claim`` or the
    first candidate) until the challenge is over."""
    for _ in range(60):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") in ("claim_kill", "claim_military"):
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")
