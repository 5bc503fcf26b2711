"""A Song of Silence: the characters (a_song_of_silence/characters.py), played through
legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import controller, keywords
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import play_problem
from tests.gameplay.cards.a_song_of_silence.helpers import (
    PRIEST,
    STOWAWAY,
    card,
    deck_discard,
    stowaway,
)
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    defend,
    end_turn,
    events,
    hand,
    head,
    initiate,
    joust,
    marshalling,
    pass_until,
    ref,
    start,
    turn,
    until_prompt,
    use,
    uses,
)

RESERVES = "bwb_61"
SON = "bwb_63"
SMUGGLER = "bwb_65"  # Stormlands Smuggler: a Raider with Stealth, cost 1
EURON = "bwb_67"
CRAGORN = "bwb_68"
MONGREL = "bwb_69"
LONGSHIP = "bwb_71"  # a Warship location
HUNTERS = "bwb_73"
ASSASSIN = "bwb_75"
HUNTSMAN = "bwb_77"
RUMORS = "kl_116"  # Rumors of War, an Any Phase event


# --- bwb_61 Steelshanks' Reserves --------------------------------------------------------


def test_bwb_61_steelshanks_reserves_go_to_the_active_player_then_home():
    state = joust({"house": "Stark", "in_play": [RESERVES, KNIGHT]}, {"house": "Lannister"})
    reserves = card(state, RESERVES)
    assert turn(state) == ("before_challenge", 0) and controller(state, reserves) == 0
    state = end_turn(state)
    assert turn(state) == ("before_challenge", 1)
    assert controller(state, reserves) == 1 and reserves in state.players[1].in_play
    # Seat 1 may attack with it in its own turn.
    state = act(state, 1, "challenge:military", choice="0")
    assert events(state, "attackers")[-1]["cards"] == [reserves]  # its only attacker
    state = defend(state, [])
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert controller(state, reserves) == 0 and reserves in state.players[0].in_play
    assert [e["seat"] for e in events(state, "control")] == [1, 0]


def test_bwb_61_steelshanks_reserves_stay_with_their_controller_outside_the_challenges_phase():
    state = joust(
        {"house": "Stark", "gold": 0, "in_play": [RESERVES]},
        {"house": "Lannister"},
        phase="marshalling",
    )
    reserves = card(state, RESERVES)
    state = end_turn(state)
    assert turn(state) == ("marshal", 1) and controller(state, reserves) == 0
    assert not events(state, "control")


# --- bwb_63 Son of the Mist --------------------------------------------------------------


def test_bwb_63_son_of_the_mist_claims_1_power_when_a_player_plays_his_last_card():
    state = marshalling(
        {"house": "Stark", "gold": 5, "in_play": [SON], "hand": [KNIGHT]}, {"house": "Lannister"}
    )
    son = ref(state, 0, SON)
    state = act(state, 0, "marshal:play", hand(state, 0, KNIGHT))
    assert head(state).get("trigger") == "played"
    state = use(state, 0, son)
    assert state.in_play[son].knelt and state.in_play[son].power == 1


def test_bwb_63_son_of_the_mist_kneels_another_clansman_and_answers_an_opponents_play():
    state = marshalling(
        {"house": "Stark", "gold": 5, "hand": [KNIGHT]},
        {"house": "Lannister", "in_play": [SON, SON]},
    )
    son, other = ref(state, 1, SON), ref(state, 1, SON, 1)
    state = act(state, 0, "marshal:play", hand(state, 0, KNIGHT))
    state = use(state, 1, son)
    assert set(head(state)["candidates"]) == {son, other}  # a Clansman of seat 1's
    state = answer(state, "kneel_cost", [other])
    assert state.in_play[other].knelt and not state.in_play[son].knelt
    assert state.in_play[son].power == 1


def test_bwb_63_son_of_the_mist_needs_the_hand_emptied():
    state = marshalling(
        {"house": "Stark", "gold": 5, "in_play": [SON], "hand": [KNIGHT, KNIGHT]},
        {"house": "Lannister"},
    )
    son = ref(state, 0, SON)
    state = act(state, 0, "marshal:play", hand(state, 0, KNIGHT)[:1])
    assert not uses(state, 0, son)


def test_bwb_63_son_of_the_mist_needs_a_standing_clansman():
    state = marshalling(
        {"house": "Stark", "gold": 5, "in_play": [{"card": SON, "knelt": True}], "hand": [KNIGHT]},
        {"house": "Lannister"},
    )
    son = ref(state, 0, SON)
    state = act(state, 0, "marshal:play", hand(state, 0, KNIGHT))
    assert not uses(state, 0, son)


# --- bwb_67 Euron Crow's Eye -------------------------------------------------------------


def test_bwb_67_euron_gives_raiders_stealth_and_stops_opponents_events_while_attacking():
    state = joust(
        {"house": "Greyjoy", "in_play": [EURON, MONGREL]},
        {"house": "Martell", "hand": [RUMORS], "in_play": [STEWARD, HOST]},
    )
    euron, mongrel = ref(state, 0, EURON), ref(state, 0, MONGREL)
    rumors = hand(state, 1, RUMORS)[0]
    assert "stealth" not in keywords(state, mongrel)
    state = initiate(state, "military", [euron, mongrel])
    assert "stealth" in keywords(state, mongrel) and "stealth" in keywords(state, euron)
    assert head(state)["purpose"] == "stealth"  # Euron's, then the Mongrel's choice
    assert play_problem(state, 1, rumors) == "You cannot play event cards now."
    steward, host = ref(state, 1, STEWARD), ref(state, 1, HOST)
    state = answer(state, "stealth", [steward])
    state = answer(state, "stealth", [host])
    assert {e["target"] for e in events(state, "stealth")} == {steward, host}
    # The window after attackers closed without a stop: Rumors of War could not be played.
    assert head(state).get("purpose") == "claim_kill"
    with pytest.raises(IllegalAction):
        act(state, 1, "use", [rumors, mongrel])


def test_bwb_67_without_euron_attacking_raiders_have_no_stealth_and_events_play():
    state = joust(
        {"house": "Greyjoy", "in_play": [EURON, MONGREL]},
        {"house": "Martell", "hand": [RUMORS], "in_play": [STEWARD]},
    )
    mongrel = ref(state, 0, MONGREL)
    rumors = hand(state, 1, RUMORS)[0]
    state = initiate(state, "military", [mongrel])
    assert "stealth" not in keywords(state, mongrel)
    assert head(state).get("point") == "after_attackers"
    assert uses(state, 1, rumors)


# --- bwb_68 Cragorn ----------------------------------------------------------------------


def test_bwb_68_cragorn_returns_to_hand_to_take_1_gold_from_an_opponent():
    state = marshalling({"house": "Greyjoy", "gold": 1, "in_play": [CRAGORN]}, {"gold": 2})
    cragorn = ref(state, 0, CRAGORN)
    state = use(state, 0, cragorn)
    assert cragorn in state.players[0].hand and cragorn not in state.in_play
    assert state.players[0].gold == 2 and state.players[1].gold == 1
    assert events(state, "gold_given")[-1]["seat"] == 1


def test_bwb_68_cragorn_needs_an_opponent_with_gold():
    state = marshalling({"house": "Greyjoy", "gold": 3, "in_play": [CRAGORN]}, {"gold": 0})
    assert not uses(state, 0, ref(state, 0, CRAGORN))


# --- bwb_69 Euron's Mongrel --------------------------------------------------------------


def _mongrel_position(mongrel_knelt=False, warship=False, top=KNIGHT):
    mine = [{"card": MONGREL, "knelt": mongrel_knelt}] + ([LONGSHIP] if warship else [])
    return joust(
        {"house": "Greyjoy", "in_play": mine},
        {"house": "Greyjoy", "in_play": [STOWAWAY, PRIEST, KNIGHT, STEWARD], "deck": [top]},
    )


def test_bwb_69_euron_s_mongrel_kneels_to_discard_a_copy_of_the_discarded_card():
    state = _mongrel_position()
    state = deck_discard(state, 1)
    mongrel, knight = ref(state, 0, MONGREL), ref(state, 1, KNIGHT)
    targets = {a.cards[1] for a in uses(state, 0, mongrel)}
    assert targets == {knight}  # a copy of the Knight discarded, not the Steward
    state = use(state, 0, mongrel, knight)
    assert knight in state.players[1].discard and state.in_play[mongrel].knelt
    assert state.players[0].limited_response_used


def test_bwb_69_euron_s_mongrel_may_kneel_a_warship_location_instead():
    state = _mongrel_position(mongrel_knelt=True, warship=True)
    state = deck_discard(state, 1)
    mongrel, knight = ref(state, 0, MONGREL), ref(state, 1, KNIGHT)
    longship = ref(state, 0, LONGSHIP)
    found = uses(state, 0, mongrel)
    assert [a.cards for a in found] == [(mongrel, knight)] and found[0].choice == "1"
    state = act(state, 0, "use", [mongrel, knight], "1")
    assert state.in_play[longship].knelt and knight in state.players[1].discard


def test_bwb_69_euron_s_mongrel_needs_a_copy_in_play_and_its_limited_response():
    state = _mongrel_position(top=HOST)  # no Host of Storm's End in play
    state = stowaway(state, 1)
    assert state.players[1].discard and head(state).get("trigger") != "card_discarded_from_deck"
    assert not uses(state, 0, ref(state, 0, MONGREL))
    state = _mongrel_position()
    state.players[0].limited_response_used = True  # used already this round
    state = stowaway(state, 1)
    assert state.players[1].discard and head(state).get("trigger") != "card_discarded_from_deck"
    assert not uses(state, 0, ref(state, 0, MONGREL))


# --- bwb_73 Horseback Hunters ------------------------------------------------------------


def test_bwb_73_horseback_hunters_return_to_hand_after_their_controller_loses_a_military():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Targaryen", "in_play": [HUNTERS, STEWARD]},
    )
    hunters, steward = ref(state, 1, HUNTERS), ref(state, 1, STEWARD)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "claim_kill")
    state = answer(state, "claim_kill", [steward])
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert hunters in state.players[1].hand and steward in state.players[1].dead


def test_bwb_73_horseback_hunters_stay_after_another_challenge_type_is_lost():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Targaryen", "in_play": [HUNTERS, STEWARD]},
    )
    hunters = ref(state, 1, HUNTERS)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert hunters in state.in_play


# --- bwb_75 Silent Assassin --------------------------------------------------------------


def test_bwb_75_silent_assassin_swaps_in_for_an_attacker():
    state = joust(
        {"house": "Martell", "in_play": [ASSASSIN, KNIGHT, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    assassin, knight = ref(state, 0, ASSASSIN), ref(state, 0, KNIGHT)
    assert not uses(state, 0, assassin)  # no challenge yet
    state = start(state, "military", [knight])
    assert head(state).get("point") == "after_attackers"
    assert {a.cards[1] for a in uses(state, 0, assassin)} == {knight}
    state = use(state, 0, assassin, knight)
    assert head(state)["purpose"] == "defenders"
    assert state.challenge["attackers"] == [assassin]
    assert not state.in_play[knight].knelt and state.in_play[assassin].knelt
    assert events(state, "joined_challenge")[-1]["card"] == assassin


def test_bwb_75_silent_assassin_only_for_its_controllers_attack():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]}, {"house": "Martell", "in_play": [ASSASSIN]}
    )
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert not uses(state, 1, ref(state, 1, ASSASSIN))


# --- bwb_77 The Mad Huntsman -------------------------------------------------------------


@pytest.mark.parametrize("power, knelt", [(0, False), (1, True)])
def test_bwb_77_the_mad_huntsman_does_not_kneel_to_attack_without_house_power(power, knelt):
    state = joust(
        {"house": "Stark", "power": power, "in_play": [HUNTSMAN]},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    huntsman = ref(state, 0, HUNTSMAN)
    state = start(state, "military", [huntsman])
    assert head(state)["purpose"] == "defenders"
    assert state.in_play[huntsman].knelt is knelt


@pytest.mark.parametrize("power, knelt", [(0, False), (1, True)])
def test_bwb_77_the_mad_huntsman_does_not_kneel_to_defend_without_house_power(power, knelt):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Stark", "power": power, "in_play": [HUNTSMAN, KNIGHT]},
    )
    huntsman = ref(state, 1, HUNTSMAN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [huntsman])
    assert head(state)["purpose"] == "claim_kill"
    assert state.in_play[huntsman].knelt is knelt


def test_bwb_65_stormlands_smuggler_needs_no_script():
    state = joust({"house": "Baratheon", "in_play": [SMUGGLER]}, {"house": "Stark"})
    assert "stealth" in keywords(state, ref(state, 0, SMUGGLER))
    assert legal_actions(state, 0)
