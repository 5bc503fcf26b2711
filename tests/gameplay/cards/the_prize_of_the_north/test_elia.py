"""Elia Sand (gameplay/engine/cards/the_prize_of_the_north/elia.py).

Fillers: Lannisport Steward (2 STR, intrigue), Knight of the Tumblestone (no intrigue)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    build,
    challenge_kinds,
    finish_challenge,
    joust,
    ref,
    start,
    use,
    uses,
)

ELIA = "cad_91"


def test_elia_sand_allows_an_additional_intrigue_challenge():
    state = joust({"in_play": [ELIA, STEWARD]}, {"in_play": [KNIGHT, KNIGHT, KNIGHT]})
    state = finish_challenge(start(state, "intrigue", [ref(state, 0, STEWARD)]))
    assert "intrigue" not in challenge_kinds(state, 0)
    elia = ref(state, 0, ELIA)
    state = use(state, 0, elia)
    assert "intrigue" in challenge_kinds(state, 0)
    assert not uses(state, 0, elia)  # limit once per phase


def test_elia_sand_needs_an_opponent_with_more_characters():
    state = joust({"in_play": [ELIA, STEWARD]}, {"in_play": [KNIGHT, KNIGHT]})
    assert not uses(state, 0, ref(state, 0, ELIA))


def test_elia_sand_additional_challenge_only_against_the_chosen_opponent():
    players = [
        {"in_play": [ELIA, STEWARD]},
        {"in_play": [KNIGHT, KNIGHT, KNIGHT]},
        {"in_play": [STEWARD]},
    ]
    state = build(phase="challenges", players=players)
    state = finish_challenge(start(state, "intrigue", [ref(state, 0, STEWARD)], defender=2))
    state = use(state, 0, ref(state, 0, ELIA))  # only seat 1 has more characters
    found = {a.choice for a in legal_actions(state, 0) if a.kind == "challenge:intrigue"}
    assert found == {"1"}
