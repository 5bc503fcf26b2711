"""Where Loyalty Lies: Arianne's Conspirators (atoc_74), after an Intrigue claim."""

from __future__ import annotations

from tests.gameplay.cards.where_loyalty_lies.helpers import never_offered
from tests.gameplay.cardtest import initiate, joust, ref, to_window, use, uses

CONSPIRATORS = "atoc_74"
STEWARD = "Lannisport Steward"  # intrigue, 2 STR
KNIGHT = "Knight of the Tumblestone"  # a character card
FIEFDOM = "qod_42"  # a location
CROSSROADS = "core_138"  # a location


def _claim(card_in_hand):
    state = joust(
        {"in_play": [STEWARD, CROSSROADS, KNIGHT]},
        {"house": "Martell", "in_play": [CONSPIRATORS], "hand": [card_in_hand]},
    )
    conspirators = ref(state, 1, CONSPIRATORS)
    state.in_play[conspirators].knelt = True  # cannot defend: the claim is discarded
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    return state, conspirators


def test_atoc_74_conspirators_discard_a_location_after_a_location_claim():
    state, conspirators = _claim(FIEFDOM)
    crossroads, knight = ref(state, 0, CROSSROADS), ref(state, 0, KNIGHT)
    state = to_window(state, "discarded_from_hand")
    # Only a card of the discarded card's type (a location), not the character.
    assert [a.cards[1:] for a in uses(state, 1, conspirators)] == [(crossroads,)]
    state = use(state, 1, conspirators, crossroads)
    assert crossroads in state.players[0].discard
    assert knight in state.in_play


def test_atoc_74_conspirators_ignore_a_character_discarded_as_claim():
    state, conspirators = _claim(KNIGHT)
    state = never_offered(state, 1, conspirators)
    assert ref(state, 0, CROSSROADS) in state.in_play


def test_atoc_74_conspirators_answer_only_a_claim_on_your_own_hand():
    state = joust(
        {"in_play": [STEWARD, CONSPIRATORS]},
        {"in_play": [CROSSROADS], "hand": [FIEFDOM]},
    )
    conspirators = ref(state, 0, CONSPIRATORS)
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = never_offered(state, 0, conspirators)
    assert ref(state, 1, CROSSROADS) in state.in_play
    assert [state.code(r) for r in state.players[1].discard] == [FIEFDOM]
