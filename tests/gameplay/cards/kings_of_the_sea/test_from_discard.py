"""Kings of the Sea: Robert Baratheon ("kotse_35") plays an Any Phase event from the discard
pile as if from the hand (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from tests.gameplay.cardtest import build, events, uses
from tests.gameplay.scenario import apply

ROBERT = "kotse_35"
LIONS_WILL = "core_162"  # Any Phase: Pay 2 gold to choose a character. Kneel that character.
KNIGHT = "Knight of the Tumblestone"


def _position():
    return build(
        players=[
            {"house": "Baratheon", "in_play": [ROBERT], "discard": [LIONS_WILL], "gold": 2},
            {"in_play": [KNIGHT]},
        ],
        auto_pass=False,
    )


def test_kotse_35_robert_plays_an_any_phase_event_from_the_discard_pile_then_shuffles_it():
    state = _position()
    robert = state.players[0].in_play[0]
    lions = state.players[0].discard[0]
    knight = state.players[1].in_play[0]
    found = [a for a in uses(state, 0, lions) if a.cards == (lions, knight)]
    assert len(found) == 1
    state = apply(state, found[0])
    assert state.in_play[knight].knelt  # the event resolved as from the hand
    assert state.in_play[robert].knelt  # Robert knelt to play it
    assert state.players[0].gold == 0  # the event's own cost
    assert state.players[0].discard == []  # shuffled into the deck
    assert [state.code(r) for r in state.players[0].deck] == [LIONS_WILL]
    assert events(state, "played_from_pile")[0]["source"] == robert


def test_kotse_35_robert_needs_to_be_the_only_king_and_standing():
    state = _position()
    add_lasting(state, "traits", state.players[1].in_play[0], "play", add=["King"])
    assert uses(state, 0, state.players[0].discard[0]) == []  # another King in play
    knelt = build(
        players=[
            {"in_play": [{"card": ROBERT, "knelt": True}], "discard": [LIONS_WILL], "gold": 2},
            {"in_play": [KNIGHT]},
        ],
        auto_pass=False,
    )
    assert uses(knelt, 0, knelt.players[0].discard[0]) == []
