"""The passive ``enters_knelt`` (abilities.enters_knelt): a card coming into play under a
seat's control comes into play knelt, however it comes in (marshalled: game._marshal; put
into play: uses.put_into_play; out of Shadows). Ser Robert Strong (cad_26) answers it:
"Each character with a printed cost that is less than the number of characters in its
controller's dead pile comes into play knelt."."""

from __future__ import annotations

from gameplay.engine import abilities
from gameplay.engine.uses import put_into_play
from tests.gameplay.cardtest import KNIGHT, STEWARD, act, calm_marshalling, ref, shadow

ROBERT = "cad_26"


def test_no_passive_no_knelt_entry():
    state = calm_marshalling({"hand": [KNIGHT], "dead": [STEWARD] * 3})
    assert abilities.enters_knelt(state, 0, state.players[0].hand[0]) is False


def test_put_into_play_knelt():
    state = calm_marshalling({"hand": [KNIGHT], "dead": [STEWARD] * 3}, {"in_play": [ROBERT]})
    knight = state.players[0].hand[0]
    put_into_play(state, 0, knight)
    assert state.in_play[knight].knelt


def test_out_of_shadows_knelt():
    # Ser Robert Strong has the Shadow crest and costs 1: seat 0's copy comes out knelt
    # under seat 1's Robert, with 2 characters in seat 0's dead pile.
    state = calm_marshalling(
        {"house": "Lannister", "gold": 5, "dead": [STEWARD] * 2}, {"in_play": [ROBERT]}
    )
    mine = shadow(state, 0, ROBERT)
    assert ref(state, 1, ROBERT)
    state = act(state, 0, "use", [mine], choice="shadow")
    assert state.in_play[mine].knelt
