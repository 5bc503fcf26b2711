"""The permission ``can_draw`` (subject a seat; True unless an effect says False): a seat
that "cannot draw cards" draws nothing by a card effect (``moves.effect_draw``) nor in the
draw phase (``steps._draw_phase``). Riches of the Reach (kr_103) forbids it for the rest of
the game."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import KNIGHT, joust


def _forbid(state, seat):
    state.effects.append(
        {"query": "can_draw", "subject": seat, "until": "game", "source": None, "value": False}
    )


def test_effect_draws_need_the_permission():
    state = joust({"deck": [KNIGHT] * 5}, {"deck": [KNIGHT] * 5})
    _forbid(state, 0)
    assert moves.effect_draw(state, 0, 2) == 0 and not state.players[0].hand
    assert moves.effect_draw(state, 1, 2) == 2


def test_the_draw_phase_skips_a_seat_that_cannot_draw():
    state = joust({"deck": [KNIGHT] * 5}, {"deck": [KNIGHT] * 5})
    _forbid(state, 0)
    state.queue = round_steps("draw")[:2]
    run(state)
    assert len(state.players[0].hand) == 0 and len(state.players[1].hand) == 2


def test_every_seat_draws_without_the_effect():
    state = joust({"deck": [KNIGHT] * 5}, {"deck": [KNIGHT] * 5})
    state.queue = round_steps("draw")[:2]
    run(state)
    assert [len(p.hand) for p in state.players] == [2, 2]
