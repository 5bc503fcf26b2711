"""A pending cancel (gameplay/engine/cancels.py ``add_pending_cancel``, read in
``uses._resolve``): "cancel the next effect triggered this phase" (The Painted Table,
atoc_85). The next ability used, any player's, is cancelled once its costs are paid and uses
the pending cancel up; one that cannot be cancelled uses it up and resolves; unused, it ends
with the phase."""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import as_acting
from tests.gameplay.cardtest import KNIGHT, STEWARD, act, joust, pass_until, until_seat, use

LOOTERS = "ator_101"  # "After Desperate Looters enters play ..., discard the top card of
# each opponent's deck."


def _position():
    state = joust(
        {"house": "Baratheon", "deck": [KNIGHT, STEWARD]},
        {"house": "Lannister", "gold": 5, "hand": [LOOTERS, LOOTERS]},
        phase="marshalling",
    )
    as_acting(state, 0, cancels.add_pending_cancel, state, 0, None)
    return until_seat(state, 1)


def _loot(state):
    looters = next(r for r in state.players[1].hand if state.code(r) == LOOTERS)
    state = act(state, 1, "marshal:play", [looters])
    return use(state, 1, looters)


def _pending(state):
    return [e for e in state.effects if e.get("query") == cancels.PENDING_CANCEL]


def test_a_pending_cancel_cancels_the_next_ability_used_and_is_used_up():
    state = _loot(_position())
    assert any(e["event"] == "cancelled" for e in state.log)
    assert len(state.players[0].deck) == 2 and not _pending(state)
    state = _loot(until_seat(state, 1))  # the second one resolves
    assert len(state.players[0].deck) == 1


def test_a_pending_cancel_ends_with_the_phase():
    state = _position()
    assert _pending(state)
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert not _pending(state)


def test_an_effect_that_cannot_be_cancelled_uses_the_pending_cancel_up():
    state = _position()
    step = {"name": "resolve_ability", "ctx": {}, "cancelled": False, cancels.UNCANCELABLE: True}
    assert cancels.take_pending_cancel(state, step)
    assert not step["cancelled"] and not _pending(state)
    assert not cancels.take_pending_cancel(state, {"cancelled": False})
