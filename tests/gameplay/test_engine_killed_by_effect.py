"""The ``killed`` event names the seat whose card effect killed (``by``: leaving.leave reads
abilities.acting as the kill is scheduled); a kill outside a card effect (Military claim,
the rules) has no ``by``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import as_acting
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, joust, ref


def _killed_events(monkeypatch, state, seat) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    real = leaving.trigger

    def spy(state, name, event, **kwargs):
        if name == "killed":
            seen.append(event)
        return real(state, name, event, **kwargs)

    monkeypatch.setattr(leaving, "trigger", spy)
    knight = ref(state, 1, KNIGHT)
    if seat is None:
        moves.kill(state, [knight])
    else:
        as_acting(state, seat, moves.kill, state, [knight])
    run(state)
    return seen


def test_a_kill_by_a_card_effect_names_its_seat(monkeypatch):
    state = joust({}, {"in_play": [KNIGHT]})
    (event,) = _killed_events(monkeypatch, state, 0)
    assert event["by"] == 0


def test_a_kill_outside_a_card_effect_names_no_seat(monkeypatch):
    state = joust({}, {"in_play": [KNIGHT]})
    (event,) = _killed_events(monkeypatch, state, None)
    assert "by" not in event
