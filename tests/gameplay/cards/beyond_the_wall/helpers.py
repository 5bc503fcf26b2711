"""Helpers of the Beyond the Wall card tests (only this folder uses them)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from tests.gameplay.cardtest import act, answer, head, until_seat, until_window, use

MANCE = "low_41"  # Mance's Men: a Wildling Army, 6 STR, military and power, cost 4
POISONED_WINE = "Poisoned Wine"  # Targaryen attachment, cost 2: attached character -2 STR
STINKING_DRUNK = "Stinking Drunk"  # a Condition attachment
MILK = "Milk of the Poppy"  # a Condition attachment
WEAPONSMITH = "Lannisport Weaponsmith"  # Lannister Ally, 1 STR, military
BASTARD_IN_HIDING = "kotst_19"  # a Noble (crest), 1 STR, power
BASTARD_OF_ROBERT = "Bastard of Robert"  # Stealth, 1 STR, power
EDRICS_KNIGHT = "pots_13"  # Lord Edric's Knight: Martell, Stealth, 2 STR, military
LIONS_WILL = "The Lion's Will"  # event: pay 2 gold to kneel a chosen character


def give_trait(state: GameState, ref: str, trait: str) -> None:
    """Give a card in play a Trait until the end of the round (a lasting effect)."""
    state.effects.append({"query": "traits", "subject": ref, "until": "round", "add": [trait]})


def give_icon(state: GameState, ref: str, icon: str) -> None:
    """Give a character an icon until the end of the round (a lasting effect)."""
    state.effects.append({"query": "icons", "subject": ref, "until": "round", "add": [icon]})


def respond(state: GameState, trigger: str, seat: int, source: str, *targets: str) -> GameState:
    """Reach the ``trigger`` response window, pass to ``seat`` and use ``source``."""
    state = until_window(state, trigger)
    state = until_seat(state, seat)
    return use(state, seat, source, *targets)


def finish_challenge(state: GameState, limit: int = 60) -> GameState:
    """Pass and answer every prompt with as few cards as it allows (no defenders) until the
    challenge at hand is over."""
    for _ in range(limit):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step["min"]])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")
