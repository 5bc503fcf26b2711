"""Random discards from a hand all go through ``moves.discard_at_random``; while the flag
query ``choose_random_discard`` holds for the hand's player (Knight of Harrenhal, atoc_81),
that player is asked which cards instead (up to the count; the rest at random), and the
discard, its ``discarded_from_hand`` trigger and claim moment go on when it answers."""

from __future__ import annotations

from gameplay.engine import moves
from tests.gameplay.cardtest import HOST, KNIGHT, STEWARD, answer, head, joust

HARRENHAL = "atoc_81"


def _position(in_play, hand=(KNIGHT, STEWARD, HOST)):
    return joust({"in_play": [KNIGHT]}, {"in_play": in_play, "hand": list(hand)})


def test_a_random_discard_asks_the_player_who_may_choose():
    state = _position([HARRENHAL])
    moves.discard_at_random(state, 1, 2)
    step = head(state)
    assert step["purpose"] == "discard_from_hand" and step["max"] == 2 and step["min"] == 0
    chosen = state.players[1].hand[2]
    state = answer(state, "discard_from_hand", [chosen])  # one chosen, one at random
    assert chosen in state.players[1].discard and len(state.players[1].discard) == 2
    kinds = [e.get("random") for e in state.log if e["event"] == "discarded"]
    assert kinds == [False, True]


def test_a_random_discard_is_at_random_without_the_flag():
    state = _position([KNIGHT])
    moves.discard_at_random(state, 1, 1)
    assert len(state.players[1].discard) == 1 and head(state).get("purpose") is None


def test_no_question_when_the_whole_hand_goes():
    state = _position([HARRENHAL], hand=(KNIGHT,))
    moves.discard_at_random(state, 1, 1)
    assert len(state.players[1].discard) == 1
