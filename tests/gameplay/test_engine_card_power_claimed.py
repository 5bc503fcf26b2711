"""moves.card_power fires the forced moment ``card_power_claimed`` (``card``, ``amount``)
when a character claims power (Greyscale, btns_97), never for power taken away."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, joust, ref

GREYSCALED = {"card": KNIGHT, "attachments": ["btns_97"]}


def test_claiming_power_fires_the_forced_moment():
    state = joust({"in_play": [GREYSCALED]}, {})
    knight = ref(state, 0, KNIGHT)
    moves.card_power(state, knight, 2, "test")
    run(state)
    assert state.in_play[knight].power == 2 and state.in_play[knight].gold == 1


def test_losing_power_fires_nothing():
    state = joust({"in_play": [{**GREYSCALED, "power": 2}]}, {})
    knight = ref(state, 0, KNIGHT)
    moves.card_power(state, knight, -1, "test")
    run(state)
    assert state.in_play[knight].gold == 0
