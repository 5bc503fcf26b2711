"""The Tourney for the Hand (gameplay/engine/cards/the_tourney_for_the_hand/cards.py),
played through legal actions: Ser Jaime Lannister and Nightfall."""

from __future__ import annotations

from gameplay.engine.abilities import crests
from tests.gameplay.cards.the_tourney_for_the_hand.helpers import settle_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    defend,
    joust,
    ref,
    start,
    to_window,
    use,
    uses,
)

JAIME = "atoc_4"
NIGHTFALL = "atoc_9"
BARRISTAN = "atoc_10"  # unique, 3 STR (a body here)


# --- atoc_4 Ser Jaime Lannister ------------------------------------------------------------


def _jaime(power, phase="challenges"):
    state = joust(
        {"house": "Lannister", "in_play": [JAIME, STEWARD]},
        {"house": "Stark", "in_play": [STEWARD, HOST, {"card": KNIGHT, "knelt": True}]},
        phase=phase,
    )
    jaime = ref(state, 0, JAIME)
    state.in_play[jaime].power = power
    return state, jaime, ref(state, 1, STEWARD)


def test_ser_jaime_kneels_a_character_and_discards_it_with_more_power_than_its_str():
    state, jaime, steward = _jaime(3)
    # a standing non-Army character of an opponent (not the Host: Army; not the knelt Knight)
    assert [a.cards[1:] for a in uses(state, 0, jaime)] == [(steward,)]
    state = use(state, 0, jaime, steward)
    assert state.in_play[jaime].knelt
    assert steward in state.players[1].discard


def test_ser_jaime_only_kneels_when_his_power_is_not_more_than_its_str():
    state, jaime, steward = _jaime(2)  # 2 power, 2 STR
    state = use(state, 0, jaime, steward)
    assert steward in state.in_play and state.in_play[steward].knelt


def test_ser_jaime_once_per_phase_and_in_challenges():
    state, jaime, steward = _jaime(0)
    state = use(state, 0, jaime, steward)
    state.in_play[jaime].knelt = False
    state.in_play[steward].knelt = False
    assert uses(state, 0, jaime) == []
    state, jaime, _steward = _jaime(0, phase="marshalling")
    assert uses(state, 0, jaime) == []


# --- atoc_9 Nightfall ----------------------------------------------------------------------


def _nightfall(attacker):
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": KNIGHT, "attachments": [NIGHTFALL]}, HOST]},
        {"house": "Stark", "in_play": [KNIGHT, BARRISTAN]},
    )
    steward = ref(state, 0, KNIGHT)  # the bearer
    nightfall = next(r for r in state.in_play if state.code(r) == NIGHTFALL)
    attackers = [ref(state, 0, HOST)] + ([steward] if attacker else [])
    return state, steward, nightfall, attackers


def test_nightfall_gives_a_war_crest():
    state = joust(
        {"house": "Greyjoy", "in_play": [{"card": STEWARD, "attachments": [NIGHTFALL]}]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    assert "war" in crests(state, ref(state, 0, STEWARD))
    assert "war" not in crests(state, ref(state, 1, STEWARD))


def test_nightfall_kills_a_non_unique_participant():
    state, steward, nightfall, attackers = _nightfall(True)
    state = start(state, "power", attackers)
    knight, barristan = ref(state, 1, KNIGHT), ref(state, 1, BARRISTAN)
    state = defend(state, [knight, barristan])  # 5 STR against 8
    state = to_window(state, "challenge_won", [knight, barristan])
    host = ref(state, 0, HOST)
    # non-unique participants only (not Ser Barristan)
    assert sorted(a.cards[1:] for a in uses(state, 0, nightfall)) == sorted(
        [(steward,), (host,), (knight,)]
    )
    state = use(state, 0, nightfall, knight)
    assert knight in state.players[1].dead


def test_nightfall_answers_only_a_challenge_its_bearer_took_part_in():
    state, _steward, nightfall, attackers = _nightfall(False)
    state = start(state, "power", attackers)
    state = settle_challenge(state, 0, nightfall)
