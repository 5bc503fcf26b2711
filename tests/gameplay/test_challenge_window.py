"""The window before a challenge (issue 29): a challenge is initiated only once every player
has passed in a row, so every opponent, the defender included, may take a "Challenges:"
action before it, also when the active player is the first player (rulebook: "Before and
between (but not during) each step, players may play cards and use abilities"; "After a
player's action resolves, he must allow each opponent ... to take an action or pass";
initiating a challenge is not an action).

Shae (core_178): "Challenges: Kneel Shae to choose and kneel a character controlled by a
player with more power than you." The active player has 1 power, the others none, so
each of them may kneel his would-be attacker, the Wolf Pack, before he initiates.
"""

from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, apply, legal_actions, to_act
from gameplay.engine.state import GameState
from tests.gameplay.scenario import build, in_play

PLOT = "Summoning Season"
SHAE = "Shae"
ATTACKER = "Wolf Pack"  # Stark, military only


def _position(count: int, active: int, first: int, shae: int, variant: str = "") -> GameState:
    """``count`` players in the challenges phase at ``active``'s turn (the turns before it
    passed by everyone), ``first`` the first player, ``shae``'s seat holding Shae."""
    specs = []
    for seat in range(count):
        spec: dict = {"revealed_plot": PLOT}
        if seat == active:
            spec.update(house="Stark", in_play=[ATTACKER], power=1)
        if seat == shae:
            spec.update(in_play=[*spec.get("in_play", []), SHAE])
        if variant == "teams":
            spec["team"] = seat % 2
        specs.append(spec)
    state = build(
        phase="challenges",
        players=specs,
        first_player=first,
        variant=variant or None,
        auto_pass=False,
    )
    while state.queue[0].get("turn") != active:  # earlier turns: everybody passes
        state = apply(state, Action(to_act(state)[0], "pass"))
    return state


def _used(state: GameState, seat: int, source: str, target: str) -> GameState:
    """``seat`` uses ``source`` on ``target``; the response window it opens is passed."""
    state = apply(state, Action(seat, "use", (source, target)))
    while state.queue[0]["name"] == "window" and state.queue[0]["kind"] == "response":
        state = apply(state, Action(to_act(state)[0], "pass"))
    return state


def _challenges(state: GameState, seat: int) -> list[Action]:
    return [a for a in legal_actions(state, seat) if a.kind.startswith("challenge:")]


def _pass_until(state: GameState, seat: int) -> tuple[GameState, list[int]]:
    """Every seat asked passes until ``seat`` may initiate; who passed, in order."""
    passed = []
    while not (to_act(state) == [seat] and _challenges(state, seat)):
        (waiting,) = to_act(state)
        passed.append(waiting)
        state = apply(state, Action(waiting, "pass"))
        assert len(passed) < 12, "the active player was never offered a challenge"
    return state, passed


def test_joust_the_first_player_as_attacker_lets_the_defender_act_first():
    state = _position(2, active=0, first=0, shae=1)
    pack = in_play(state, 0, ATTACKER)[0]
    # The active player is the first player: asked first, he may not initiate yet.
    assert to_act(state) == [0] and not _challenges(state, 0)
    with pytest.raises(IllegalAction, match="every other player has passed"):
        apply(state, Action(0, "challenge:military", choice="1"))
    state = apply(state, Action(0, "pass"))
    # The defender is asked before any challenge and kneels the would-be attacker.
    assert to_act(state) == [1]
    state = _used(state, 1, in_play(state, 1, SHAE)[0], pack)
    assert state.in_play[pack].knelt
    # The window goes on: the active player has no standing attacker left.
    assert to_act(state) == [0] and not _challenges(state, 0)


def test_joust_the_first_player_as_attacker_initiates_once_the_defender_passed():
    state = _position(2, active=0, first=0, shae=1)
    state, passed = _pass_until(state, 0)
    assert passed == [0, 1]  # his own pass first, then the defender's: asked once more
    state = apply(state, Action(0, "challenge:military", choice="1"))
    assert state.challenge is not None and state.challenge["attacker"] == 0


def test_joust_the_active_player_who_passes_last_ends_his_turn():
    state = _position(2, active=0, first=0, shae=1)
    state, _ = _pass_until(state, 0)
    state = apply(state, Action(0, "pass"))
    assert state.queue[0].get("turn") == 1  # the next turn: seat 1's
    assert [e for e in state.log if e["event"] == "turn_over"][-1]["seat"] == 0


def test_joust_the_first_player_as_defender_acts_before_the_challenge():
    state = _position(2, active=1, first=0, shae=0)
    assert to_act(state) == [0]  # the first player has the first action
    # (Seat 0 defends with Shae; the active seat 1 attacks with the Wolf Pack.)
    pack = in_play(state, 1, ATTACKER)[0]
    state = _used(state, 0, in_play(state, 0, SHAE)[0], pack)
    assert state.in_play[pack].knelt and to_act(state) == [1]
    assert not _challenges(state, 1)


def test_joust_the_active_player_after_the_first_player_initiates_as_before():
    state = _position(2, active=1, first=0, shae=0)
    state = apply(state, Action(0, "pass"))
    assert to_act(state) == [1] and _challenges(state, 1)


def test_joust_between_challenges_the_defender_acts_again_first():
    state = _position(2, active=0, first=0, shae=1)
    state, _ = _pass_until(state, 0)
    state = apply(state, Action(0, "challenge:military", choice="1"))  # the Pack attacks
    while state.challenge is not None:  # nobody defends or acts during it
        (waiting,) = to_act(state)
        head = state.queue[0]
        if head["name"] == "prompt":
            state = apply(state, Action(waiting, "done"))
        else:
            state = apply(state, Action(waiting, "pass"))
    assert state.queue[0].get("turn") == 0
    # Between challenges: the first (and active) player first, who may not initiate yet,
    # then the defender, who may act.
    assert to_act(state) == [0] and not _challenges(state, 0)
    state = apply(state, Action(0, "pass"))
    assert to_act(state) == [1]


@pytest.mark.parametrize("variant", ["melee", "teams"])
def test_melee_every_seat_is_asked_before_the_first_player_initiates(variant):
    count = 3 if variant == "melee" else 4
    state = _position(count, active=0, first=0, shae=count - 1, variant=variant)
    state, passed = _pass_until(state, 0)
    assert passed == list(range(count))  # each seat once, clockwise, then him again


def test_melee_a_seat_after_the_active_player_is_no_longer_skipped():
    # Seat 1 is active, seat 0 the first player: seat 2 comes after the active player and
    # is asked before he may initiate (before, seat 1 initiated as soon as seat 0 passed).
    state = _position(3, active=1, first=0, shae=2)
    state = apply(state, Action(0, "pass"))
    assert to_act(state) == [1] and not _challenges(state, 1)
    state = apply(state, Action(1, "pass"))
    assert to_act(state) == [2]
    pack = in_play(state, 1, ATTACKER)[0]
    state = _used(state, 2, in_play(state, 2, SHAE)[0], pack)
    assert state.in_play[pack].knelt


def test_the_window_order_of_the_marshalling_turn_is_unchanged():
    # Marshalling is an action: the active player marshals when asked, as before.
    specs = [
        {"revealed_plot": PLOT, "hand": [ATTACKER], "gold": 5, "house": "Stark"},
        {"revealed_plot": PLOT},
    ]
    state = build(phase="marshalling", players=specs, first_player=0, auto_pass=False)
    assert to_act(state) == [0]
    assert any(a.kind == "marshal:play" for a in legal_actions(state, 0))
