"""The trigger ``no_defenders_declared`` (gameplay/engine/challenges.py, ``_declare_side``):
"After the defending player declares no defenders" opens a response window only when the
defending player's own declaration is empty, and only while a card in play answers it (Abel's
Washerwoman, btns_42); otherwise nothing is queued."""

from __future__ import annotations

from tests.gameplay.cardtest import STEWARD, act, answer, head, joust, ref, start, waiting_seats

WASHERWOMAN = "btns_42"


def _after_defenders(state):
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    return answer(state, "defenders", [])


def test_the_window_opens_when_no_defenders_are_declared():
    state = joust({"in_play": [WASHERWOMAN]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, WASHERWOMAN)])
    state = _after_defenders(state)
    step = head(state)
    assert step.get("trigger") == "no_defenders_declared"
    assert step["event"] == {"seat": 1, "type": "intrigue"}


def test_no_window_without_a_card_in_play_that_answers_it():
    state = joust({"in_play": [STEWARD]}, {"in_play": [STEWARD, WASHERWOMAN]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = _after_defenders(state)
    assert head(state).get("trigger") != "no_defenders_declared"
    plain = joust({"in_play": [STEWARD]}, {"in_play": [STEWARD]})
    plain = _after_defenders(start(plain, "intrigue", [ref(plain, 0, STEWARD)]))
    assert not any(s.get("trigger") == "no_defenders_declared" for s in plain.queue)


def test_no_window_when_defenders_are_declared():
    state = joust({"in_play": [WASHERWOMAN]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, WASHERWOMAN)])
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "defenders", [ref(state, 1, STEWARD)])
    assert not any(s.get("trigger") == "no_defenders_declared" for s in state.queue)
