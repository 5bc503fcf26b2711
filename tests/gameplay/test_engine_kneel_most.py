"""``Cost.most`` (gameplay/engine/abilities.py, read by uses._pay_next): a "kneel X ..." cost
with ``any_number`` kneels at most ``most`` cards ("to a maximum of 3": Feed it to the Goats,
w_108)."""

from __future__ import annotations

from gameplay.engine.abilities import Cost
from gameplay.engine.uses import _kneel_most
from tests.gameplay.cardtest import answer, hand, head, joust, use

GOATS = "w_108"
REFUGEE = "ator_85"  # Mountain Refugee, Clansman


def test_kneel_most_caps_an_any_number_cost():
    capped = Cost("kneel", 1, any_number=True, most=3)
    assert _kneel_most(capped, 1, 5) == 3
    assert _kneel_most(capped, 1, 2) == 2
    assert _kneel_most(Cost("kneel", 1, any_number=True), 1, 5) == 5
    assert _kneel_most(Cost("kneel", 2), 2, 5) == 2


def test_the_kneel_prompt_offers_at_most_the_maximum():
    me = {"in_play": [REFUGEE] * 5, "hand": [GOATS], "house": "Lannister"}
    state = joust(me, {"in_play": ["Knight of the Tumblestone"]})
    state = use(state, 0, hand(state, 0, GOATS)[0])
    step = head(state)
    assert step["purpose"] == "kneel_cost" and (step["min"], step["max"]) == (1, 3)
    assert len(step["candidates"]) == 5
    state = answer(state, "kneel_cost", step["candidates"][:3])
    (paid,) = [e for e in state.log if e["event"] == "knelt_for_cost"]
    assert len(paid["cards"]) == 3
