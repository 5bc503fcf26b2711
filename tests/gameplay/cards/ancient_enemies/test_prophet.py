"""Ancient Enemies, Drowned Prophet ("acoa_35"): ending the challenges phase
(gameplay/engine/phase_flow.py), played through legal actions in joust and melee."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    answer,
    build,
    events,
    head,
    joust,
    ref,
    start,
    until_seat,
    use,
    uses,
)

PROPHET = "acoa_35"
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: [+2 Influence]
KNIGHT = "Knight of the Tumblestone"
HOST = "Host of Storm's End"


def _pay(state):
    """Answer the influence prompt, if any, with every candidate it needs."""
    while head(state).get("name") == "prompt" and head(state)["purpose"] == "influence":
        state = answer(state, "influence", head(state)["candidates"][:4])
    return state


def test_acoa_35_drowned_prophet_ends_the_challenges_phase_mid_challenge():
    state = joust(
        {"in_play": [PROPHET, KNIGHT, *[FIEFDOM] * 4]},
        {"in_play": [HOST]},
    )
    prophet = ref(state, 0, PROPHET)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert head(state)["point"] == "after_attackers"
    state = until_seat(state, 0)
    state = _pay(use(state, 0, prophet))
    assert prophet in state.players[0].removed
    assert len(events(state, "influence")[-1]["cards"]) == 4  # 8 influence knelt
    kinds = [(e["event"], e.get("phase")) for e in state.log]
    ended = kinds.index(("phase_ended", "challenges"))
    assert kinds[ended + 1] == ("phase", "dominance")
    assert state.challenge is None
    assert not events(state, "challenge_resolved")  # the challenge ended unresolved
    # Seat 1 never had its challenges turn; the round went on to dominance.
    assert not [e for e in events(state, "challenge") if e["seat"] == 1]
    assert events(state, "dominance")


def test_acoa_35_drowned_prophet_only_in_the_challenges_phase_and_in_melee():
    players = [
        {"revealed_plot": "Summoning Season", "in_play": [PROPHET, KNIGHT, *[FIEFDOM] * 4]},
        {"revealed_plot": "Summoning Season", "in_play": [HOST]},
        {"revealed_plot": "Summoning Season", "in_play": [KNIGHT]},
    ]
    state = build(phase="challenges", players=players, first_player=1)
    prophet = ref(state, 0, PROPHET)
    # Seat 1's turn: seat 0 may end the phase before seat 1 initiates anything.
    state = until_seat(state, 0)
    assert head(state)["turn"] == 1
    state = _pay(use(state, 0, prophet))
    assert events(state, "phase_ended")[-1]["phase"] == "challenges"
    assert not events(state, "challenge")
    assert events(state, "dominance")
    marshalling = joust({"in_play": [PROPHET, *[FIEFDOM] * 4]}, {}, phase="marshalling")
    assert not uses(marshalling, 0, ref(marshalling, 0, PROPHET))
