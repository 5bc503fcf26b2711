"""Helpers for the card tests (test_core_<house>.py): find and use a card's ability the
way a player would, through legal_actions and apply, and step through windows.

The rules helpers (``act``, ``joust``, ``challenge``, ``answer``, ``pass_windows`` ...)
live in test_challenges.py and are re-exported here.
"""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, describe, legal_actions
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from tests.gameplay.scenario import apply, build, code, hand, in_play
from tests.gameplay.test_challenges import (
    PLOT,
    act,
    answer,
    challenge,
    end_turn,
    events,
    head,
    in_window,
    joust,
    pass_windows,
    ref,
    resolved,
    turn,
    until_phase,
)

__all__ = [
    "PLOT",
    "IllegalAction",
    "act",
    "answer",
    "build",
    "challenge",
    "code",
    "defend",
    "describe",
    "end_turn",
    "events",
    "hand",
    "head",
    "in_play",
    "in_window",
    "joust",
    "pass_windows",
    "ref",
    "resolved",
    "start",
    "turn",
    "until_phase",
    "until_window",
    "use",
    "uses",
    "waiting_seats",
]


def uses(state: GameState, seat: int, source: str) -> list[Action]:
    """The legal ``use`` actions of ``seat`` whose source card is ``source`` (a ref)."""
    return [
        a
        for a in legal_actions(state, seat)
        if a.kind == "use" and a.cards[0] == source and a.choice != "ambush"
    ]


def use(state: GameState, seat: int, source: str, *targets: str) -> GameState:
    """Use the (only, or the one with these targets) ability of ``source``; fails the test
    with the legal uses listed when it is not legal."""
    found = [a for a in uses(state, seat, source) if a.cards[1:] == tuple(targets)]
    assert len(found) == 1, f"not exactly one legal use of {source} on {targets}: " + str(
        [str(a) for a in uses(state, seat, source)]
    )
    return apply(state, found[0])


def until_window(state: GameState, trigger: str | None = None, limit: int = 40) -> GameState:
    """Pass windows until the head is a window for ``trigger`` (an action window when
    None) in which some seat can act; fails if none comes within ``limit`` passes."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") == "window" and step.get("trigger") == trigger:
            return state
        if step.get("name") != "window":
            raise AssertionError(f"no {trigger or 'action'} window; head is {step}")
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {trigger or 'action'} window within {limit} passes")


def start(state: GameState, ctype: str, attackers=(), defender: int = 1) -> GameState:
    """The seat whose challenge turn it is initiates a challenge against ``defender`` and
    declares ``attackers`` (keeping nobody out with Stealth)."""
    state = pass_windows(state)
    seat = head(state)["turn"]
    state = act(state, seat, f"challenge:{ctype}", choice=str(defender))
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", [])
    return state


def defend(state: GameState, defenders) -> GameState:
    """The defending seat declares ``defenders`` (the windows before are passed)."""
    state = pass_windows(state)
    assert head(state).get("purpose") == "defenders", head(state)
    return answer(state, "defenders", defenders)
