"""Shared set-ups of the A Poisoned Spear card tests."""

from __future__ import annotations

from gameplay.engine.card_facts import CardFacts, load_cards
from gameplay.engine.state import GameState
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import act, answer, code, head, waiting_seats
from tests.gameplay.scenario import settle


def to_claim(state: GameState, stop: tuple[str, ...], defenders=()) -> GameState:
    """Pass windows (declaring ``defenders``) until a prompt whose purpose is in ``stop``,
    or the challenge is over."""
    for _ in range(80):
        step = head(state)
        if step.get("purpose") in stop:
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if state.challenge is None:
            return state
        if step.get("name") == "prompt":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {stop} prompt")


def pile(state: GameState, seat: int, zone: str, name: str) -> str:
    """The first card called ``name`` in a seat's ``zone`` (hand, discard, deck, dead)."""
    return next(r for r in getattr(state.players[seat], zone) if state.code(r) == code(name))


def card(name: str) -> CardFacts:
    """A card's printed facts, by name or code."""
    return load_cards()[code(name)]


def until_not(state: GameState, purposes: tuple[str, ...]) -> GameState:
    """Answer nothing; just return ``state`` unless its head is one of ``purposes``, whose
    single candidate is then selected (a prompt that did not settle itself)."""
    step = head(state)
    if step.get("purpose") in purposes and step.get("candidates"):
        return answer(state, step["purpose"], step["candidates"][:1])
    return state


def from_phase(state: GameState, phase: str) -> GameState:
    """Run the round on from the start of ``phase`` (a position set up by hand first)."""
    state.queue = round_steps(phase)
    run(state)
    return settle(state)
