"""A pending cancel of one seat's effects (gameplay/engine/cancels.py ``add_pending_cancel``
with ``by`` and ``count``): "cancel the next 3 effects triggered by a single opponent (of
your choice) this round" (Oberyn's Shield Bearer, kr_31). Only that seat's abilities use it
up, one at a time, until ``count`` are cancelled; it lasts the round."""

from __future__ import annotations

from gameplay.engine import cancels
from tests.gameplay.cardtest import joust, pass_until


def _step(seat):
    return {"name": "resolve_ability", "ctx": {"seat": seat}, "cancelled": False}


def _pending(state):
    return [e for e in state.effects if e.get("query") == cancels.PENDING_CANCEL]


def test_only_the_named_seats_effects_are_cancelled_count_times():
    state = joust({}, {})
    cancels.add_pending_cancel(state, 0, None, "round", by=1, count=3)
    mine = _step(0)
    assert not cancels.take_pending_cancel(state, mine) and not mine["cancelled"]
    for _ in range(3):
        theirs = _step(1)
        assert cancels.take_pending_cancel(state, theirs) and theirs["cancelled"]
    assert not _pending(state)
    assert not cancels.take_pending_cancel(state, _step(1))


def test_a_pending_cancel_of_the_round_outlasts_the_phase():
    state = joust({}, {})
    cancels.add_pending_cancel(state, 0, None, "round", by=1, count=3)
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert _pending(state)
    assert _pending(state)[0]["left"] == 3
