"""Battle of Ruby Ford (acoa_87): an epic phase of single challenges with claim 2
(gameplay/engine/epic.py)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import events, ref
from tests.gameplay.epictest import epic_challenge, play_battle, plot_phase, until_epic_turn

STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power


def test_acoa_87_battle_of_ruby_ford_any_challenge_with_claim_two_then_dead_pile():
    them = {"in_play": [KNIGHT], "hand": [KNIGHT, KNIGHT, KNIGHT]}
    state = plot_phase([{"hand": ["acoa_87"], "in_play": [STEWARD, KNIGHT]}, them])
    state = play_battle(state, 0, "acoa_87")
    card = events(state, "epic_battle")[-1]["card"]
    state = until_epic_turn(state, 0)
    kinds = {a.kind for a in legal_actions(state, 0) if a.kind.startswith("challenge:")}
    assert kinds == {"challenge:military", "challenge:intrigue", "challenge:power"}
    before = len(state.players[1].hand)
    state = epic_challenge(state, 0, "intrigue", [ref(state, 0, STEWARD)])
    claim = events(state, "claim")[-1]
    assert claim["amount"] == 2  # the plot's claim is 1
    assert len(state.players[1].hand) == before - 2
    state = until_epic_turn(state, 1)  # each player's single challenge
    state = epic_challenge(state, 1, "military", [ref(state, 1, KNIGHT)])
    assert events(state, "claim")[-1]["amount"] == 2
    assert card in state.players[0].dead  # Deathbound, once the epic phase is over
    assert card not in state.players[0].discard
