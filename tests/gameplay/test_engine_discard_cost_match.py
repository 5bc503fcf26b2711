"""``Cost("discard_hand", n, match=...)`` (gameplay/engine/uses.py, ``_hand_for_cost``): "discard
an attachment from your hand to ...": only the cards of the hand that ``match`` accepts may be
discarded for the cost, and the ability is not usable without enough of them (Sellsword
Deserter, btns_56)."""

from __future__ import annotations

from tests.gameplay.cardtest import KNIGHT, STEWARD, answer, hand, head, joust, use, uses

DESERTER = "btns_56"
SEIZED = "asots_65"  # an attachment
LADDER = "kr_6"  # an attachment


def test_only_matching_cards_are_offered_for_the_cost():
    me = {"house": "Targaryen", "discard": [DESERTER], "hand": [STEWARD, SEIZED, LADDER]}
    state = joust(me, {"in_play": [KNIGHT]})
    state = use(state, 0, state.players[0].discard[0])
    step = head(state)
    assert step["purpose"] == "discard_cost"
    assert sorted(step["candidates"]) == sorted(hand(state, 0, SEIZED) + hand(state, 0, LADDER))
    state = answer(state, "discard_cost", hand(state, 0, LADDER))
    assert hand(state, 0, STEWARD) and hand(state, 0, SEIZED)


def test_not_usable_without_a_matching_card():
    me = {"house": "Targaryen", "discard": [DESERTER], "hand": [STEWARD, STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert not uses(state, 0, state.players[0].discard[0])
