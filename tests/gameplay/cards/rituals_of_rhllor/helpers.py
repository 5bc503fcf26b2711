"""Helpers of the Rituals of R'hllor card tests."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.state import GameState


def give_trait(state: GameState, card: str, trait: str) -> GameState:
    """Give a card in play ``trait`` until the end of the round (a filler with no text)."""
    add_lasting(state, "traits", card, "round", add=[trait])
    return state


def finish(state: GameState, claim: tuple[str, ...] = ()) -> GameState:
    """Pass (windows, no defenders) until the challenge in progress is over, answering a
    military claim with ``claim`` (or the first candidate)."""
    from tests.gameplay.cardtest import act, answer, head, waiting_seats

    for _ in range(80):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") in ("defenders", "vigilant", "vengeful"):
            state = answer(state, step["purpose"], [])
        elif step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def offered(
    state: GameState, seat: int, card: str, claim: tuple[str, ...] = ()
) -> tuple[GameState, bool]:
    """:func:`finish` the challenge in progress (passing, no defenders, the first claim
    candidate), noting whether ``seat`` could use ``card`` at any decision on the way."""
    from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats

    seen = False
    for _ in range(80):
        if state.challenge is None:
            return state, seen
        seen = seen or bool(uses(state, seat, card))
        step = head(state)
        if step.get("purpose") in ("defenders", "vigilant", "vengeful"):
            state = answer(state, step["purpose"], [])
        elif step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def offered_while(state: GameState, seat: int, card: str, pending) -> tuple[GameState, bool]:
    """Pass windows (a prompt: its first candidate) while ``pending(state)``, noting
    whether ``seat`` could use ``card`` at any decision on the way."""
    from tests.gameplay.cardtest import act, answer, head, uses, waiting_seats

    seen = False
    for _ in range(40):
        if not pending(state):
            return state, seen
        seen = seen or bool(uses(state, seat, card))
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: max(1, step["min"])])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("still pending")
