"""Blood Magic Ritual (asots_93, gameplay/engine/cards/the_captains_command/blood_magic.py).

Fillers: Knight of the Tumblestone (2 STR), Host of Storm's End (an Army), Lannisport
Steward."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import attached_to
from gameplay.engine.actions import Action
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    apply,
    code,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    use,
    uses,
)
from tests.gameplay.scenario import settle

RITUAL = "asots_93"


def _out(dead):
    me = {"house": "Targaryen", "in_play": [STEWARD], "dead": dead, "gold": 3}
    state = joust(me, {})
    ritual = shadow(state, 0, RITUAL)
    steward = ref(state, 0, STEWARD)
    state = apply(state, Action(0, "use", (ritual, steward), "shadow"))
    return state, ritual


def _dead(state, name):
    return next(r for r in state.players[0].dead if state.code(r) == code(name))


def test_blood_magic_ritual_brings_back_a_dead_character_and_attaches_to_it():
    state, ritual = _out([KNIGHT, HOST])
    knight = _dead(state, KNIGHT)
    assert head(state).get("trigger") == "came_out_of_shadows"
    assert [a.cards[1:] for a in uses(state, 0, ritual)] == [(knight,)]  # not the Army
    state = use(state, 0, ritual, knight)
    assert knight in state.players[0].in_play
    assert attached_to(state, ritual) == knight


def test_blood_magic_ritual_leaving_play_kills_that_character():
    state, ritual = _out([KNIGHT])
    knight = _dead(state, KNIGHT)
    state = use(state, 0, ritual, knight)
    state = pass_windows(state)
    moves.discard(state, [ritual])
    run(state)
    state = pass_windows(settle(state))
    assert ritual in state.players[0].discard
    assert knight in state.players[0].dead


def test_blood_magic_ritual_kills_nothing_when_its_character_leaves_first():
    state, ritual = _out([KNIGHT])
    knight = _dead(state, KNIGHT)
    state = use(state, 0, ritual, knight)
    state = pass_windows(state)
    steward = ref(state, 0, STEWARD)
    moves.return_to_hand(state, [knight])
    run(state)
    state = pass_windows(settle(state))
    assert knight in state.players[0].hand and ritual in state.players[0].discard
    assert steward in state.in_play
