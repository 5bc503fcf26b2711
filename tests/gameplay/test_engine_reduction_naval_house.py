"""rules.py: a pending reduction limited to cards with a printed [Naval] enhancement
(``naval``), and one lowering an out-of-House card by more (``out_of_house``, read by
``rules.reduction_amount``). Used by Blazewater Bay and Port at Slaver's Bay (asots_78,
asots_76)."""

from __future__ import annotations

from gameplay.engine.rules import add_reduction, gold_cost
from tests.gameplay.cardtest import KNIGHT, marshalling
from tests.gameplay.scenario import hand

MARAUDER = "asots_24"  # Ironborn Marauder: Greyjoy, cost 2, [Naval] military
CUNNING = "core_34"  # Gutter Rat's Cunning: Lannister attachment, cost 1
BONES = "core_104"  # Bones of a Child: Targaryen attachment, cost 1


def test_a_naval_reduction_lowers_only_a_card_with_a_naval_enhancement():
    state = marshalling({"house": "Greyjoy", "hand": [KNIGHT, MARAUDER]})
    add_reduction(state, 0, 2, "test")
    state.effects[-1]["naval"] = True
    assert gold_cost(state, 0, hand(state, 0, MARAUDER)[0]) == 0
    assert gold_cost(state, 0, hand(state, 0, KNIGHT)[0]) == 4  # 2 + out-of-House penalty


def test_an_out_of_house_extra_applies_to_out_of_house_cards_only():
    state = marshalling({"house": "Targaryen", "hand": [CUNNING, BONES]})
    add_reduction(state, 0, 1, "test", types=("attachment",))
    state.effects[-1]["out_of_house"] = 1
    assert gold_cost(state, 0, hand(state, 0, CUNNING)[0]) == 1  # 1 + 2, lowered by 2
    assert gold_cost(state, 0, hand(state, 0, BONES)[0]) == 0  # 1, lowered by 1


def test_a_plain_reduction_is_unchanged():
    state = marshalling({"house": "Targaryen", "hand": [CUNNING]})
    add_reduction(state, 0, 1, "test", types=("attachment",))
    assert gold_cost(state, 0, hand(state, 0, CUNNING)[0]) == 2
