from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from tests.gameplay.scenario import apply, build, hand, in_play


def _marshal(me, other=None):
    return build(phase="marshalling", players=[me, other or {"house": "Lannister"}])


def test_cost_and_gold_penalty_are_paid():
    state = _marshal({"hand": ["Eddard Stark", "Cersei's Attendant", "Jon Snow"], "gold": 8})
    ned, attendant, jon = state.players[0].hand
    state = apply(state, Action(0, "marshal:play", (ned,)))
    assert state.players[0].gold == 4 and ned in state.players[0].in_play
    state = apply(state, Action(0, "marshal:play", (attendant,)))  # 1 + 2 penalty
    assert state.players[0].gold == 1
    with pytest.raises(IllegalAction, match="costs 3 gold; you have 1"):
        apply(state, Action(0, "marshal:play", (jon,)))
    assert Action(0, "marshal:play", (jon,)) not in legal_actions(state, 0)


def test_income_is_plot_income_plus_bonuses_at_the_start_of_the_turn():
    state = _marshal(
        {"gold": 0},
        {
            "house": "Lannister",
            "revealed_plot": "Calm Over Westeros",
            "in_play": [{"card": "The Goldroad", "knelt": True}],
            "hand": ["The Goldroad"],
        },
    )
    state = apply(state, Action(0, "pass"))
    assert state.players[1].gold == 5  # 4 + 1, even knelt
    state = apply(state, Action(1, "marshal:play", (state.players[1].hand[0],)))
    assert state.players[1].gold == 5  # Goldroad costs 0; its bonus counts next round


def test_unique_card_cannot_be_played_twice_or_from_the_dead_pile():
    state = _marshal(
        {
            "hand": ["Arya Stark", "Sansa Stark"],
            "in_play": ["Arya Stark"],
            "dead": ["Sansa Stark"],
            "gold": 9,
        }
    )
    arya, sansa = state.players[0].hand
    with pytest.raises(IllegalAction, match="already have a copy in play"):
        apply(state, Action(0, "marshal:play", (arya,)))
    with pytest.raises(IllegalAction, match="dead pile"):
        apply(state, Action(0, "marshal:play", (sansa,)))


def test_duplicate_is_free_and_goes_under_the_unique_card():
    state = _marshal(
        {"hand": ["Arya Stark", "Direwolf Pup"], "in_play": ["Arya Stark", "Hodor"], "gold": 0}
    )
    dupe = hand(state, 0, "Arya Stark")[0]
    base, hodor = in_play(state, 0, "Arya Stark")[0], in_play(state, 0, "Hodor")[0]
    assert Action(0, "marshal:duplicate", (dupe, base)) in legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="not a copy"):
        apply(state, Action(0, "marshal:duplicate", (dupe, hodor)))
    state = apply(state, Action(0, "marshal:duplicate", (dupe, base)))
    assert state.in_play[base].duplicates == [dupe]
    assert state.players[0].gold == 0 and dupe not in state.players[0].hand
    assert dupe not in state.players[0].in_play


def test_no_duplicate_on_an_opponents_card():
    state = _marshal({"hand": ["Jon Snow"]}, {"in_play": ["Jon Snow"]})
    jon, theirs = state.players[0].hand[0], state.players[1].in_play[0]
    with pytest.raises(IllegalAction, match="not a card you control"):
        apply(state, Action(0, "marshal:duplicate", (jon, theirs)))


def test_limited_once_per_round():
    state = _marshal({"hand": ["Great Keep", "Northern Fiefdoms"], "gold": 5})
    keep, fief = state.players[0].hand
    state = apply(state, Action(0, "marshal:play", (keep,)))
    with pytest.raises(IllegalAction, match="already played a Limited card"):
        apply(state, Action(0, "marshal:play", (fief,)))
    state = build(
        phase="marshalling", players=[{"hand": ["Great Keep"], "limited_played": True}, {}]
    )
    assert legal_actions(state, 0) == [Action(0, "pass")]


def test_attachments_need_a_legal_character():
    state = _marshal(
        {"hand": ["Summer", "Ice"], "in_play": ["Hodor", "Arya Stark", "Great Keep"], "gold": 5}
    )
    summer = hand(state, 0, "Summer")[0]
    hodor, arya = in_play(state, 0, "Hodor")[0], in_play(state, 0, "Arya Stark")[0]
    keep = in_play(state, 0, "Great Keep")[0]
    targets = {a.cards[1] for a in legal_actions(state, 0) if a.cards[:1] == (summer,)}
    assert targets == {arya}
    for target, why in ((hodor, "cannot take"), (keep, "cannot take")):
        with pytest.raises(IllegalAction, match=why):
            apply(state, Action(0, "marshal:play", (summer, target)))
    with pytest.raises(IllegalAction, match="name the character"):
        apply(state, Action(0, "marshal:play", (summer,)))
    state = apply(state, Action(0, "marshal:play", (summer, arya)))
    assert state.in_play[summer].attached_to == arya and state.players[0].gold == 4


def test_illegal_actions_raise_and_change_nothing():
    state = _marshal({"hand": ["Eddard Stark"], "gold": 3}, {"hand": ["Cersei's Attendant"]})
    before = state.to_json()
    ned = state.players[0].hand[0]
    attempts = [
        (Action(0, "marshal:play", (ned,)), "costs 4 gold"),
        (Action(1, "pass"), "no decision now"),
        (Action(0, "plot:choose", (ned,)), "not allowed at step window"),
        (Action(0, "marshal:play", ("c999",)), "not in your hand"),
        (Action(5, "pass"), "no seat 5"),
    ]
    for action, why in attempts:
        with pytest.raises(IllegalAction, match=why):
            apply(state, action)
        assert state.to_json() == before


def test_after_marshalling_the_round_ends_and_cards_stand():
    state = _marshal(
        {"in_play": [{"card": "Hodor", "knelt": True}], "gold": 4, "deck": ["Direwolf Pup"] * 5},
        {"house": "Lannister"},
    )
    state = apply(state, Action(0, "pass"))
    state = apply(state, Action(1, "pass"))
    assert state.round == 2 and state.phase == "plot"
    assert not any(r.knelt for r in state.in_play.values())
    assert [p.gold for p in state.players] == [0, 0]
    assert any(e["event"] == "phase" and e["phase"] == "challenges" for e in state.log)
