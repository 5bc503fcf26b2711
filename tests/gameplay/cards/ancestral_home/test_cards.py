"""Ancestral Home locations and events (gameplay/engine/cards/ancestral_home/cards.py)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    calm_marshalling,
    events,
    hand,
    head,
    joust,
    marshals,
    never_offered,
    on_house,
    pass_windows,
    ref,
    start,
    use,
    uses,
    won_window,
)
from tests.gameplay.scenario import apply

GREAT_WYK, SET_SAIL, WESTERLANDS = "cad_64", "cad_66", "cad_68"
WARDEN_WEST, HOSTER = "cad_69", "cad_72"
WARSHIP = "kotse_29"  # Scouting Vessel: a Greyjoy Warship location
ROOKERY = "core_29"  # Great Keep: a location without Warship


def _knelt(card):
    return {"card": card, "knelt": True}


# --- cad_64 Great Wyk ---------------------------------------------------------------------


def test_great_wyk_kneels_a_standing_location_or_stands_a_kneeling_one():
    state = calm_marshalling({"in_play": [GREAT_WYK, WARSHIP]}, {"in_play": [_knelt(WARSHIP)]})
    wyk, mine, theirs = ref(state, 0, GREAT_WYK), ref(state, 0, WARSHIP), ref(state, 1, WARSHIP)
    # another location, anyone's: never Great Wyk itself
    assert sorted(a.cards[1:] for a in uses(state, 0, wyk)) == sorted([(mine,), (theirs,)])
    state = use(state, 0, wyk, theirs)
    assert state.in_play[wyk].knelt and not state.in_play[theirs].knelt
    state.in_play[wyk].knelt = False
    state = use(state, 0, wyk, mine)
    assert state.in_play[mine].knelt


def test_great_wyk_needs_to_kneel():
    state = calm_marshalling({"in_play": [_knelt(GREAT_WYK), WARSHIP]})
    assert not uses(state, 0, ref(state, 0, GREAT_WYK))


# --- cad_66 Set Sail ----------------------------------------------------------------------


def test_set_sail_finds_a_warship_location_after_an_unopposed_win():
    me = {"house": "Greyjoy", "in_play": [HOST], "hand": [SET_SAIL], "deck": [KNIGHT, WARSHIP]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    state = won_window(state, "power", [ref(state, 0, HOST)])
    state = use(state, 0, hand(state, 0, SET_SAIL)[0])
    prompt = head(state)
    ships = [r for r in state.players[0].deck if state.code(r) == WARSHIP]
    assert prompt["purpose"] == "search" and prompt["candidates"] == ships
    state = answer(state, "search", ships)
    assert ships[0] in state.players[0].hand


def test_set_sail_not_after_an_opposed_win():
    me = {"house": "Greyjoy", "in_play": [HOST], "hand": [SET_SAIL], "deck": [WARSHIP]}
    state = joust(me, {"in_play": [STEWARD, KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = never_offered(state, 0, hand(state, 0, SET_SAIL)[0], [ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0


def test_set_sail_only_a_warship_location():
    me = {"house": "Greyjoy", "in_play": [HOST], "hand": [SET_SAIL], "deck": [ROOKERY, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    state = won_window(state, "power", [ref(state, 0, HOST)])
    state = use(state, 0, hand(state, 0, SET_SAIL)[0])
    assert head(state)["candidates"] == []


# --- cad_68 The Westerlands ---------------------------------------------------------------


def _kneel_their_character(westerlands_knelt_before=0):
    me = {"in_play": [WESTERLANDS], "hand": [HOSTER], "gold": 5}
    state = calm_marshalling(me, {"in_play": [HOST, ROOKERY, STEWARD]})
    west = ref(state, 0, WESTERLANDS)
    for _ in range(westerlands_knelt_before):
        state.used.append(f"limit:{west}:0:phase:marshalling")
    warden = on_house(state, 0, WARDEN_WEST)
    state = apply(state, marshals(state, 0, hand(state, 0, HOSTER)[0])[0])
    return state, warden, west


def test_the_westerlands_kneels_a_location_after_my_effect_kneels_their_character():
    state, warden, west = _kneel_their_character()
    state = use(state, 0, warden, ref(state, 1, HOST))
    rookery = ref(state, 1, ROOKERY)
    # standing locations, The Westerlands itself too
    assert sorted(a.cards[1:] for a in uses(state, 0, west)) == sorted([(rookery,), (west,)])
    state = use(state, 0, west, rookery)
    assert state.in_play[rookery].knelt


def test_the_westerlands_not_after_my_own_character_is_knelt():
    state, warden, west = _kneel_their_character()
    state = use(state, 0, warden, ref(state, 0, HOSTER))
    assert not uses(state, 0, west)


def test_the_westerlands_limit_3_times_per_phase():
    state, warden, west = _kneel_their_character(westerlands_knelt_before=3)
    state = use(state, 0, warden, ref(state, 1, HOST))
    assert not uses(state, 0, west)
    pass_windows(state)
