"""Lions of the Rock: Crawn Son of Calor ("lotr_19") lets a Clansman card in the discard pile
be played as the next action as if from the hand (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import IllegalAction, build, use
from tests.gameplay.scenario import apply

CRAWN = "lotr_19"
CLANSWOMAN = "lotr_38"  # Feuding Clanswoman: neutral Clansman, cost 2
KNIGHT = "Knight of the Tumblestone"


def _position():
    return build(
        players=[
            {
                "house": "Lannister",
                "in_play": [CRAWN],
                "discard": [CLANSWOMAN],
                "hand": [KNIGHT],
                "gold": 6,
            },
            {},
        ],
        auto_pass=False,
    )


def test_lotr_19_crawn_lets_a_clansman_be_marshalled_from_the_discard_pile():
    state = _position()
    crawn, woman = state.players[0].in_play[0], state.players[0].discard[0]
    play = Action(0, "marshal:play", (woman,))
    assert play not in legal_actions(state, 0)
    state = use(state, 0, crawn, woman)
    assert state.in_play[crawn].knelt
    assert play in legal_actions(state, 0)
    state = apply(state, play)
    assert woman in state.players[0].in_play and state.players[0].discard == []
    assert state.players[0].gold == 4  # its cost, paid as from the hand


def test_lotr_19_crawn_grant_is_only_for_the_next_action():
    state = _position()
    crawn, woman = state.players[0].in_play[0], state.players[0].discard[0]
    state = use(state, 0, crawn, woman)
    state = apply(state, Action(0, "marshal:play", (state.players[0].hand[0],)))
    assert Action(0, "marshal:play", (woman,)) not in legal_actions(state, 0)
    try:
        apply(state, Action(0, "marshal:play", (woman,)))
    except IllegalAction as error:
        assert "not in your hand" in str(error)
    else:
        raise AssertionError("the Clanswoman was marshalled after another action")
