"""The ``power_off_now`` check (gameplay/engine/checks.py ``check_power_off_now``): "If
<condition>, discard all power from X" (Ser Garlan Tyrell, kr_22, while it is Summer). A card
in play with power whose ``power_off_now`` passive answers True loses all of it to the pool,
checked after every step, so power it gains later goes at once too."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.checks import check_zero_strength
from tests.gameplay.cardtest import KNIGHT, SUMMER, joust, ref

GARLAN = "kr_22"


def test_power_goes_while_the_passive_answers_true():
    state = joust({"in_play": [{"card": GARLAN, "power": 3}, SUMMER]}, {})
    garlan = ref(state, 0, GARLAN)
    assert state.in_play[garlan].power == 0
    lost = [e for e in state.log if e["event"] == "power" and e.get("reason") == "power_off_now"]
    assert lost and lost[0]["amount"] == -3
    moves.card_power(state, garlan, 1, "test")  # gained later: gone at the next check
    check_zero_strength(state)
    assert state.in_play[garlan].power == 0


def test_power_stays_while_the_passive_answers_false():
    state = joust({"in_play": [{"card": GARLAN, "power": 3}, {"card": KNIGHT, "power": 1}]}, {})
    check_zero_strength(state)
    assert state.in_play[ref(state, 0, GARLAN)].power == 3
    assert state.in_play[ref(state, 0, KNIGHT)].power == 1
