"""A lasting ``renown_power`` effect (gameplay/engine/abilities.py, ``NUMERIC``): its
``amount`` is added to the power the subject claims for renown until it ends ("when that
character claims power for renown, it claims 1 additional power": Shireen Baratheon's agenda,
btns_26)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, value
from tests.gameplay.cardtest import STEWARD, joust, pass_until, ref, start

DANY = "core_106"  # Daenerys Targaryen: renown, intrigue and power icons


def test_lasting_renown_power_adds_its_amount():
    state = joust({"in_play": [DANY]}, {"in_play": [STEWARD]})
    dany = ref(state, 0, DANY)
    assert value(state, "renown_power", dany, 1) == 1
    add_lasting(state, "renown_power", dany, "phase", None, amount=1)
    assert value(state, "renown_power", dany, 1) == 2
    state = start(state, "power", [dany])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[dany].power == 2


def test_other_characters_claim_as_before():
    state = joust({"in_play": [DANY]}, {"in_play": [STEWARD]})
    dany = ref(state, 0, DANY)
    add_lasting(state, "renown_power", ref(state, 1, STEWARD), "phase", None, amount=1)
    state = start(state, "power", [dany])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[dany].power == 1
