"""A Change of Seasons: "ator_41" The Long Winter and "ator_44" The Long Summer (on a
player's House card, house_card.py), "ator_45" Demon's Dance (the trigger season_changed)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from gameplay.engine.game import IllegalAction
from tests.gameplay.cardtest import (
    CALM,
    KNIGHT,
    STEWARD,
    act,
    calm_marshalling,
    marshals,
    pass_windows,
    ref,
    set_season,
    until_window,
    use,
)

LONG_WINTER = "ator_41"
LONG_SUMMER = "ator_44"
DEMONS_DANCE = "ator_45"
BLACK_RAVEN = "ator_2"


def _long_season(card: str, word: str, other: str, change: int) -> None:
    # Seat 0 (Lannister) plays onto seat 1's Stark House card; a second copy may not go there.
    state = calm_marshalling(
        {"house": "Lannister", "hand": [card, card], "gold": 10, "in_play": [STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    first, second = state.players[0].hand
    assert {a.choice for a in marshals(state, 0, first)} == {"house", "house_1"}
    state = pass_windows(act(state, 0, "marshal:play", [first], "house_1"))
    assert {a.choice for a in marshals(state, 0, second)} == {"house"}  # Limit 1 per House card
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [second], "house_1")
    knight, steward = ref(state, 1, KNIGHT), ref(state, 0, STEWARD)
    assert strength(state, knight) == 2
    set_season(state, word)
    assert strength(state, knight) == 2 + change and strength(state, steward) == 2
    state.effects[-1]["add"] = [other]
    state = act(state, 1, "table:kneel", [knight])  # any action runs the checks
    assert first in state.players[0].hand and first not in state.in_play


def test_the_long_winter_lowers_that_houses_characters_in_winter_and_returns_in_summer():
    _long_season(LONG_WINTER, "Winter", "Summer", -1)


def test_the_long_summer_raises_that_houses_characters_in_summer_and_returns_in_winter():
    _long_season(LONG_SUMMER, "Summer", "Winter", 1)


def test_demons_dance_kills_the_attached_character_when_it_becomes_summer():
    state = calm_marshalling(
        {"hand": [DEMONS_DANCE, BLACK_RAVEN], "gold": 2},
        {"in_play": [KNIGHT], "revealed_plot": CALM},
    )
    dance, raven = state.players[0].hand
    knight = ref(state, 1, KNIGHT)
    state = pass_windows(act(state, 0, "marshal:play", [dance, knight]))
    state = act(state, 0, "marshal:play", [raven], "house")
    state = until_window(state, "season_changed")
    state = pass_windows(use(state, 0, dance))
    assert knight in state.players[1].dead
    assert [e["season"] for e in state.log if e["event"] == "season_changed"] == ["summer"]
