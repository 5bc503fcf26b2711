"""The flag ``ignores_cannot_be_killed`` (abilities.IGNORES_CANNOT_BE_KILLED): a card that
"ignores any effect that would make it 'cannot be killed'" may be killed (White Harbor)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import IGNORES_CANNOT_BE_KILLED, add_lasting, allowed
from gameplay.engine.steps import run
from tests.gameplay.cardtest import KNIGHT, joust, pass_windows, ref
from tests.gameplay.scenario import settle


def _knight_that_cannot_be_killed():
    state = joust({}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    add_lasting(state, "can_be_killed", knight, "phase", knight, value=False)
    return state, knight


def test_cannot_be_killed_holds_without_the_flag():
    state, knight = _knight_that_cannot_be_killed()
    assert not allowed(state, "can_be_killed", knight)
    moves.kill(state, [knight])
    run(state)
    state = pass_windows(settle(state))
    assert knight in state.in_play


def test_the_flag_ignores_cannot_be_killed():
    state, knight = _knight_that_cannot_be_killed()
    add_lasting(state, IGNORES_CANNOT_BE_KILLED, knight, "phase", None, value=True)
    assert allowed(state, "can_be_killed", knight)
    assert allowed(state, "can_be_saved", knight)  # other permissions unchanged
    moves.kill(state, [knight])
    run(state)
    state = pass_windows(settle(state))
    assert knight in state.players[1].dead
