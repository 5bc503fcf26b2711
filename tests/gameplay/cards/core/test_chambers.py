"""The four Chambers of the Core Set (gameplay/engine/cards/core/chambers.py): played as
a location or onto the House card, a location either way."""

from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.cards.core.chambers import on_house
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.rules import income
from gameplay.engine.windows import total_influence
from tests.gameplay.scenario import apply, build, hand

CHAMBERS = ["core_28", "core_60", "core_94", "core_130"]


@pytest.mark.parametrize("chambers", CHAMBERS)
def test_chambers_may_be_played_onto_the_house_card(chambers):
    state = build(players=[{"hand": [chambers, "Crossroads"], "gold": 5}, {}])
    card = hand(state, 0, chambers)[0]
    marshals = [a for a in legal_actions(state, 0) if a.kind == "marshal:play"]
    assert Action(0, "marshal:play", (card,), "house") in marshals
    assert Action(0, "marshal:play", (card,)) in marshals
    before = income(state, 0)
    state = apply(state, Action(0, "marshal:play", (card,), "house"))
    assert on_house(state, card)
    marshalled = [e for e in state.log if e["event"] == "marshalled"][-1]
    assert marshalled["target"] == "house" and marshalled["card"] == card
    # Still a location: its income and influence count.
    assert income(state, 0) == before + 1
    assert total_influence(state, 0) == 1


def test_only_the_chambers_go_onto_the_house_card():
    state = build(players=[{"hand": ["Crossroads", "core_28"], "gold": 5}, {}])
    crossroads = hand(state, 0, "Crossroads")[0]
    with pytest.raises(IllegalAction, match="only the Chambers"):
        apply(state, Action(0, "marshal:play", (crossroads,), "house"))
    chambers = hand(state, 0, "core_28")[0]
    with pytest.raises(IllegalAction, match="only the Chambers"):
        apply(state, Action(0, "marshal:play", (chambers,), "tower"))
    played = apply(state, Action(0, "marshal:play", (chambers,)))
    assert not on_house(played, chambers)
