"""The Horn that Wakes: Coldhands, Melisandre's Favor and Ygritte
(gameplay/engine/cards/the_horn_that_wakes/control.py).

Fillers: Host of Storm's End (Baratheon Army, 6 STR), Knight of the Tumblestone (Stark,
2 STR), Lannisport Steward (Lannister, 2 STR), Benjen Stark (core_135, a neutral Night's
Watch character)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import allowed, controller
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    ref,
    until_seat,
    use,
    uses,
)
from tests.gameplay.scenario import apply, settle

COLDHANDS = "kr_61"
FAVOR = "kr_63"
YGRITTE = "kr_78"
BENJEN = "core_135"


def _marshalling(me: dict, them: dict):
    return joust({"gold": 8, **me}, them, phase="marshalling")


# --- kr_61 Coldhands -----------------------------------------------------------------------


def _coldhands():
    me = {"house": "Stark", "hand": [COLDHANDS], "in_play": [KNIGHT, HOST]}
    state = _marshalling(me, {"in_play": [STEWARD, HOST]})
    coldhands = hand(state, 0, COLDHANDS)[0]
    state = act(state, 0, "marshal:play", [coldhands])
    state = until_seat(state, 0)
    return use(state, 0, coldhands), coldhands


def test_coldhands_removes_a_non_army_character_of_each_player_until_he_leaves_play():
    state, coldhands = _coldhands()
    knight, steward = ref(state, 0, KNIGHT), ref(state, 1, STEWARD)
    prompt = head(state)
    assert prompt["purpose"] == "remove" and set(prompt["candidates"]) == {knight, coldhands}
    state = answer(state, "remove", [knight])  # the Steward, not the Army: no choice left
    assert knight in state.players[0].removed and steward in state.players[1].removed
    moves.kill(state, [coldhands])
    run(state)
    state = settle(state)
    assert coldhands in state.players[0].dead
    assert controller(state, knight) == 0 and controller(state, steward) == 1
    assert not state.players[0].removed and not state.players[1].removed


def test_coldhands_cannot_be_saved():
    state, coldhands = _coldhands()
    assert not allowed(state, "can_be_saved", coldhands)
    assert allowed(state, "can_be_saved", ref(state, 0, KNIGHT))


def test_coldhands_answers_only_his_own_play():
    me = {"house": "Stark", "hand": [KNIGHT], "in_play": [COLDHANDS]}
    state = _marshalling(me, {"in_play": [STEWARD]})
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert not uses(state, 0, ref(state, 0, COLDHANDS))


# --- kr_63 Melisandre's Favor --------------------------------------------------------------


def test_melisandres_favor_takes_control_until_the_end_of_the_dominance_phase():
    me = {"house": "Baratheon", "hand": [FAVOR], "in_play": [KNIGHT]}
    state = _marshalling(me, {"in_play": [STEWARD]})
    favor, steward = hand(state, 0, FAVOR)[0], ref(state, 1, STEWARD)
    (action,) = [a for a in marshals(state, 0, favor) if a.cards[1:] == (steward,)]
    state = apply(state, action)
    assert controller(state, steward) == 0
    state = pass_until(state, lambda s: s.phase == "standing" or favor not in s.in_play)
    assert favor in state.players[0].discard and controller(state, steward) == 1


# --- kr_78 Ygritte -------------------------------------------------------------------------


def _ygritte():
    me = {"house": "Stark", "hand": [YGRITTE], "in_play": [KNIGHT]}
    state = _marshalling(me, {"in_play": [BENJEN, STEWARD]})
    ygritte = hand(state, 0, YGRITTE)[0]
    state = act(state, 0, "marshal:play", [ygritte])
    return until_seat(state, 0), ygritte


def test_ygritte_takes_control_of_a_neutral_or_nights_watch_character_while_in_play():
    state, ygritte = _ygritte()
    benjen = ref(state, 1, BENJEN)
    assert [a.cards[1:] for a in uses(state, 0, ygritte)] == [(benjen,)]  # not the Steward
    state = use(state, 0, ygritte, benjen)
    assert controller(state, benjen) == 0
    moves.kill(state, [ygritte])
    run(state)
    state = settle(state)
    assert controller(state, benjen) == 1
