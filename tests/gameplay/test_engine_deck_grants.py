"""from_pile grants with ``zone="deck"``: "play that card (the top card of your deck) as your
next action" (Planky Town Orphan)."""

from __future__ import annotations

from gameplay.engine import from_pile
from tests.gameplay.cardtest import HOST, KNIGHT, apply, events, marshalling, marshals


def _granted():
    state = marshalling({"house": "Baratheon", "deck": [HOST, KNIGHT], "gold": 8})
    top, second = state.players[0].deck[:2]
    from_pile.add_grant(state, 0, top, None, "phase", next_action=True, zone=from_pile.DECK)
    from_pile.add_grant(state, 0, second, None, "phase", zone=from_pile.DECK)
    return state, top, second


def test_only_the_top_card_of_the_deck_is_playable():
    state, top, _ = _granted()
    assert from_pile.playable(state, 0) == [top]
    assert events(state, "pile_grant")[0]["zone"] == "deck"


def test_playing_it_takes_it_from_the_deck():
    state, top, second = _granted()
    (action,) = [a for a in marshals(state, 0, top) if a.kind == "marshal:play"]
    state = apply(state, action)
    assert top in state.players[0].in_play and state.players[0].deck == [second]
    (played,) = events(state, "played_from_pile")
    assert played["zone"] == "deck"
    assert from_pile.playable(state, 0) == [second]  # now the top card
