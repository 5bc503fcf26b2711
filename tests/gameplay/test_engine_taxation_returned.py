"""The ``gold_returned`` trigger (gameplay/engine/steps.py, ``_taxation``): after the
taxation phase returns the players' unspent gold to the treasury, one trigger per player who
returned gold (``seat``, ``gold``), in seat order; a response window opens only while a
registered card answers it (Merchant's Widow, btns_25, the first such card)."""

from __future__ import annotations

from gameplay.engine.abilities import only_scripts
from gameplay.engine.steps import GOLD_RETURNED
from tests.gameplay.cardtest import act, build, events, head, waiting_seats

WIDOW = "btns_25"


def _returned_windows(state):
    seen = []
    for _ in range(80):
        if state.round == 2:
            return state, seen
        step = head(state)
        if step.get("trigger") == GOLD_RETURNED:
            seen.append(step["event"])
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the round did not end")


def test_taxation_triggers_gold_returned_once_per_player_with_gold():
    players = [{"in_play": [WIDOW], "gold": 0}, {"gold": 2}, {"gold": 3}]
    state = build(phase="dominance", players=players)
    state, seen = _returned_windows(state)
    assert seen == [{"seat": 1, "gold": 2}, {"seat": 2, "gold": 3}]
    assert [p.gold for p in state.players] == [0, 0, 0]


def test_no_gold_returned_window_without_a_card_answering_it():
    with only_scripts(lambda c: c != WIDOW):
        players = [{"in_play": [WIDOW]}, {"gold": 2}]
        state = build(phase="dominance", players=players)
        state, seen = _returned_windows(state)
    assert seen == [] and [(e["seat"], e["gold"]) for e in events(state, "taxed")] == [(1, 2)]
