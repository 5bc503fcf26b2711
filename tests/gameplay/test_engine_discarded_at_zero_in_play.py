"""The flag ``discarded_at_zero`` from a card in play (Greyscale, btns_97), not only from a
revealed plot: checks.check_zero_strength discards such a character at STR 0."""

from __future__ import annotations

from gameplay.engine.checks import check_zero_strength
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, joust, ref


def test_a_character_flagged_by_an_attachment_is_discarded_at_0_str():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["btns_97"]}]}, {})
    knight = ref(state, 0, KNIGHT)
    state.in_play[knight].gold = 2  # -2 STR: 0
    check_zero_strength(state)
    run(state)
    assert knight in state.players[0].discard


def test_a_character_above_0_str_stays():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["btns_97"]}]}, {})
    knight = ref(state, 0, KNIGHT)
    state.in_play[knight].gold = 1
    check_zero_strength(state)
    run(state)
    assert knight in state.in_play
