"""Helpers for the epic phase tests (test_*_epic.py): play an Epic Battle plot-event in
the plot phase, go on to its epic phase, and initiate the epic challenges there."""

from __future__ import annotations

from collections.abc import Sequence

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    hand,
    head,
    use,
    uses,
    waiting_seats,
)

# "Each player may initiate an additional Military challenge this round" (claim 1): a plot
# with no "when revealed" effect and nothing that matters in the epic phase.
PLOT = "kotse_48"
DECK = ["Knight of the Tumblestone"] * 10


def plot_phase(players: Sequence[dict], **options) -> GameState:
    """A position at the start of the plot phase: every seat chooses its first plot
    (``plot_deck`` defaults to two :data:`PLOT`), seat 0 is made first player, and the plot
    phase's action window opens."""
    specs = [{"plot_deck": [PLOT, PLOT], "deck": list(DECK), **p} for p in players]
    state = build(phase="plot", players=specs, **options)
    for seat in range(len(specs)):
        if head(state).get("name") == "choose_plots" and seat in waiting_seats(state):
            state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def play_battle(state: GameState, seat: int, name: str) -> GameState:
    """``seat`` plays the Epic Battle ``name`` from its hand in the plot phase's window."""
    for _ in range(20):
        found = hand(state, seat, name)
        if found and uses(state, seat, found[0]):
            return use(state, seat, found[0])
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"{name} could not be played")


def until_epic_turn(state: GameState, seat: int, limit: int = 80) -> GameState:
    """Every waiting seat passes (ending turns) until ``seat``'s epic turn waits for it."""
    for _ in range(limit):
        step = head(state)
        if (
            step.get("name") == "window"
            and step.get("point") == "epic"
            and step.get("turn") == seat
            and waiting_seats(state) == [seat]
        ):
            return state
        assert state.result is None, state.result
        if step.get("name") == "prompt":
            raise AssertionError(f"a prompt came before the epic turn: {step}")
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"seat {seat}'s epic turn did not come within {limit} passes")


def epic_challenge(
    state: GameState,
    seat: int,
    ctype: str,
    attackers: Sequence[str],
    defenders: Sequence[str] = (),
    defender: int | None = None,
) -> GameState:
    """In its epic turn, ``seat`` initiates a ``ctype`` challenge, declares ``attackers``;
    the defender declares ``defenders``; the windows after are passed."""
    state = until_epic_turn(state, seat)
    target = state.opponents(seat)[0] if defender is None else defender
    state = act(state, seat, f"challenge:{ctype}", choice=str(target))
    state = _declare(state, "attackers", attackers)
    state = pass_challenge_windows(state)
    state = _declare(state, "defenders", defenders)
    return pass_challenge_windows(state)


def _declare(state: GameState, purpose: str, refs: Sequence[str]) -> GameState:
    """Answer the ``attackers``/``defenders`` prompt, or check that it settled itself."""
    if head(state).get("purpose") == purpose:
        return answer(state, purpose, refs)
    last = [e for e in state.log if e["event"] == purpose][-1]
    assert last["cards"] == list(refs), last
    return state


def pass_challenge_windows(state: GameState) -> GameState:
    """Pass the windows at the head up to a prompt, or a seat's own epic turn."""
    while state.result is None and head(state).get("name") == "window":
        step, seat = head(state), waiting_seats(state)[0]
        if step.get("point") == "epic" and step.get("turn") == seat:
            return state
        state = act(state, seat, "pass")
    return state
