"""Marshalling by hand, paying its cost (gameplay/engine/table.py, ``=marshal``): one table
action puts a card from the hand into play and pays the gold the engine would charge, where
it took "Into play" and a "Return 1 gold" per gold before. Each restriction its words state
(the hand, the marshalling phase, the gold, the card's type, unique cards, an attachment's
host) is tested. Its gold is checked against the log in real games with every table action
(tests/gameplay/test_table_invariants.py)."""

from __future__ import annotations

import re

import pytest

from gameplay.board import log_lines
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, apply
from gameplay.engine.rules import facts, gold_cost
from gameplay.engine.state import GameState
from gameplay.engine.table import table_menu
from gameplay.tableview import _short
from tests.gameplay.scenario import build

NAMES = ["Ann", "Bob"]


def _state(*, gold: int = 8, phase: str = "marshalling", **ann) -> GameState:
    spec = {"house": "Stark", "gold": gold, "hand": ["Eddard Stark", "Hodor"]}
    spec |= ann
    return build(
        phase=phase,
        players=[spec, {"house": "Lannister", "hand": ["Tyrion Lannister"]}],
        auto_pass=False,
    )


def _ref(state: GameState, name: str, zone: str = "hand") -> str:
    return next(r for r in getattr(state.players[0], zone) if facts(state, r).name == name)


def _lines(state: GameState) -> list[str]:
    return [line["text"] for line in log_lines(state, state.log, NAMES)[-3:]]


def _marshal(ref: str, host: str | None = None) -> Action:
    return Action(0, "table:move", (ref,) if host is None else (ref, host), "marshal")


def test_a_character_is_marshalled_by_hand_in_one_action_paying_its_cost():
    state = _state()
    ref = _ref(state, "Eddard Stark")
    cost = gold_cost(state, 0, ref)
    assert cost == facts(state, ref).cost == 4  # printed, no penalty: his own House
    action = _marshal(ref)
    assert action in table_menu(state, 0)["cards"][ref]
    assert _short(state, action) == "Marshal, paying 4 gold"
    after = apply(state, action)
    assert ref in after.players[0].in_play and ref not in after.players[0].hand
    assert after.players[0].gold == 4 and not after.in_play[ref].knelt
    paid = [e for e in after.log if e["event"] == "gold_paid"]
    assert [(e["seat"], e["gold"]) for e in paid] == [(0, 4)]  # logged for the gold checks
    lines = _lines(after)
    assert "Ann marshals Eddard Stark by hand, paying 4 gold." in lines
    assert not any("gold" in line for line in lines[:-1])  # the payment has no line of its own
    assert state.players[0].gold == 8  # the state it was applied to is unchanged


def test_an_out_of_house_card_pays_its_gold_penalty_as_the_engine_would():
    state = _state(hand=["Tyrion Lannister"])
    ref = _ref(state, "Tyrion Lannister")
    cost = gold_cost(state, 0, ref)
    assert cost is not None and cost > facts(state, ref).cost  # the penalty
    assert _short(state, _marshal(ref)) == f"Marshal, paying {cost} gold"
    after = apply(state, _marshal(ref))
    assert after.players[0].gold == 8 - cost


def test_an_attachment_is_marshalled_onto_a_host_and_must_name_one():
    state = _state(hand=["Ice"], in_play=["Eddard Stark"])
    ice, eddard = _ref(state, "Ice"), _ref(state, "Eddard Stark", "in_play")
    with pytest.raises(IllegalAction, match="Name the card to marshal Ice onto"):
        apply(state, _marshal(ice))
    assert _marshal(ice, eddard) in table_menu(state, 0)["cards"][ice]
    after = apply(state, _marshal(ice, eddard))
    assert after.in_play[ice].attached_to == eddard
    assert after.players[0].gold == 8 - gold_cost(state, 0, ice, eddard)
    lines = _lines(after)
    assert "Ann marshals Ice onto Eddard Stark by hand, paying 2 gold." in lines


@pytest.mark.parametrize(
    ("setup", "name", "words"),
    [
        ({"gold": 3}, "Eddard Stark", "Eddard Stark costs 4 gold; you have 3."),
        ({"phase": "challenges"}, "Eddard Stark", "Cards are marshalled in the marshalling"),
        ({"hand": ["Guilty!"]}, "Guilty!", "(event) is not marshalled"),
        (
            {"hand": ["Eddard Stark"], "in_play": ["Eddard Stark"]},
            "Eddard Stark",
            "unique",
        ),
    ],
)
def test_what_cannot_be_marshalled_by_hand_is_refused_and_not_offered(setup, name, words):
    state = _state(**setup)
    ref = _ref(state, name)
    with pytest.raises(IllegalAction, match=re.escape(words)):
        apply(state, _marshal(ref))
    assert _marshal(ref) not in table_menu(state, 0)["cards"].get(ref, [])


def test_only_a_card_in_the_hand_is_marshalled():
    state = _state(discard=["Hodor"])
    ref = _ref(state, "Hodor", "discard")
    with pytest.raises(IllegalAction, match="not in your hand"):
        apply(state, _marshal(ref))
    assert _marshal(ref) not in table_menu(state, 0)["cards"].get(ref, [])


def test_another_players_card_is_not_marshalled():
    state = _state()
    theirs = state.players[1].hand[0]
    with pytest.raises(IllegalAction) as refused:
        apply(state, _marshal(theirs))
    assert "Tyrion" not in str(refused.value)  # a hidden card is never named
