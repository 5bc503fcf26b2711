"""A challenge a card initiates (gameplay/engine/challenges.py: ``initiate_with`` and the
step ``initiate_with``): the seat attacks with the given attackers, without choosing the type
or declaring, not counted among its challenges of the phase; the challenge then runs as usual.
Used by Show of Force (cad_14)."""

from __future__ import annotations

from gameplay.engine.challenges import initiate_with
from gameplay.engine.steps import run
from tests.gameplay.cardtest import HOST, KNIGHT, events, finish_challenge, joust, ref


def test_initiate_with_starts_a_challenge_with_the_given_attackers():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    host = ref(state, 0, HOST)
    initiate_with(state, 0, "military", 1, [host])
    run(state)
    assert state.challenge is not None and state.challenge["attackers"] == [host]
    assert state.in_play[host].knelt and state.players[0].challenges_done == []
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["attacker"] == 0 and resolved["type"] == "military"


def test_initiate_with_no_attacker_left_starts_nothing():
    state = joust({"in_play": [HOST]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)  # not controlled by seat 0
    initiate_with(state, 0, "military", 1, [knight])
    run(state)
    assert state.challenge is None and not events(state, "challenge")
