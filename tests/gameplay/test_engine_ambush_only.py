"""An ``ambush_only`` cost reduction (rules._reductions): "lower the cost of the next
character you put into play using ambush" lowers an Ambush influence cost, never the gold
cost of a marshalled card."""

from __future__ import annotations

from gameplay.engine.rules import add_reduction, ambush_cost, gold_cost
from tests.gameplay.cardtest import build

CHASER = "acoa_59"  # Dragon Chaser: Targaryen character, cost 4, Ambush


def _position(ambush_only: bool):
    state = build(players=[{"house": "Targaryen", "hand": [CHASER], "gold": 9}, {}])
    add_reduction(state, 0, 1, "test", types=("character",))
    state.effects[-1].update(ambush=True, ambush_only=ambush_only)
    return state, state.players[0].hand[0]


def test_an_ambush_only_reduction_lowers_ambush_but_not_marshalling():
    state, chaser = _position(ambush_only=True)
    assert ambush_cost(state, 0, chaser) == 3
    assert gold_cost(state, 0, chaser) == 4


def test_an_ambush_reduction_without_the_flag_lowers_both():
    state, chaser = _position(ambush_only=False)
    assert ambush_cost(state, 0, chaser) == 3
    assert gold_cost(state, 0, chaser) == 3
