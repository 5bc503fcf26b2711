"""moves.stand triggers ``card_stood`` (``cards``) for a knelt card that stands, only while
a card in play answers it (Poisoned Coin, btns_83); a standing card does not."""

from __future__ import annotations

from gameplay.engine import moves
from tests.gameplay.cardtest import KNIGHT, head, joust, ref

COIN_ON_KNIGHT = {"card": KNIGHT, "attachments": ["btns_83"], "knelt": True}


def test_standing_a_knelt_card_opens_card_stood():
    state = joust({"in_play": [COIN_ON_KNIGHT]}, {}, auto_pass=False)
    knight = ref(state, 0, KNIGHT)
    moves.stand(state, knight)
    assert not state.in_play[knight].knelt
    windows = [s for s in state.queue if s.get("trigger") == moves.CARD_STOOD]
    assert windows and windows[0]["event"] == {"cards": [knight]}


def test_no_window_without_an_answering_card_or_for_a_standing_card():
    state = joust({"in_play": [{"card": KNIGHT, "knelt": True}]}, {}, auto_pass=False)
    moves.stand(state, ref(state, 0, KNIGHT))
    assert not any(s.get("trigger") == moves.CARD_STOOD for s in state.queue)
    state = joust({"in_play": [{**COIN_ON_KNIGHT, "knelt": False}]}, {}, auto_pass=False)
    moves.stand(state, ref(state, 0, KNIGHT))
    assert head(state).get("trigger") != moves.CARD_STOOD
    assert not any(s.get("trigger") == moves.CARD_STOOD for s in state.queue)
