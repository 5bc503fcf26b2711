"""Illyrio's Gift: the characters (illyrios_gift/characters.py), played through legal
actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import allowed, strength
from tests.gameplay.cards.illyrios_gift.helpers import attach_under
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    challenges_over,
    defend,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    use,
    uses,
    watch,
    won_window,
)

BASTARD = "bwb_1"
DUBIOUS = "bwb_2"
DOGS = "bwb_3"
LOYALISTS = "bwb_5"
MOTLEY = "bwb_7"
RAKHARO = "bwb_9"
HORDE = "bwb_10"
CRONE = "bwb_11"
EDRIC = "bwb_15"
BERIC = "bwb_17"
LOOTERS = "ator_101"  # Response: after it enters play, discard the top card of each opponent's deck
CROSSROADS = "core_138"  # a neutral location, 1 influence
GOLDROAD = "core_61"  # a Lannister location without influence
HONOR_GUARD = "core_119"  # a Dothraki Army, 4 STR


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


# --- bwb_1 The Bastard of Bolton ---------------------------------------------------------


def _turncoat_position(hand0=(), in_play0=()):
    """Seat 0's Host attacks; seat 1's Knight, wearing seat 0's Dubious Loyalties, defends
    and loses: seat 0 takes control of it with the Dubious Loyalties response."""
    state = joust(
        {"house": "Stark", "in_play": [HOST, *in_play0], "hand": list(hand0)},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    knight = ref(state, 1, KNIGHT)
    dubious = attach_under(state, 0, DUBIOUS, knight)
    state = won_window(state, "power", [ref(state, 0, HOST)], [knight])
    state = until_seat(state, 0)
    return use(state, 0, dubious), knight


def test_bwb_1_the_bastard_of_bolton_enters_play_after_control_of_a_character_changes():
    state, knight = _turncoat_position(hand0=[BASTARD])
    assert state.in_play[knight].controller == 0
    state = to_window(state, "control_changed")
    state = until_seat(state, 0)
    bastard = hand(state, 0, BASTARD)[0]
    state = use(state, 0, bastard)
    assert bastard in state.in_play and state.in_play[bastard].controller == 0


def test_bwb_1_the_bastard_of_bolton_is_not_put_into_play_while_a_copy_is_in_play():
    state, knight = _turncoat_position(hand0=[BASTARD], in_play0=[BASTARD])
    assert state.in_play[knight].controller == 0
    bastard = hand(state, 0, BASTARD)[0]
    assert not uses(state, 0, bastard)
    state, offered = watch(state, 0, bastard, challenges_over)
    assert not offered and bastard in state.players[0].hand


def test_bwb_1_the_table_taking_control_by_hand_opens_no_window():
    from gameplay.engine.moves import take_control

    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [BASTARD]},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    queue = len(state.queue)
    take_control(state, ref(state, 1, KNIGHT), 0, announce=False)
    assert len(state.queue) == queue


# --- bwb_3 Painted Dogs ------------------------------------------------------------------


def test_bwb_3_painted_dogs_give_a_character_2_str_until_the_end_of_the_phase():
    state = joust(
        {"house": "Lannister", "in_play": [DOGS, HOST], "hand": [STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [STEWARD]},
    )
    dogs, knight = ref(state, 0, DOGS), ref(state, 1, KNIGHT)
    state = use(state, 0, dogs, knight)  # any character, an opponent's too
    assert state.in_play[dogs].knelt and strength(state, knight) == 4
    assert not uses(state, 0, dogs)  # knelt: once
    state = pass_until(state, challenges_over)
    assert strength(state, knight) == 2


def test_bwb_3_painted_dogs_give_4_str_with_fewer_cards_in_hand_than_each_opponent():
    state = joust(
        {"house": "Lannister", "in_play": [DOGS, HOST]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [STEWARD]},
    )
    host = ref(state, 0, HOST)
    state = use(state, 0, ref(state, 0, DOGS), host)
    assert strength(state, host) == 10


# --- bwb_5 Robert's Loyalists ------------------------------------------------------------


@pytest.mark.parametrize(("house", "bonus"), [("Stark", 2), ("Baratheon", 0), ("Neutral", 0)])
def test_bwb_5_roberts_loyalists_get_2_str_attacking_a_non_baratheon_non_neutral_house(
    house, bonus
):
    state = joust(
        {"house": "Baratheon", "in_play": [LOYALISTS]}, {"house": house, "in_play": [KNIGHT]}
    )
    loyalists = ref(state, 0, LOYALISTS)
    assert strength(state, loyalists) == 3
    state = start(state, "power", [loyalists])
    assert strength(state, loyalists) == 3 + bonus


def test_bwb_5_roberts_loyalists_get_nothing_while_defending():
    state = joust(
        {"house": "Stark", "in_play": [HOST]}, {"house": "Baratheon", "in_play": [LOYALISTS]}
    )
    loyalists = ref(state, 1, LOYALISTS)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [loyalists])
    assert strength(state, loyalists) == 3


# --- bwb_7 Motley Crewman ----------------------------------------------------------------


def test_bwb_7_motley_crewman_makes_an_effect_discard_one_more_card_of_an_opponents_deck():
    state = marshalling(
        {"gold": 5, "in_play": [MOTLEY], "hand": [LOOTERS]},
        {"deck": [KNIGHT] * 5},
    )
    looters = hand(state, 0, LOOTERS)[0]
    state = act(state, 0, "marshal:play", [looters])
    state = until_seat(state, 0)
    state = use(state, 0, looters)
    assert len(state.players[1].discard) == 2 and len(state.players[1].deck) == 3


def test_bwb_7_motley_crewman_does_not_add_to_a_discard_from_his_controllers_deck():
    state = marshalling(
        {"gold": 5, "hand": [LOOTERS]},
        {"deck": [KNIGHT] * 5, "in_play": [MOTLEY]},  # the Looters discard Motley's side
    )
    looters = hand(state, 0, LOOTERS)[0]
    state = act(state, 0, "marshal:play", [looters])
    state = until_seat(state, 0)
    state = use(state, 0, looters)
    assert len(state.players[1].discard) == 1


# --- bwb_9 Rakharo -----------------------------------------------------------------------


def test_bwb_9_rakharo_discards_at_random_after_an_all_dothraki_military_win():
    state = joust(
        {"house": "Targaryen", "in_play": [RAKHARO, HONOR_GUARD]},
        {"house": "Stark", "in_play": [STEWARD], "hand": [KNIGHT, KNIGHT]},
    )
    rakharo = ref(state, 0, RAKHARO)
    state = won_window(state, "military", [rakharo, ref(state, 0, HONOR_GUARD)], [])
    state = until_seat(state, 0)
    state = use(state, 0, rakharo)
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_bwb_9_rakharo_is_not_offered_when_a_non_dothraki_attacks_too():
    state = joust(
        {"house": "Targaryen", "in_play": [RAKHARO, HOST]},
        {"house": "Stark", "in_play": [STEWARD], "hand": [KNIGHT]},
    )
    rakharo = ref(state, 0, RAKHARO)
    state = start(state, "military", [rakharo, ref(state, 0, HOST)])
    state, offered = watch(state, 0, rakharo, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


def test_bwb_9_rakharo_is_not_offered_after_a_power_win():
    state = joust(
        {"house": "Targaryen", "in_play": [RAKHARO]},
        {"house": "Stark", "in_play": [STEWARD], "hand": [KNIGHT]},
    )
    rakharo = ref(state, 0, RAKHARO)
    state = start(state, "power", [rakharo])
    state, offered = watch(state, 0, rakharo, challenges_over)
    assert events(state, "challenge_resolved")[0]["winner"] == 0 and not offered


# --- bwb_10 Drogo's Horde ----------------------------------------------------------------


def test_bwb_10_drogos_horde_costs_1_less_for_each_dothraki_character_you_control():
    state = marshalling(
        {"house": "Targaryen", "gold": 4, "in_play": [RAKHARO, CRONE, HOST], "hand": [HORDE]},
        {"in_play": [HONOR_GUARD]},  # an opponent's Dothraki does not count
    )
    horde = hand(state, 0, HORDE)[0]
    state = act(state, 0, "marshal:play", [horde])
    assert horde in state.in_play and state.players[0].gold == 0


def test_bwb_10_drogos_horde_costs_6_without_dothraki():
    state = marshalling(
        {"house": "Targaryen", "gold": 5, "in_play": [HOST], "hand": [HORDE]},
        {"in_play": [HONOR_GUARD]},
    )
    horde = hand(state, 0, HORDE)[0]
    assert not marshals(state, 0, horde)
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [horde])


# --- bwb_11 Bitter Crone -----------------------------------------------------------------


def test_bwb_11_bitter_crone_characters_cannot_be_saved_during_military_challenges():
    state = joust(
        {"house": "Targaryen", "in_play": [HOST, CRONE]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "duplicates": [KNIGHT]}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, challenges_over)
    assert knight in state.players[1].dead  # no duplicate save was offered


def test_bwb_11_bitter_crone_leaves_saves_outside_military_challenges():
    state = joust(
        {"house": "Targaryen", "in_play": [HORDE, CRONE]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "duplicates": [KNIGHT]}]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, HORDE)])
    state = defend(state, [knight])  # Deadly kills a defender in a Power challenge
    state = until_prompt(state, "save")
    assert knight in head(state)["candidates"]


# --- bwb_15 Edric Dayne ------------------------------------------------------------------


def test_bwb_15_edric_dayne_killed_makes_his_controller_discard_an_influence_location():
    state = joust(
        {"house": "Stark", "in_play": [HOST, CROSSROADS]},
        {"house": "Martell", "in_play": [EDRIC, GOLDROAD, CROSSROADS]},
    )
    edric, crossroads = ref(state, 1, EDRIC), ref(state, 0, CROSSROADS)
    own = ref(state, 1, CROSSROADS)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_prompt(state, "discard_location")
    prompt = head(state)
    assert edric in state.players[1].dead
    assert prompt["seat"] == 1  # not The Goldroad, without influence
    assert sorted(prompt["candidates"]) == sorted([crossroads, own])
    state = answer(state, "discard_location", [crossroads])
    assert crossroads in state.players[0].discard and own in state.in_play


def test_bwb_15_edric_dayne_kneels_an_influence_location_entering_play():
    state = marshalling(
        {"gold": 4, "hand": [CROSSROADS, GOLDROAD]}, {"house": "Martell", "in_play": [EDRIC]}
    )
    edric = ref(state, 1, EDRIC)
    goldroad = hand(state, 0, GOLDROAD)[0]
    state = act(state, 0, "marshal:play", [goldroad])
    assert not uses(state, 1, edric)  # no influence: not answered
    crossroads = hand(state, 0, CROSSROADS)[0]
    state = act(state, 0, "marshal:play", [crossroads])
    state = until_seat(state, 1)
    state = use(state, 1, edric)
    assert state.in_play[crossroads].knelt and not state.in_play[goldroad].knelt


# --- bwb_17 Beric Dondarrion -------------------------------------------------------------


def test_bwb_17_beric_cannot_be_killed_with_no_power_on_his_house_card():
    state = joust({"house": "Stark", "in_play": [HOST]}, {"house": "Baratheon", "in_play": [BERIC]})
    beric = ref(state, 1, BERIC)
    assert not allowed(state, "can_be_discarded", beric)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, challenges_over)
    assert beric in state.in_play  # claim found no character that can be killed


def test_bwb_17_beric_can_be_killed_once_his_house_card_has_power():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Baratheon", "in_play": [BERIC], "power": 1},
    )
    beric = ref(state, 1, BERIC)
    assert allowed(state, "can_be_discarded", beric)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_until(state, challenges_over)
    assert beric in state.players[1].dead
