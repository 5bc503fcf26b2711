"""A Hidden Agenda's passive characters (gameplay/engine/cards/a_hidden_agenda/characters.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue), Host of Storm's End (6 STR)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import allowed, keywords
from gameplay.engine.challenges import claim_value
from gameplay.engine.checks import win_power
from gameplay.engine.uses import shadow_out_cost
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    head,
    initiate,
    joust,
    ref,
    set_season,
    shadow,
    start,
)

LOCATION = "core_61"  # The Goldroad: Limited, +1 Income


# --- kr_116 Viserion, kr_117 Drogon, kr_118 Rhaegal ----------------------------------------


def test_each_dragon_keeps_the_next_one_from_being_killed():
    state = joust({"house": "Targaryen", "in_play": ["kr_116", "kr_117", "kr_118"]}, {})
    viserion, drogon, rhaegal = (ref(state, 0, c) for c in ("kr_116", "kr_117", "kr_118"))
    for dragon in (viserion, drogon, rhaegal):
        assert not allowed(state, "can_be_killed", dragon)
    moves.kill(state, [drogon])
    assert drogon in state.in_play


def test_a_dragon_alone_protects_only_the_one_it_names():
    state = joust({"house": "Targaryen", "in_play": ["kr_116", "kr_117"]}, {})
    viserion, drogon = ref(state, 0, "kr_116"), ref(state, 0, "kr_117")
    assert not allowed(state, "can_be_killed", viserion)  # Drogon protects Viserion
    assert allowed(state, "can_be_killed", drogon)  # Rhaegal is not in play
    state = joust({"house": "Targaryen", "in_play": ["kr_118"]}, {"in_play": ["kr_117"]})
    assert not allowed(state, "can_be_killed", ref(state, 1, "kr_117"))  # any player's Drogon


# --- kr_104 Gran Goodbrother ---------------------------------------------------------------


def test_gran_goodbrother_stays_with_more_locations_than_each_opponent():
    state = joust(
        {"house": "Greyjoy", "in_play": ["kr_104", LOCATION, LOCATION]},
        {"in_play": [LOCATION]},
    )
    gran = ref(state, 0, "kr_104")
    assert not allowed(state, "can_be_killed", gran)
    assert not allowed(state, "can_be_discarded", gran)
    moves.kill(state, [gran])
    assert gran in state.in_play


def test_gran_goodbrother_leaves_without_more_locations():
    state = joust({"house": "Greyjoy", "in_play": ["kr_104", LOCATION]}, {"in_play": [LOCATION]})
    gran = ref(state, 0, "kr_104")
    assert allowed(state, "can_be_killed", gran) and allowed(state, "can_be_discarded", gran)


# --- kr_110 Southron Heiress ---------------------------------------------------------------


def test_southron_heiress_gains_stealth_and_deadly_against_more_characters():
    state = joust({"house": "Martell", "in_play": ["kr_110"]}, {"in_play": [KNIGHT, STEWARD]})
    heiress = ref(state, 0, "kr_110")
    assert not {"stealth", "deadly"} & set(keywords(state, heiress))  # not attacking
    state = initiate(state, "intrigue", [heiress])
    assert {"stealth", "deadly"} <= set(keywords(state, heiress))
    assert head(state).get("purpose") == "stealth"


def test_southron_heiress_gains_nothing_against_as_many_characters():
    state = joust(
        {"house": "Martell", "in_play": ["kr_110", KNIGHT]}, {"in_play": [KNIGHT, STEWARD]}
    )
    heiress = ref(state, 0, "kr_110")
    state = start(state, "intrigue", [heiress])
    assert not {"stealth", "deadly"} & set(keywords(state, heiress))


# --- kr_102 Mace Tyrell --------------------------------------------------------------------


def test_mace_tyrell_lowers_the_power_to_win_for_each_power_on_him():
    state = joust({"house": "Baratheon", "in_play": [{"card": "kr_102", "power": 3}]}, {})
    assert win_power(state, 0, 15) == 12 and win_power(state, 1, 15) == 12


def test_mace_tyrell_does_nothing_in_summer():
    state = joust({"house": "Baratheon", "in_play": [{"card": "kr_102", "power": 3}]}, {})
    set_season(state, "Summer")
    assert win_power(state, 0, 15) == 15


# --- kr_112 Littlefinger -------------------------------------------------------------------


def test_littlefinger_comes_out_of_shadows_cheaper_by_an_opponents_power():
    state = joust({"house": "Stark", "power": 2}, {"power": 6})
    littlefinger = shadow(state, 0, "kr_112")
    assert shadow_out_cost(state, 0, littlefinger) == 10 - 6


def test_littlefinger_raises_the_claim_when_attacking_a_richer_opponent():
    state = joust(
        {"house": "Stark", "in_play": ["kr_112", KNIGHT], "power": 1},
        {"power": 3, "in_play": [KNIGHT]},
    )
    state = initiate(state, "military", [ref(state, 0, KNIGHT)])
    assert claim_value(state, 0) == 2  # Summoning Season's 1, +1


def test_littlefinger_does_not_raise_the_claim_against_less_power():
    state = joust(
        {"house": "Stark", "in_play": ["kr_112", KNIGHT], "power": 3},
        {"power": 3, "in_play": [KNIGHT]},
    )
    state = initiate(state, "military", [ref(state, 0, KNIGHT)])
    assert claim_value(state, 0) == 1
