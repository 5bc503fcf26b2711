"""Variant configuration and the Littlefinger variant's gold gifts."""

from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import ConfigError, GameConfig, IllegalAction, legal_actions, new_game
from gameplay.engine.simulate import load_deck
from tests.gameplay.scenario import apply, build
from tests.gameplay.test_challenges import turn

DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")


def _config(variant, count, **extra):
    return GameConfig(
        players=tuple(load_deck(DECKS[i % 4]) for i in range(count)), variant=variant, **extra
    )


@pytest.mark.parametrize(
    ("variant", "count", "message"),
    [
        ("joust", 3, "joust needs 2 players, not 3"),
        ("melee", 2, "melee needs 3 to 4 players, not 2"),
        ("teams", 3, "teams needs 4 players, not 3"),
        ("chess", 2, "Unknown variant 'chess'"),
    ],
)
def test_player_counts_are_checked_per_variant(variant, count, message):
    with pytest.raises(ConfigError, match=message):
        new_game(_config(variant, count))


def test_littlefinger_is_a_melee_variant():
    with pytest.raises(ConfigError, match="Littlefinger variant is played with titles"):
        new_game(_config("joust", 2, littlefinger=True))
    state = new_game(_config("melee", 3, littlefinger=True))
    assert state.littlefinger and len(state.title_pool) == 6


def test_teams_seat_partners_across_the_table():
    state = new_game(_config("teams", 4))
    assert [p.team for p in state.players] == [0, 1, 0, 1]
    assert state.opponents(0) == [1, 3] and state.opponents(1) == [2, 0]


def _challenges(littlefinger=True):
    players = [
        {"house": "Stark", "in_play": ["Eddard Stark"], "gold": 3},
        {"house": "Lannister", "in_play": ["Ser Jaime Lannister"], "gold": 0},
        {"house": "Baratheon", "in_play": ["Robert Baratheon"], "gold": 1},
    ]
    state = build(phase="challenges", players=players)
    state.littlefinger = littlefinger
    return state


def test_littlefinger_gold_can_be_given_outside_marshalling():
    state = _challenges()
    gifts = [a for a in legal_actions(state, 0) if a.kind == "give"]
    assert len(gifts) == 6  # 1-3 gold to each of two players
    state = apply(state, Action(0, "give", choice="2_3"))
    assert [p.gold for p in state.players] == [0, 0, 4]
    assert turn(state)[0] == "before_challenge"  # still this player's turn
    with pytest.raises(IllegalAction, match="not a seat and an amount"):
        apply(state, Action(0, "give", choice="1_1"))


def test_no_gifts_without_the_variant_or_during_marshalling():
    state = _challenges(littlefinger=False)
    assert not [a for a in legal_actions(state, 0) if a.kind == "give"]
    with pytest.raises(IllegalAction, match="only in the Littlefinger variant"):
        apply(state, Action(0, "give", choice="1_1"))
    marshal = build(phase="marshalling", players=[{"gold": 3}, {}, {}])
    marshal.littlefinger = True
    with pytest.raises(IllegalAction, match="Gold cannot be given during the marshalling phase"):
        apply(marshal, Action(0, "give", choice="1_1"))
