"""The ``stand`` cost with ``any_type`` (gameplay/engine/uses.py ``stand_candidates``):
"stand 1 influence providing card to ..." (Dosh Khaleen, w_15) may stand a knelt card of any
type; without it only knelt characters are candidates (Sacred Bonds)."""

from __future__ import annotations

from gameplay.engine.abilities import Cost
from gameplay.engine.uses import stand_candidates
from tests.gameplay.cardtest import KNIGHT, joust, ref

CROSSROADS = "core_138"  # a location


def _position():
    me = {"in_play": [{"card": KNIGHT, "knelt": True}, {"card": CROSSROADS, "knelt": True}]}
    return joust(me, {}, auto_pass=False)


def test_a_stand_cost_with_any_type_may_stand_a_location():
    state = _position()
    cost = Cost("stand", 1, any_type=True)
    assert set(stand_candidates(state, 0, cost)) == {
        ref(state, 0, KNIGHT),
        ref(state, 0, CROSSROADS),
    }


def test_a_stand_cost_stands_only_characters_by_default():
    state = _position()
    assert stand_candidates(state, 0, Cost("stand", 1)) == [ref(state, 0, KNIGHT)]
