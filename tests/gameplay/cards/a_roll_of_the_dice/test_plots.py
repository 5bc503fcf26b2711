"""A Roll of the Dice: Lead by Example (gameplay/engine/cards/a_roll_of_the_dice/plots.py)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    until_prompt,
)


def test_lead_by_example_needs_two_attackers_to_initiate():
    state = joust({"revealed_plot": "btns_120", "in_play": [KNIGHT]}, {"in_play": [HOST]})
    assert not [a for a in legal_actions(pass_windows(state), 0) if a.kind == "challenge:military"]
    state = joust({"revealed_plot": "btns_120", "in_play": [KNIGHT, HOST]}, {"in_play": [HOST]})
    assert [a for a in legal_actions(pass_windows(state), 0) if a.kind == "challenge:military"]


def test_lead_by_example_asks_for_two_attackers_and_two_defenders():
    me = {"revealed_plot": "btns_120", "in_play": [KNIGHT, KNIGHT, HOST]}
    state = joust(me, {"in_play": [HOST, KNIGHT, STEWARD]})
    state = act(pass_windows(state), 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "attackers" and head(state)["min"] == 2
    state = answer(state, "attackers", [ref(state, 0, KNIGHT), ref(state, 0, HOST)])
    state = until_prompt(state, "defenders")
    assert head(state).get("at_least") == 2


def test_lead_by_example_no_defence_by_a_lone_character():
    me = {"revealed_plot": "btns_120", "in_play": [KNIGHT, HOST]}
    state = joust(me, {"in_play": [HOST]})
    state = initiate(state, "military", [ref(state, 0, KNIGHT), ref(state, 0, HOST)])
    for _ in range(10):
        if head(state).get("purpose") == "defenders" or state.challenge is None:
            break
        state = pass_windows(state)
    assert head(state).get("purpose") != "defenders" or not head(state)["candidates"]


def test_without_lead_by_example_one_attacker_is_enough():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [HOST]})
    state = initiate(state, "military")
    assert state.challenge is not None
