"""Lords of Winter cards of the second wave, played through legal actions."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import strength, traits
from gameplay.engine.steps import run
from tests.gameplay.cardtest import act, answer, build, hand, head, ref, use, uses

CROSS = "low_34"
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR
KENNELS = "Winterfell Kennels"


def test_they_shall_not_cross_saves_a_location_then_attaches_with_2_str():
    state = build(
        phase="challenges",
        players=[{"house": "Stark", "in_play": [KENNELS, KNIGHT], "hand": [CROSS]}, {}],
    )
    kennels, knight = ref(state, 0, KENNELS), ref(state, 0, KNIGHT)
    cross = hand(state, 0, CROSS)[0]
    moves.discard(state, [kennels])
    run(state)
    state = act(state, 1, "pass")  # asked first, clockwise
    assert [a.cards for a in uses(state, 0, cross)] == [(cross, kennels)]
    state = use(state, 0, cross, kennels)
    if head(state).get("purpose") == "attach_to":
        state = answer(state, "attach_to", [knight])
    assert kennels in state.in_play
    assert state.in_play[cross].attached_to == knight
    assert strength(state, knight) == 4 and "Boon" in traits(state, cross)
    moves.kill(state, [knight])  # it falls off with its bearer, to the discard pile
    run(state)
