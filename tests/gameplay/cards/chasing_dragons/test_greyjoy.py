"""Chasing Dragons: the Greyjoy cards (gameplay/engine/cards/chasing_dragons/greyjoy.py):
Follower of Two Gods (btns_47), Thrall (btns_48), Iron Fleet Captain (btns_49), Victarion's
Reavers (btns_50), Longship Grief (btns_51).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Andrik the Unsmiling (asots_44,
a unique Greyjoy character), Ironborn Marauder (asots_24, a Raider), Salladhor Saan
(asots_47, a Captain), Crossroads (core_138, a location)."""

from __future__ import annotations

from gameplay.engine.abilities import icons
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    finish_challenge,
    hand,
    head,
    joust,
    ref,
    start,
    use,
    uses,
    waiting_seats,
    won_window,
)

FOLLOWER = "btns_47"
THRALL = "btns_48"
CAPTAIN = "btns_49"
REAVERS = "btns_50"
GRIEF = "btns_51"
ANDRIK = "asots_44"
MARAUDER = "asots_24"
SALLADHOR = "asots_47"
CROSSROADS = "core_138"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- btns_47 Follower of Two Gods ---------------------------------------------------------


def test_follower_of_two_gods_goes_to_the_bottom_of_the_deck_instead_of_dying():
    them = {"house": "Greyjoy", "in_play": [_knelt(FOLLOWER)], "deck": [STEWARD, STEWARD]}
    state = joust({"in_play": [HOST]}, them)
    follower = ref(state, 1, FOLLOWER)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert state.players[1].deck[-1] == follower
    assert follower not in state.players[1].dead


def test_follower_of_two_gods_gains_a_power_icon_after_you_win_unopposed():
    me = {"house": "Greyjoy", "in_play": [FOLLOWER, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    follower = ref(state, 0, FOLLOWER)
    state = won_window(state, "power", [ref(state, 0, KNIGHT)])
    state = use(state, 0, follower)
    assert "power" in icons(state, follower)


def test_follower_of_two_gods_not_after_an_opposed_challenge():
    me = {"house": "Greyjoy", "in_play": [FOLLOWER, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    follower, knight = ref(state, 0, FOLLOWER), ref(state, 1, KNIGHT)
    state = challenge_without(state, "power", [ref(state, 0, HOST)], 0, follower, [knight])
    assert "power" not in icons(state, follower)


# --- btns_48 Thrall -----------------------------------------------------------------------


def _dominance_window(state, seat):
    for _ in range(30):
        if state.phase == "dominance" and waiting_seats(state)[0] == seat:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no dominance window")


def test_thrall_returns_from_the_dead_pile_with_3_characters_there():
    me = {"house": "Greyjoy", "dead": [THRALL, KNIGHT, STEWARD]}
    state = _dominance_window(joust(me, {}, phase="dominance"), 0)
    thrall = state.players[0].dead[0]
    state = use(state, 0, thrall)
    assert thrall in state.players[0].hand


def test_thrall_not_with_fewer_than_3_characters_in_the_dead_pile():
    me = {"house": "Greyjoy", "dead": [THRALL, KNIGHT]}
    state = joust(me, {}, phase="dominance")
    assert not uses(state, 0, state.players[0].dead[0])
    me = {"house": "Greyjoy", "dead": [THRALL, KNIGHT, STEWARD], "in_play": [KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert state.phase == "challenges"
    assert not uses(state, 0, state.players[0].dead[0])  # not in the challenges phase


# --- btns_49 Iron Fleet Captain -----------------------------------------------------------


def test_iron_fleet_captain_claims_1_power_after_an_unopposed_win():
    state = joust({"house": "Greyjoy", "in_play": [CAPTAIN]}, {"in_play": [_knelt(KNIGHT)]})
    captain = ref(state, 0, CAPTAIN)
    state = won_window(state, "military", [captain])
    state = use(state, 0, captain)
    assert state.in_play[captain].power == 1


def test_iron_fleet_captain_only_unopposed_and_when_it_participated():
    state = joust({"house": "Greyjoy", "in_play": [CAPTAIN]}, {"in_play": [KNIGHT]})
    captain = ref(state, 0, CAPTAIN)
    knight = ref(state, 1, KNIGHT)
    state = challenge_without(state, "power", [captain], 0, captain, [knight])
    assert state.in_play[captain].power == 0
    state = joust({"house": "Greyjoy", "in_play": [CAPTAIN, KNIGHT]}, {"in_play": []})
    captain = ref(state, 0, CAPTAIN)
    state = challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, captain)
    assert state.in_play[captain].power == 0


# --- btns_50 Victarion's Reavers ----------------------------------------------------------


def test_reavers_cost_1_less_for_each_unique_greyjoy_character_you_control():
    me = {"house": "Greyjoy", "hand": [REAVERS], "in_play": [ANDRIK, MARAUDER]}
    state = joust(me, {"in_play": [ANDRIK]})
    assert gold_cost(state, 0, hand(state, 0, REAVERS)[0]) == 6  # Andrik only, not theirs


def test_reavers_attacking_alone_make_the_loser_discard_locations_instead_of_claim():
    them = {"in_play": [CROSSROADS, CROSSROADS, _knelt(KNIGHT)], "power": 2}
    state = joust({"house": "Greyjoy", "in_play": [REAVERS]}, them)
    state = start(state, "power", [ref(state, 0, REAVERS)])
    for _ in range(20):
        if head(state).get("purpose") == "discard":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert head(state)["seat"] == 1 and head(state)["min"] == 1  # the claim of 1
    road = ref(state, 1, CROSSROADS)
    state = answer(state, "discard", [road])
    assert road in state.players[1].discard
    assert state.players[1].power == 2  # no power claim


def test_reavers_not_when_they_did_not_attack_alone():
    them = {"in_play": [CROSSROADS, _knelt(KNIGHT)], "power": 2}
    state = joust({"house": "Greyjoy", "in_play": [REAVERS, KNIGHT]}, them)
    state = start(state, "power", [ref(state, 0, REAVERS), ref(state, 0, KNIGHT)])
    state = finish_challenge(state)
    assert ref(state, 1, CROSSROADS)
    assert state.players[1].power == 1  # the normal power claim


# --- btns_51 Longship Grief ---------------------------------------------------------------


def test_longship_grief_raiders_and_captains_do_not_kneel_in_the_first_challenge():
    me = {"house": "Greyjoy", "in_play": [GRIEF, MARAUDER, SALLADHOR, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    marauder, salladhor, knight = (ref(state, 0, c) for c in (MARAUDER, SALLADHOR, KNIGHT))
    state = start(state, "military", [marauder, salladhor, knight])
    assert not state.in_play[marauder].knelt and not state.in_play[salladhor].knelt
    assert state.in_play[knight].knelt  # not a Raider or Captain
    state = finish_challenge(state)
    state = start(state, "power", [marauder])  # the second challenge of the round
    assert state.in_play[marauder].knelt


def test_longship_grief_only_for_its_controllers_characters():
    state = joust({"house": "Greyjoy", "in_play": [MARAUDER]}, {"in_play": [GRIEF, KNIGHT]})
    marauder = ref(state, 0, MARAUDER)
    state = start(state, "military", [marauder])
    assert state.in_play[marauder].knelt
