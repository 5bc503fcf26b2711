"""Prized power (gameplay/engine/moves.py: ``prized`` and the passive ``prized_power``):
each opponent of the player who used a prized card claims its prized value, raised by a
``prized_power`` passive for the claiming seat (Seizing the Prize, cad_19)."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import PASSIVE_CODES, SCRIPTS, Script
from tests.gameplay.cardtest import code, joust


def _plus_one(state, source, subject, base):
    return base + 1 if subject == state.cards[source].owner else base


@pytest.fixture
def bonus(monkeypatch):
    """A test-only ``prized_power`` passive on Lannisport Steward (for its owner)."""
    steward = code("Lannisport Steward")
    monkeypatch.setitem(SCRIPTS, steward, Script(passives={moves.PRIZED_POWER: [_plus_one]}))
    monkeypatch.setitem(PASSIVE_CODES, moves.PRIZED_POWER, {steward})
    return "Lannisport Steward"


def test_prized_gives_each_opponent_the_value():
    state = joust({}, {})
    moves.prized(state, 1, 2)
    assert state.players[0].power == 2 and state.players[1].power == 0


def test_prized_power_passive_raises_the_claim(bonus):
    state = joust({"in_play": [bonus]}, {})
    moves.prized(state, 1, 2)
    assert state.players[0].power == 3
    state = joust({}, {"in_play": [bonus]})
    moves.prized(state, 1, 2)
    assert state.players[0].power == 2  # the passive is the other seat's
