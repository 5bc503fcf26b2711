"""``draw_cap`` is a number: a lasting effect adds its ``amount`` to a seat's draw cap beyond
the draw phase (Podrick Payne, cad_46), and the cap never goes below 0 draws."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import add_lasting, value
from tests.gameplay.cardtest import KNIGHT, joust


def test_a_lasting_draw_cap_change_adds_up():
    state = joust({"deck": [KNIGHT] * 6}, {})
    add_lasting(state, "draw_cap", 0, "round", None, amount=-1)
    add_lasting(state, "draw_cap", 0, "round", None, amount=-1)
    assert value(state, "draw_cap", 0, moves.DRAW_CAP) == 1
    assert moves.effect_draw(state, 0, 3) == 1


def test_a_cap_below_zero_draws_nothing():
    state = joust({"deck": [KNIGHT] * 6}, {})
    add_lasting(state, "draw_cap", 0, "round", None, amount=-5)
    assert moves.effect_draw(state, 0, 2) == 0 and not state.players[0].hand
