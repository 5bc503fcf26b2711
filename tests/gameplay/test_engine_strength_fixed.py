"""The flag ``strength_fixed`` (gameplay/engine/abilities.py: ``value``): "Attached character
cannot have its STR raised or lowered by card effects" — no passive and no lasting effect
changes the STR of a card with the flag; without it they do."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import PASSIVE_CODES, SCRIPTS, Script, add_lasting, strength
from tests.gameplay.cardtest import HOST, KNIGHT, code, joust, ref


def _fixed(state, source, subject, base):
    return True if subject == source else base


@pytest.fixture
def fixed_knight(monkeypatch):
    """A test-only flag on Knight of the Tumblestone: its own STR is fixed."""
    monkeypatch.setitem(SCRIPTS, code(KNIGHT), Script(passives={"strength_fixed": [_fixed]}))
    monkeypatch.setitem(PASSIVE_CODES, "strength_fixed", {code(KNIGHT)})


def test_strength_fixed_ignores_raises_and_reductions(fixed_knight):
    state = joust({"in_play": [KNIGHT, HOST]}, {})
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    add_lasting(state, "strength", knight, "phase", amount=3)
    add_lasting(state, "strength", host, "phase", amount=-2)
    assert strength(state, knight) == 2  # printed
    assert strength(state, host) == 4  # no flag: changed
    add_lasting(state, "strength", knight, "phase", amount=-5)
    assert strength(state, knight) == 2
