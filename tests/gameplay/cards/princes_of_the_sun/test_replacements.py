"""Princes of the Sun: Darkstar ("pots_4"), put into play when he would be discarded from the
hand or deck, and The Hound ("pots_35"), who returns to his owner's hand after a
character's STR is lowered."""

from __future__ import annotations

from tests.gameplay.cardtest import challenge, events, joust, ref, use

DARKSTAR = "pots_4"
HOUND = "pots_35"
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
KNIGHT = "Knight of the Tumblestone"
FOREVER_BURNING = "core_174"  # Any Phase: Choose a character. -1 STR until the phase ends.


def test_pots_4_darkstar_discarded_from_the_hand_enters_play_instead():
    state = joust({"in_play": [STEWARD]}, {"house": "Martell", "hand": [DARKSTAR]})
    darkstar = state.players[1].hand[0]
    state = challenge(state, "intrigue", [ref(state, 0, STEWARD)])
    assert darkstar in state.players[1].in_play  # the claim's random discard was replaced
    assert state.players[1].discard == [] and state.players[1].hand == []
    assert events(state, "replaced")[0]["card"] == darkstar


def test_pots_35_the_hound_returns_to_hand_after_a_characters_str_is_lowered():
    state = joust(
        {"in_play": [KNIGHT], "hand": [FOREVER_BURNING]},
        {"house": "Lannister", "in_play": [HOUND]},
    )
    hound = state.players[1].in_play[0]
    burning, knight = state.players[0].hand[0], ref(state, 0, KNIGHT)
    state = use(state, 0, burning, knight)
    assert hound not in state.players[1].in_play
    assert hound in state.players[1].hand
