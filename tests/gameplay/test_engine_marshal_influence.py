"""Influence paying part of a marshalling cost (issue 28): the passive flag query
``cost_as_influence`` (influence.COST_AS_INFLUENCE, subject ``(seat, ref)``) offers the variants
``marshal:play:<card>=influence_N`` (influence.marshal_influence_choices); the N influence is
paid like any influence cost (ask_influence: the Hand of the King, the House card, cards
knelt), then the rest of the cost in gold (game._marshal). Without a card answering the
query, marshalling is as before."""

from __future__ import annotations

import pytest

from gameplay.engine import abilities
from gameplay.engine.abilities import register
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, describe, legal_actions
from gameplay.engine.influence import (
    COST_AS_INFLUENCE,
    marshal_influence,
    marshal_influence_choices,
)
from gameplay.engine.rules import check_marshal
from tests.gameplay.cardtest import KNIGHT, act, answer, build, events, hand, head, ref

FIEFDOM = "qod_42"  # Kingsroad Fiefdom, 2 influence
STEWARD = "Lannisport Steward"  # cost 2


def _turn(gold: int):
    me = {"house": "Lannister", "in_play": [FIEFDOM], "hand": [STEWARD], "gold": gold}
    return build(players=[me, {"in_play": [KNIGHT]}])


@pytest.fixture
def every_card(monkeypatch):
    """Kingsroad Fiefdom answers ``cost_as_influence`` for any card of its controller."""
    code = "qod_42"
    monkeypatch.setitem(abilities.SCRIPTS, code, abilities.Script())
    monkeypatch.setitem(abilities.PASSIVE_CODES, COST_AS_INFLUENCE, set())
    register(code, passives={COST_AS_INFLUENCE: lambda state, src, subject, base: True})


def test_marshal_influence_reads_the_choice():
    assert marshal_influence("influence_3") == 3
    assert marshal_influence("") == marshal_influence(None) == 0
    assert marshal_influence("house") == marshal_influence("influence_x") == 0


def test_check_marshal_counts_the_influence_part():
    state = _turn(gold=0)
    steward = hand(state, 0, STEWARD)[0]
    assert check_marshal(state, 0, (steward,)) is not None
    assert check_marshal(state, 0, (steward,), influence=2) is None


def test_no_influence_variant_without_a_card_answering():
    state = _turn(gold=2)
    steward = hand(state, 0, STEWARD)[0]
    assert marshal_influence_choices(state, 0, (steward,)) == []
    assert [a.choice for a in legal_actions(state, 0) if a.cards[:1] == (steward,)] == [""]
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [steward], choice="influence_1")


def test_influence_pays_part_of_the_cost_then_gold(every_card):
    state = _turn(gold=1)
    steward, fiefdom = hand(state, 0, STEWARD)[0], ref(state, 0, FIEFDOM)
    assert marshal_influence_choices(state, 0, (steward,)) == ["influence_1", "influence_2"]
    label = describe(state, Action(0, "marshal:play", (steward,), "influence_1"))
    assert label.endswith("paying 1 of its cost in influence")
    state = act(state, 0, "marshal:play", [steward], choice="influence_1")
    if head(state).get("purpose") == "influence":  # the only card: it answers itself
        state = answer(state, "influence", [fiefdom])
    assert steward in state.in_play and state.in_play[fiefdom].knelt
    assert state.players[0].gold == 0  # 1 gold + 1 influence (the Fiefdom's other 1 is lost)
    assert events(state, "marshalled")[-1]["gold"] == 1
