"""The Isle of Ravens: Plaza of Purification (soo_70), "During the marshalling phase, you may
pay any amount of the gold cost of Army characters using influence instead", played through
legal actions (the variants ``marshal:play:<card>=influence_N``).

Fillers: Host of Storm's End (core_89, a Baratheon Army, cost 5), Knight of the Tumblestone (a
Stark Knight, no Army), Kingsroad Fiefdom (qod_42, a location with 2 influence), Advisor to the
Crown (qod_39, a character with 2 influence)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import value
from gameplay.engine.bots import GreedyBot
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.influence import COST_AS_INFLUENCE
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    hand,
    head,
    joust,
    marshals,
    ref,
    waiting_seats,
)

PLAZA, FIEFDOM, ADVISOR = "soo_70", "qod_42", "qod_39"


def _turn(gold: int, mine=(PLAZA, FIEFDOM, ADVISOR), theirs=(), cards=(HOST, KNIGHT)):
    me = {"house": "Baratheon", "in_play": list(mine), "hand": list(cards), "gold": gold}
    return build(players=[me, {"house": "Lannister", "in_play": list(theirs)}])


def _choices(state, name=HOST) -> list[str]:
    card = hand(state, 0, name)[0]
    return sorted(a.choice for a in marshals(state, 0, card) if a.kind == "marshal:play")


def test_soo_70_plaza_pays_part_of_an_army_cost_in_influence():
    state = _turn(gold=3)
    host, fiefdom = hand(state, 0, HOST)[0], ref(state, 0, FIEFDOM)
    # 5 gold: 3 from the pool at most, so 2 to 4 in influence (4 is all the seat produces).
    assert _choices(state) == ["influence_2", "influence_3", "influence_4"]
    state = act(state, 0, "marshal:play", [host], choice="influence_2")
    assert head(state)["purpose"] == "influence" and head(state)["need"] == 2
    state = answer(state, "influence", [fiefdom])
    assert host in state.in_play and state.players[0].gold == 0
    assert state.in_play[fiefdom].knelt and not state.in_play[ref(state, 0, ADVISOR)].knelt


def test_soo_70_plaza_the_whole_cost_and_overpaying_influence():
    state = _turn(gold=0, mine=(PLAZA, FIEFDOM, FIEFDOM, ADVISOR))
    assert _choices(state) == ["influence_5"]
    state = act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]], choice="influence_5")
    # Only 6 influence (all three cards) pays 5: the prompt answers itself, the rest is lost.
    cards = [ref(state, 0, FIEFDOM), ref(state, 0, FIEFDOM, 1), ref(state, 0, ADVISOR)]
    assert all(state.in_play[c].knelt for c in cards)
    assert ref(state, 0, HOST) in state.in_play and state.players[0].gold == 0


def test_soo_70_plaza_gold_stays_a_choice():
    state = _turn(gold=5)
    assert _choices(state) == ["", "influence_1", "influence_2", "influence_3", "influence_4"]
    state = act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]])
    assert state.players[0].gold == 0 and not state.in_play[ref(state, 0, FIEFDOM)].knelt


def test_soo_70_plaza_only_army_characters():
    state = _turn(gold=0)
    assert _choices(state, KNIGHT) == []
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]], choice="influence_1")


def test_soo_70_plaza_only_its_controller():
    state = _turn(gold=3, mine=(FIEFDOM, ADVISOR), theirs=(PLAZA,))
    assert _choices(state) == []
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]], choice="influence_2")


def test_soo_70_plaza_not_more_than_the_influence_produced():
    state = _turn(gold=3, mine=(PLAZA, FIEFDOM))
    assert _choices(state) == ["influence_2"]
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]], choice="influence_3")


def test_soo_70_plaza_only_during_the_marshalling_phase():
    state = joust(
        {"house": "Baratheon", "in_play": [PLAZA, FIEFDOM, KNIGHT], "hand": [HOST]},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    assert state.phase == "challenges"
    assert value(state, COST_AS_INFLUENCE, (0, hand(state, 0, HOST)[0]), False) is False
    marshalling = _turn(gold=3)
    assert value(marshalling, COST_AS_INFLUENCE, (0, hand(marshalling, 0, HOST)[0]), False)


def test_soo_70_plaza_a_bot_marshals_with_influence():
    state = _turn(gold=3, cards=(HOST,))
    bot = GreedyBot(7)
    for _ in range(10):
        if any(state.code(r) == "core_89" for r in state.in_play):
            break
        seat = waiting_seats(state)[0]
        action = bot.choose(observe(state, seat), legal_actions(state, seat))
        state = act(state, seat, action.kind, list(action.cards), choice=action.choice)
    assert any(state.code(r) == "core_89" for r in state.in_play)
    assert state.players[0].gold == 0
