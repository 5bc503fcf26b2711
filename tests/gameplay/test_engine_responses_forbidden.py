"""The permission ``seat_can_respond`` (uses.SEAT_CAN_RESPOND, subject a seat): while it is
False the seat triggers no response, save or cancel ("players cannot trigger response
effects": The Iron Throne, cad_115); actions stay allowed."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.uses import SEAT_CAN_RESPOND
from tests.gameplay.cardtest import (
    KNIGHT,
    act,
    head,
    joust,
    ref,
    start,
    to_window,
    uses,
    waiting_seats,
)

ROBERT, THEON = "cad_101", "cad_17"  # a response after a won challenge; a prized character


def _won(forbidden):
    state = joust({"in_play": [ROBERT, THEON]}, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    if forbidden:
        add_lasting(state, SEAT_CAN_RESPOND, 0, "phase", value=False)
    state = start(state, "power", [ref(state, 0, THEON)])
    return state


def test_a_response_is_offered_without_the_permission_forbidden():
    state = to_window(_won(False), "challenge_won")
    assert uses(state, 0, ref(state, 0, ROBERT))


def test_no_response_while_the_seat_cannot_respond():
    state = _won(True)
    robert = ref(state, 0, ROBERT)
    for _ in range(20):
        assert not uses(state, 0, robert)
        if state.challenge is None:
            break
        if head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert not [e for e in state.log if e["event"] == "power" and e.get("card") == robert]
