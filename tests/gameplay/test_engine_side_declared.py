"""The ``each_time:side_declared`` effects (gameplay/engine/challenges.py, ``_declare_side``):
an :func:`abilities.add_each_time` effect waiting for ``side_declared`` runs after every
declaration of a side (attackers, defenders), an empty declaration of defenders included,
with the event ``side``, ``seat`` (who declared), ``cards`` and ``type``. Rhoynar Emissary
(btns_71) uses it."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import EFFECTS, add_each_time
from gameplay.engine.challenges import SIDE_DECLARED
from tests.gameplay.cardtest import HOST, KNIGHT, STEWARD, defend, events, joust, ref, start


def _note(state, entry) -> None:
    event = entry["event"]
    state.emit("test_declared", side=event["side"], seat=event["seat"], cards=event["cards"])


@pytest.fixture
def noted(monkeypatch):
    monkeypatch.setitem(EFFECTS, "test_side_declared", _note)


def test_each_declaration_runs_the_waiting_effects(noted):
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT, STEWARD]})
    add_each_time(state, SIDE_DECLARED, 0, "test_side_declared", None)
    host = ref(state, 0, HOST)
    state = start(state, "power", [host])
    state = defend(state, [])
    declared = [(e["side"], e["seat"], e["cards"]) for e in events(state, "test_declared")]
    assert declared == [("attackers", 0, [host]), ("defenders", 1, [])]


def test_nothing_runs_without_a_waiting_effect(noted):
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    assert not events(state, "test_declared")
