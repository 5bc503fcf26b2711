"""House Stark cards of the Core Set (gameplay/engine/cards/core/stark.py): each card's
effect in a position, and a case where it must not be allowed."""

from __future__ import annotations

import pytest

from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    IllegalAction,
    act,
    answer,
    build,
    code,
    describe,
    hand,
    ref,
    use,
    uses,
)


@pytest.mark.parametrize("fiefdoms", ["core_26", "core_27"])
def test_northern_fiefdoms_lowers_the_next_stark_card_by_one(fiefdoms):
    state = build(
        players=[
            {"in_play": [fiefdoms], "hand": ["Eddard Stark", "Arya Stark", "Tyrion Lannister"]},
            {},
        ]
    )
    eddard, arya = hand(state, 0, "Eddard Stark")[0], hand(state, 0, "Arya Stark")[0]
    tyrion = hand(state, 0, "Tyrion Lannister")[0]
    state.players[0].gold = 5
    state = use(state, 0, ref(state, 0, fiefdoms))
    assert state.in_play[ref(state, 0, fiefdoms)].knelt
    assert gold_cost(state, 0, tyrion) == 4 + 2  # not a House Stark card: no reduction
    assert gold_cost(state, 0, eddard) == 3
    state = act(state, 0, "marshal:play", [eddard])
    assert state.players[0].gold == 2
    assert gold_cost(state, 0, arya) == 2  # "the next" card only: used up
    assert not uses(state, 0, ref(state, 0, fiefdoms))  # knelt: not again


def test_northern_fiefdoms_only_in_marshalling():
    state = build(phase="challenges", players=[{"in_play": ["core_26", "Arya Stark"]}, {}])
    assert not uses(state, 0, ref(state, 0, "core_26"))


def test_winterfell_kennels_searches_for_a_direwolf():
    deck = ["Knight of the Tumblestone", "Summer", "Grey Wind", "Hodor"]
    state = build(
        phase="challenges",
        players=[
            {"in_play": ["Winterfell Kennels"], "deck": deck, "gold": 1, "in_play_extra": []},
            {},
        ],
    )
    kennels = ref(state, 0, "Winterfell Kennels")
    (action,) = uses(state, 0, kennels)
    assert describe(state, action).startswith("Winterfell Kennels: Any Phase: Kneel Winterfell")
    state = use(state, 0, kennels)
    prompt = state.queue[0]
    assert prompt["purpose"] == "search"
    found = {state.code(r) for r in prompt["candidates"]}
    assert found == {code("Summer"), code("Grey Wind")}
    grey_wind = next(r for r in prompt["candidates"] if state.code(r) == code("Grey Wind"))
    state = answer(state, "search", [grey_wind])
    assert [state.code(r) for r in state.players[0].hand] == [code("Grey Wind")]
    assert state.players[0].gold == 0 and len(state.players[0].deck) == 3
    assert grey_wind not in state.players[0].deck
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [kennels])  # knelt and no gold
