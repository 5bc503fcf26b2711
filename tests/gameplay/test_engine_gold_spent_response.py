"""The response window of ``gold_spent`` (gameplay/engine/moves.py, ``gold_spent``): one
payment of gold for a card or an effect opens a ``gold_spent`` response window (event
``seat``, ``gold``, ``reason``) only while a card in play answers it (Selhorys Customs
Officer, btns_44); the window follows the paid ability's effect."""

from __future__ import annotations

from tests.gameplay.cardtest import KNIGHT, choose, head, joust, ref, use

OFFICER = "btns_44"
RAFF = "core_46"  # Any Phase: pay 1 gold to look at the top card of an opponent's deck


def test_a_payment_opens_the_window_while_a_card_in_play_answers_it():
    state = joust({"in_play": [RAFF], "gold": 2}, {"in_play": [OFFICER], "deck": [KNIGHT]})
    state = choose(use(state, 0, ref(state, 0, RAFF)), "top")
    step = head(state)
    assert step.get("trigger") == "gold_spent"
    assert step["event"] == {"seat": 0, "gold": 1, "reason": "ability"}


def test_no_window_without_such_a_card():
    state = joust({"in_play": [RAFF], "gold": 2}, {"deck": [KNIGHT]})
    state = use(state, 0, ref(state, 0, RAFF))
    assert not any(s.get("trigger") == "gold_spent" for s in state.queue)
