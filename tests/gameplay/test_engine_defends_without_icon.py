"""The flag ``defends_without_icon`` (gameplay/engine/rules.py, ``can_defend``; subject
(ref, challenge type)): a character a card lets defend a challenge of a type it has no icon
for (Yoren, kr_74, a [Military] character: "can defend [Intrigue] challenges declared
against you"). Without the flag the icon is required as before."""

from __future__ import annotations

from gameplay.engine.abilities import value
from gameplay.engine.rules import can_defend
from tests.gameplay.cardtest import KNIGHT, STEWARD, joust, ref, start

YOREN = "kr_74"


def test_a_character_without_the_icon_defends_with_the_flag():
    state = joust({"in_play": [STEWARD]}, {"in_play": [YOREN, KNIGHT]})
    yoren = ref(state, 1, YOREN)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert value(state, "defends_without_icon", (yoren, "intrigue"), False)
    assert can_defend(state, 1, "intrigue", []) == [yoren]  # not the Knight


def test_the_icon_is_needed_without_the_flag():
    state = joust({"in_play": [STEWARD]}, {"in_play": [KNIGHT, STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert can_defend(state, 1, "intrigue", []) == [ref(state, 1, STEWARD)]
