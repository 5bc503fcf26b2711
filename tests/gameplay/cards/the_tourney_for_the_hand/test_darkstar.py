"""The Tourney for the Hand: Darkstar (gameplay/engine/cards/the_tourney_for_the_hand/cards.py)
and the ``stealth_declared`` trigger opened for forced effects (gameplay/engine/challenges)."""

from __future__ import annotations

from tests.gameplay.cardtest import STEWARD, answer, head, initiate, joust, ref

DARKSTAR = "atoc_12"
MEERA = "atoc_2"  # Stealth (a body here)


def _darkstar(attackers):
    state = joust(
        {"house": "Martell", "in_play": [DARKSTAR, MEERA]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    steward = ref(state, 1, STEWARD)
    state.in_play[steward].power = 2
    state = initiate(state, "intrigue", [ref(state, 0, a) for a in attackers])
    return state, ref(state, 0, DARKSTAR), steward


def test_darkstar_takes_1_power_from_the_character_he_bypasses():
    state, darkstar, steward = _darkstar([DARKSTAR])
    assert head(state).get("purpose") == "stealth"
    state = answer(state, "stealth", [steward])
    assert state.in_play[darkstar].power == 1 and state.in_play[steward].power == 1


def test_darkstar_takes_nothing_when_another_character_bypasses():
    state, darkstar, steward = _darkstar([MEERA])
    assert head(state).get("purpose") == "stealth"
    state = answer(state, "stealth", [steward])
    assert state.in_play[darkstar].power == 0 and state.in_play[steward].power == 2
