"""``GameState.copy`` (issue 29): the copy ``apply`` makes for every action shares no
mutable container with the original, and the rule caches it keeps
(``state.CARRIED_CACHES``) never change what the engine does: every action applied to a
state with its caches gives the same state as on a rebuilt one that has none."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gameplay.engine import windows
from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import _DO, apply, legal_actions, new_game, to_act
from gameplay.engine.simulate import deck_rotation, game_config
from gameplay.engine.state import CARRIED_CACHES, SHARED_STEPS, GameState
from gameplay.engine.steps import run

DECKS = (
    "core-stark",
    "core-lannister",
    "core-baratheon",
    "core-targaryen",
    "atoc-baratheon",
    "soo-martell",
)


def _states(
    variant: str,
    players: int,
    seed: int,
    every: int = 7,
    *,
    decks: tuple[str, ...] = DECKS,
    most: int = 900,
) -> list[GameState]:
    """States along a random game (at most ``most`` decisions), one every ``every``."""
    state = new_game(game_config(deck_rotation(seed, players, decks), seed, variant, 4))
    bots = [RandomBot(seed * 31 + s) for s in range(players)]
    found = []
    while state.result is None and state.decisions < most:
        if state.decisions % every == 0:
            found.append(state)
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose({}, legal_actions(state, seat)))
    return found


def _containers(node: Any, found: dict[int, Any], skip_steps: bool) -> None:
    """Every list and dict reachable from ``node`` by id (steps of SHARED_STEPS, which
    copies share on purpose, are not entered)."""
    if isinstance(node, dict):
        if skip_steps and node.get("name") in SHARED_STEPS:
            return
        found[id(node)] = node
        window = skip_steps and node.get("name") == "window"
        for key, value in node.items():
            # A window's event and ``last`` are never changed once made (state._step_copy):
            # copies share them, as the log's events (test below).
            if not (window and key in ("event", "last")):
                _containers(value, found, skip_steps)
    elif isinstance(node, list):
        found[id(node)] = node
        for value in node:
            _containers(value, found, skip_steps)


def _mutable_parts(state: GameState) -> dict[int, Any]:
    found: dict[int, Any] = {}
    for name in ("queue", "challenge", "used", "title_pool", "table", "result"):
        _containers(getattr(state, name), found, skip_steps=True)
    # Each lasting effect is its own dict in a copy; the lists inside one are never changed
    # in place (an effect is replaced, not edited), so copies share them. Logged events
    # likewise: the log is a new list of the same events.
    found[id(state.effects)] = state.effects
    found.update((id(effect), effect) for effect in state.effects)
    found[id(state.log)] = state.log
    found[id(state.cards)] = state.cards
    found[id(state.in_play)] = state.in_play
    for player in state.players:
        found[id(player)] = player
        for value in vars(player).values():
            _containers(value, found, skip_steps=False)
    for record in state.in_play.values():
        found[id(record)] = record
        found[id(record.duplicates)] = record.duplicates
    return found


WHOLE_POOL = tuple(f"whole-pool-{h}" for h in ("stark", "greyjoy", "martell", "targaryen"))


@pytest.mark.parametrize(
    ("variant", "players", "seed", "decks"),
    [("joust", 2, 3, DECKS), ("melee", 4, 5, DECKS), ("joust", 2, 7, WHOLE_POOL)],
)
def test_a_windows_event_never_changes_once_queued(
    variant: str, players: int, seed: int, decks: tuple[str, ...]
) -> None:
    """What lets copies share a window's ``event`` and ``last`` (state._step_copy): along a
    whole game, each such dict reads the same in every later state that holds it."""
    first: dict[int, str] = {}
    for state in _states(variant, players, seed, every=1, decks=decks):  # all kept alive
        for step in state.queue:
            if step["name"] != "window":
                continue
            for key in ("event", "last"):
                if key in step:
                    text = json.dumps(step[key], sort_keys=True)
                    assert first.setdefault(id(step[key]), text) == text, (key, step)


@pytest.mark.parametrize(("variant", "players", "seed"), [("joust", 2, 3), ("melee", 4, 5)])
def test_a_copy_shares_no_mutable_container(variant: str, players: int, seed: int) -> None:
    for state in _states(variant, players, seed, every=23):
        copy = state.copy()
        assert copy.digest() == state.digest()
        shared = set(_mutable_parts(state)) & set(_mutable_parts(copy))
        assert not shared, [type(_mutable_parts(state)[i]).__name__ for i in shared]
        # Changing the copy everywhere leaves the original as it was.
        before = state.digest()
        for player in copy.players:
            player.hand.append("x")
            player.deck.clear()
            player.power += 1
        for record in copy.in_play.values():
            record.knelt = not record.knelt
            record.duplicates.append("x")
        copy.log.append({"kind": "x"})
        if copy.queue and copy.queue[0]["name"] not in SHARED_STEPS:
            copy.queue[0]["x"] = 1
        assert state.digest() == before


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 1), ("melee", 3, 2), ("melee", 4, 4)]
)
def test_kept_caches_never_change_an_action(variant: str, players: int, seed: int) -> None:
    """Every legal action from states along a game: applied to the state as play left it
    (its caches kept through every copy) and to the same state rebuilt from JSON (no
    cache at all), it gives the same state."""
    checked = 0
    for state in _states(variant, players, seed):
        assert any(name in state.__dict__ for name in CARRIED_CACHES)
        fresh = GameState.from_json(state.to_json())
        assert not any(name in fresh.__dict__ for name in CARRIED_CACHES)
        seat = to_act(state)[0]
        for action in legal_actions(state, seat)[:6]:
            assert apply(state, action).digest() == apply(fresh, action).digest(), action
            checked += 1
    assert checked > 40


@pytest.mark.parametrize(
    ("variant", "players", "seed"), [("joust", 2, 6), ("melee", 4, 7), ("teams", 4, 8)]
)
def test_a_pass_that_moves_the_window_on_is_the_full_apply(
    variant: str, players: int, seed: int
) -> None:
    """``apply`` of a pass that only moves a window on shares the state
    (``windows.pass_on``); the state it gives is the one a full copy, the pass and ``run``
    give, and the state passed from is unchanged."""
    moved = 0
    for state in _states(variant, players, seed, every=3):
        seat = to_act(state)[0]
        if Action(seat, "pass") not in legal_actions(state, seat):
            continue
        before = state.digest()
        slow = state.copy()
        _DO["pass"](slow, Action(seat, "pass"))
        slow.decisions += 1
        run(slow, passed=True)
        shared = windows.pass_on(state)
        moved += shared is not None
        assert apply(state, Action(seat, "pass")).digest() == slow.digest()
        if shared is not None:
            assert shared.digest() == slow.digest()
        assert state.digest() == before
    assert moved > 20
