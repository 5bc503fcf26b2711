"""The Winds of Winter: "ator_24" White Raven on your House card (house_card.py)."""

from __future__ import annotations

from gameplay.engine.abilities import season
from gameplay.engine.actions import Action
from gameplay.engine.rules import income
from tests.gameplay.cardtest import (
    act,
    calm_marshalling,
    marshals,
    on_house,
    pass_windows,
)

WHITE_RAVEN = "ator_24"
BLACK_RAVEN = "ator_2"


def test_white_raven_discards_black_raven_makes_winter_and_lowers_income():
    state = calm_marshalling({"hand": [WHITE_RAVEN], "gold": 3})
    black = on_house(state, 1, BLACK_RAVEN)
    assert season(state) == "summer"
    before = [income(state, 0), income(state, 1)]
    raven = state.players[0].hand[0]
    assert marshals(state, 0, raven) == [Action(0, "marshal:play", (raven,), "house")]
    state = pass_windows(act(state, 0, "marshal:play", [raven], "house"))
    assert black in state.players[1].discard
    assert season(state) == "winter"
    assert [income(state, 0), income(state, 1)] == [before[0] - 2, before[1] - 2]
