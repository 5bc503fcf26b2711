"""The trigger ``stood_by_keyword`` (challenges._stand_cards): after cards stand for Vigilant
(or Vengeful), with ``cards``, ``keyword`` and ``seat``; opened only while a card answers it."""

from __future__ import annotations

from gameplay.engine.challenges import STOOD_BY_KEYWORD
from tests.gameplay.cardtest import act, answer, head, joust, ref, start, waiting_seats

RUNNER = "asots_27"  # River Runner: Vigilant, answers stood_by_keyword
KNIGHT = "Knight of the Tumblestone"


def _vigilant_prompt(state):
    for _ in range(40):
        if head(state).get("purpose") == "vigilant":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no vigilant prompt")


def test_standing_for_vigilant_opens_the_window():
    state = joust({"in_play": [RUNNER]}, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    runner = ref(state, 0, RUNNER)
    state = _vigilant_prompt(start(state, "power", [runner]))
    state = answer(state, "vigilant", [runner])
    step = head(state)
    assert step.get("trigger") == STOOD_BY_KEYWORD
    assert step["event"] == {"cards": [runner], "keyword": "vigilant", "seat": 0}


def test_no_window_when_nothing_stands():
    state = joust({"in_play": [RUNNER]}, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    runner = ref(state, 0, RUNNER)
    state = _vigilant_prompt(start(state, "power", [runner]))
    state = answer(state, "vigilant", [])
    assert not any(
        s.get("trigger") == STOOD_BY_KEYWORD for s in state.queue if s.get("name") == "window"
    )
