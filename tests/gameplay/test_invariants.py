"""Random bot-vs-bot playouts; invariants are checked after every action."""

from __future__ import annotations

import json

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, outcome, to_act
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState

MATCHUPS = [("core-stark", "core-lannister"), ("core-baratheon", "core-targaryen")]


def _config(seed: int, round_limit: int = 4) -> GameConfig:
    first, second = MATCHUPS[seed % len(MATCHUPS)]
    return GameConfig(
        players=(load_deck(first), load_deck(second)), seed=seed, round_limit=round_limit
    )


def _hidden_changed(state: GameState, seat: int) -> GameState:
    """The same position except for what ``seat`` may not see: the other's hand and deck
    reordered and one hidden card swapped between them."""
    other = state.copy()
    for player in other.players:
        if player.seat == seat:
            continue
        player.hand.reverse()
        player.deck.reverse()
        if player.hand and player.deck:
            player.hand[0], player.deck[0] = player.deck[0], player.hand[0]
    for player in other.players:  # my own deck order is hidden from me too
        if player.seat == seat:
            player.deck.reverse()
    return other


def _play(seed: int, check: bool) -> tuple[GameState, list[str]]:
    state = new_game(_config(seed))
    bots = [RandomBot(seed * 7 + s) for s in range(2)]
    log: list[str] = []
    while outcome(state) is None:
        assert state.decisions < 2_000
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        action = bots[seat].choose(observe(state, seat), actions)
        state = apply(state, action)
        log.append(str(action))
        if check:
            data = json.loads(json.dumps(state.to_json()))
            assert GameState.from_json(data) == state
            for viewer in (0, 1):
                view = observe(state, viewer)
                json.dumps(view)
                assert observe(_hidden_changed(state, viewer), viewer) == view
            spectator = observe(state, None)
            assert all("hand" not in p for p in spectator["players"])
    return state, log


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_invariants_and_end_under_the_round_limit(seed):
    state, log = _play(seed, check=True)
    assert outcome(state) == {"winner": None, "reason": "round_limit"}
    assert state.round == 4
    assert all(Action.parse(text) for text in log)


@pytest.mark.parametrize("seed", [11, 12])
def test_same_seed_and_actions_replay_to_the_same_state(seed):
    state, log = _play(seed, check=False)
    replay = new_game(_config(seed))
    for text in log:
        replay = apply(replay, text)
    assert replay.digest() == state.digest()
    assert new_game(_config(seed)).digest() != new_game(_config(seed + 2)).digest()


def test_others_hand_is_hidden_but_own_hand_is_shown():
    state = new_game(_config(3))
    mine, theirs = observe(state, 0)["players"]
    assert len(mine["hand"]) == 7 and "hand" not in theirs and theirs["hand_count"] == 7
    assert "plot_deck" not in theirs and theirs["plot_deck_count"] == 7
    visible = json.dumps(observe(state, 0))
    for ref in state.players[1].hand + state.players[0].deck + state.players[1].deck:
        assert f'"{ref}"' not in visible
