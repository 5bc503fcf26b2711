"""The Winds of Winter (the_winds_of_winter/more.py): Janos Slynt ("ator_28"), the
``influence_toll`` query (uses.influence_toll), played through legal actions."""

from __future__ import annotations

from tests.gameplay.cardtest import act, events, joust, ref, until_window, uses, waiting_seats

JANOS = "ator_28"
PROPHET = "acoa_35"  # Challenges: kneel 8 influence and remove it from the game: ...
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: [+2 Influence]


def _winter(state):
    plot = state.players[0].revealed_plot
    state.effects.append({"query": "traits", "subject": plot, "until": "round", "add": ["Winter"]})
    return state


def _position(gold, winter=True):
    state = joust(
        {"in_play": [PROPHET, *[FIEFDOM] * 4], "gold": gold},
        {"in_play": [JANOS]},
    )
    state = until_window(state)
    while waiting_seats(state)[0] != 0:
        state = act(state, waiting_seats(state)[0], "pass")
    return _winter(state) if winter else state


def test_ator_28_janos_slynt_winter_toll_before_an_influence_cost():
    state = _position(gold=1)
    prophet = ref(state, 0, PROPHET)
    [action] = uses(state, 0, prophet)
    state = act(state, 0, "use", action.cards)
    paid = [e for e in events(state, "gold_paid") if e["reason"] == "influence_toll"]
    assert paid and paid[0]["seat"] == 0 and paid[0]["gold"] == 1
    assert state.players[0].gold == 0
    # Without the gold for the toll, the ability cannot be triggered in Winter.
    broke = _position(gold=0)
    assert not uses(broke, 0, ref(broke, 0, PROPHET))
    # Not Winter: no toll.
    summer = _position(gold=0, winter=False)
    assert uses(summer, 0, ref(summer, 0, PROPHET))
