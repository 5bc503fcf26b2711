"""Ancient Enemies: Ten Towers ("acoa_21") plays the top card of an opponent's discard pile
as though it were in your hand, once per round (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import build
from tests.gameplay.scenario import apply

TEN_TOWERS = "acoa_21"
RAIDERS = "kotse_9"  # Sea Raiders: Greyjoy character
KNIGHT = "Knight of the Tumblestone"  # Stark, cost 2
BEN = "Brown Ben Plumm"  # Targaryen character


def _position(mine=(TEN_TOWERS, RAIDERS)):
    return build(
        players=[
            {"house": "Greyjoy", "in_play": list(mine), "gold": 10},
            {"discard": [BEN, KNIGHT]},  # the Knight is on top
        ],
        auto_pass=False,
    )


def test_acoa_21_ten_towers_marshals_the_top_card_of_an_opponents_discard_pile():
    state = _position()
    ben, knight = state.players[1].discard
    assert Action(0, "marshal:play", (ben,)) not in legal_actions(state, 0)  # not the top
    play = Action(0, "marshal:play", (knight,))
    assert play in legal_actions(state, 0)
    state = apply(state, play)
    assert knight in state.players[0].in_play and state.cards[knight].owner == 1
    assert state.players[1].discard == [ben]
    # Limit once per round: Ben is now on top, but not playable again this round.
    assert Action(0, "marshal:play", (ben,)) not in legal_actions(state, 0)


def test_acoa_21_ten_towers_needs_only_greyjoy_characters_and_locations():
    state = _position(mine=(TEN_TOWERS, RAIDERS, BEN))
    knight = state.players[1].discard[1]
    assert Action(0, "marshal:play", (knight,)) not in legal_actions(state, 0)
