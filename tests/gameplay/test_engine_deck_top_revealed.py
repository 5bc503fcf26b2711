"""The flag ``deck_top_revealed`` (subject a seat: Noyne, btns_92) shows that seat's deck's
top card to every viewer as ``deck_top`` (observe); without it no view names it."""

from __future__ import annotations

from gameplay.engine.observe import observe
from tests.gameplay.cardtest import HOST, KNIGHT, joust


def test_the_top_card_is_shown_while_the_flag_holds():
    state = joust({"in_play": ["btns_92"]}, {"deck": [KNIGHT, HOST]})
    top = state.players[1].deck[0]
    assert observe(state, None)["players"][1]["deck_top"]["id"] == top
    state.players[1].deck.reverse()  # the view follows the deck (its cache key too)
    assert observe(state, None)["players"][1]["deck_top"]["id"] == state.players[1].deck[0]


def test_no_top_card_without_the_flag():
    state = joust({}, {"deck": [KNIGHT, HOST]})
    assert all("deck_top" not in p for p in observe(state, 1)["players"])
