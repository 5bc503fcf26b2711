"""Face-down duplicates (moves.add_face_down_duplicate, observe): the top card of a deck
under a card in play, a duplicate only its owner sees."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.leaving import leave_play
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import HOST, KNIGHT, code, joust, ref


def _position():
    state = joust({"in_play": [KNIGHT], "deck": [HOST, HOST]}, {"in_play": [KNIGHT]})
    return state, ref(state, 0, KNIGHT)


def test_the_top_card_goes_under_face_down_with_a_fresh_id():
    state, knight = _position()
    top = state.players[0].deck[0]
    dup = moves.add_face_down_duplicate(state, 0, knight)
    assert dup is not None and dup != top and top not in state.cards
    assert state.in_play[knight].duplicates == [dup]
    assert state.code(dup) == code(HOST)
    assert moves.face_down(state) == {dup}
    assert len(state.players[0].deck) == 1


def test_only_its_owner_sees_it():
    state, knight = _position()
    dup = moves.add_face_down_duplicate(state, 0, knight)
    for seat in (1, None):
        view = observe(state, seat)
        (card,) = [c for c in view["players"][0]["in_play"] if c["id"] == knight]
        assert card["duplicates"] == [{"id": None, "code": None, "face_down": True}]
        assert dup not in str(view)
    mine = observe(state, 0)
    assert mine["players"][0]["face_down"] == [{"id": dup, "code": code(HOST), "under": knight}]
    assert "face_down" not in observe(state, 1)["players"][0]


def test_an_empty_deck_puts_nothing():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [KNIGHT]})
    knight = ref(state, 0, KNIGHT)
    assert moves.add_face_down_duplicate(state, 0, knight) is None
    assert not state.in_play[knight].duplicates


def test_the_mark_goes_with_the_card_it_lies_under():
    state, knight = _position()
    dup = moves.add_face_down_duplicate(state, 0, knight)
    leave_play(state, knight, "discard")
    assert not moves.face_down(state)
    assert dup in state.players[0].discard
