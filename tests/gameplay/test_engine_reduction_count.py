"""``rules.add_reduction`` with ``count``, ``min_cost`` and ``traits`` (House of Talons):
"reduce the cost of the next 3 Dothraki or Mercenary characters you play this phase by 1
each" (Eastern Market), "the next 2 cards with printed cost 4 or higher ... by 2 each" (The
Bloody Gate). A reduction with ``left`` lowers that many matching cards, one at a time
(``rules.use_reductions``); ``min_cost`` compares the printed cost."""

from __future__ import annotations

from gameplay.engine.rules import add_reduction, gold_cost
from tests.gameplay.cardtest import act, build, hand

DOTHRAKI = "core_119"  # Dothraki Honor Guard: Targaryen Dothraki, cost 4
MERCENARY = "qod_8"  # Hired Swords: Targaryen Mercenary, cost 2
OTHER = "core_122"  # Warlock's Servitors: Targaryen, not Dothraki nor Mercenary, cost 4
CHEAP = "qod_8"


def _position(cards):
    return build(players=[{"house": "Targaryen", "hand": list(cards), "gold": 30}, {}])


def _pay(state, name):
    gold = state.players[0].gold
    state = act(state, 0, "marshal:play", [hand(state, 0, name)[0]])
    return state, gold - state.players[0].gold


def test_a_counted_reduction_lowers_that_many_matching_cards():
    state = _position([DOTHRAKI, MERCENARY, MERCENARY, OTHER])
    add_reduction(
        state, 0, 1, "test", types=("character",), traits=("Dothraki", "Mercenary"), count=2
    )
    assert gold_cost(state, 0, hand(state, 0, OTHER)[0]) == 4  # neither trait
    state, paid = _pay(state, DOTHRAKI)
    assert paid == 3
    left = [e for e in state.effects if e["query"] == "reduction"]
    assert len(left) == 1 and "left" not in left[0]  # one card more
    state, paid = _pay(state, MERCENARY)
    assert paid == 1
    state, paid = _pay(state, MERCENARY)
    assert paid == 2  # used up
    assert not [e for e in state.effects if e["query"] == "reduction"]


def test_a_minimum_printed_cost():
    state = _position([CHEAP, OTHER])
    add_reduction(state, 0, 2, "test", min_cost=4)
    assert gold_cost(state, 0, hand(state, 0, CHEAP)[0]) == 2
    assert gold_cost(state, 0, hand(state, 0, OTHER)[0]) == 2  # 4 - 2
    state, paid = _pay(state, CHEAP)
    assert paid == 2 and [e for e in state.effects if e["query"] == "reduction"]
