"""The Tourney for the Hand: Arya Stark
(gameplay/engine/cards/the_tourney_for_the_hand/cards.py), in a melee with Titles."""

from __future__ import annotations

from tests.gameplay.cards.the_tourney_for_the_hand.helpers import settle_challenge
from tests.gameplay.cardtest import (
    PLOT,
    STEWARD,
    build,
    ref,
    start,
    to_window,
    use,
)

ARYA = "atoc_1"


def _melee(third_title, attackers=(ARYA,)):
    players = [
        {"house": "Stark", "in_play": [ARYA, STEWARD], "title": "master_of_whispers"},
        {"house": "Lannister", "hand": [STEWARD, STEWARD], "title": "hand_of_the_king"},
        {"house": "Baratheon", "hand": [STEWARD, STEWARD], "title": third_title},
    ]
    for player in players:
        player["revealed_plot"] = PLOT
    state = build(phase="challenges", variant="melee", players=players)
    arya = ref(state, 0, ARYA)
    state = start(state, "intrigue", [ref(state, 0, a) for a in attackers], defender=1)
    return state, arya


def test_arya_stark_makes_an_opposed_title_satisfy_the_claim_too():
    state, arya = _melee("master_of_laws")  # Master of Whispers opposes Master of Laws
    state = to_window(state, "challenge_won")
    state = use(state, 0, arya)
    state = settle_challenge(state, 0, arya)
    assert len(state.players[2].hand) == 1 and len(state.players[2].discard) == 1
    assert len(state.players[1].hand) == 1  # the defender's own claim


def test_arya_stark_ignores_a_title_that_does_not_oppose_yours():
    state, arya = _melee("lord_commander")
    state = settle_challenge(state, 0, arya)
    assert len(state.players[2].hand) == 2


def test_arya_stark_must_attack_alone():
    state, arya = _melee("master_of_laws", attackers=(ARYA, STEWARD))
    state = settle_challenge(state, 0, arya)
    assert len(state.players[2].hand) == 2
