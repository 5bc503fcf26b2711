"""A pending reduction with ``no_penalty`` (rules.penalty_ignored): the next card marshalled
pays no gold penalty, and uses it up (House Bannerman, cad_56)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import HOST, apply, hand, marshalling, marshals


def _ignore(state, seat):
    data = {"amount": 0, "houses": [], "types": [], "icon": None, "no_penalty": True}
    add_lasting(state, "reduction", seat, "phase", None, **data)


def test_the_penalty_is_ignored_once():
    state = marshalling({"house": "Stark", "hand": [HOST, HOST], "gold": 20})
    first, second = hand(state, 0, HOST)
    assert gold_cost(state, 0, first) == 7
    _ignore(state, 0)
    assert gold_cost(state, 0, first) == 5
    (action,) = [a for a in marshals(state, 0, first) if a.kind.startswith("marshal")]
    state = apply(state, action)
    assert state.players[0].gold == 15 and gold_cost(state, 0, second) == 7


def test_only_the_seat_of_the_effect():
    state = marshalling({"house": "Stark", "hand": [HOST]}, {"house": "Stark", "hand": [HOST]})
    _ignore(state, 1)
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 7
