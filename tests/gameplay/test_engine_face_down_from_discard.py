"""Face-down duplicates from the discard pile (moves.add_face_down_duplicate with
``pile="discard"``): the top card of the discard pile (the one put there last) goes under a
card in play, keeping its id."""

from __future__ import annotations

from gameplay.engine import moves
from tests.gameplay.cardtest import HOST, KNIGHT, STEWARD, joust, ref


def test_the_top_of_the_discard_pile_goes_under_face_down():
    state = joust({"in_play": [KNIGHT], "discard": [HOST, STEWARD]}, {})
    knight = ref(state, 0, KNIGHT)
    host, steward = state.players[0].discard
    dup = moves.add_face_down_duplicate(state, 0, knight, pile="discard")
    assert dup == steward and state.players[0].discard == [host]
    assert state.in_play[knight].duplicates == [steward]
    assert moves.face_down(state) == {steward}


def test_an_empty_discard_pile_attaches_nothing():
    state = joust({"in_play": [KNIGHT]}, {})
    knight = ref(state, 0, KNIGHT)
    assert moves.add_face_down_duplicate(state, 0, knight, pile="discard") is None
    assert state.in_play[knight].duplicates == []
