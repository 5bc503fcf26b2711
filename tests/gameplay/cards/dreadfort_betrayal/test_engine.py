"""Dreadfort Betrayal's engine additions: a reduction that marshals its card knelt
(rules.add_reduction ``knelt``, Mountain Camp "bwb_108") and the flag
``strength_unreducible`` (STR only, Flaming Sword "bwb_119")."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, icons, strength
from gameplay.engine.rules import add_reduction
from tests.gameplay.cardtest import KNIGHT, act, hand, joust, ref

SWORD = "bwb_119"


def test_a_knelt_reduction_marshals_its_card_knelt_and_others_stand():
    state = joust({"hand": [KNIGHT, KNIGHT], "gold": 4}, {}, phase="marshalling")
    first, second = hand(state, 0, KNIGHT)
    add_reduction(state, 0, 1, first, types=("character",), knelt=True)
    state = act(state, 0, "marshal:play", [first])
    assert state.in_play[first].knelt and state.players[0].gold == 3
    state = act(state, 0, "marshal:play", [second])  # the reduction is used up
    assert not state.in_play[second].knelt and state.players[0].gold == 1


def test_a_reduction_without_knelt_leaves_no_mark():
    state = joust({"hand": [KNIGHT]}, {}, phase="marshalling")
    add_reduction(state, 0, 1, hand(state, 0, KNIGHT)[0])
    assert "knelt" not in state.effects[-1]


def test_strength_unreducible_keeps_str_but_not_icons():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": [SWORD]}]}, {})
    knight = ref(state, 0, KNIGHT)
    add_lasting(state, "strength", knight, "phase", amount=-3)
    add_lasting(state, "icons", knight, "phase", remove=["power"])
    assert strength(state, knight) == 3
    assert "power" not in icons(state, knight)  # icons may still be lost
