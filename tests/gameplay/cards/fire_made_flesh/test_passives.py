"""Fire Made Flesh passives and the plot (gameplay/engine/cards/fire_made_flesh/passives.py).

Fillers: Knight of the Tumblestone (Stark, military and power), Host of Storm's End
(Baratheon, military and power, 6 STR), Lannisport Steward (Lannister, intrigue), Brown Ben
Plumm (core_118, Targaryen, military)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, value
from gameplay.engine.challenges import claim_value
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    defend,
    events,
    finish_challenge,
    hand,
    joust,
    pass_until,
    ref,
    start,
    until_seat,
    use,
)

KOTN, NO_MEN, COMMON_CAUSE = "cad_41", "cad_48", "cad_60"
BEN = "core_118"


# --- cad_41 Knight of the North -------------------------------------------------------------


def test_knight_of_the_north_characters_with_two_icons_do_not_count_str():
    state = joust({"in_play": [KOTN]}, {"in_play": [HOST]})
    state = start(state, "power", [ref(state, 0, KOTN)])
    state = defend(state, [ref(state, 1, HOST)])
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0  # 3 STR against the Host's 6, not counted


def test_knight_of_the_north_only_while_participating():
    state = joust({"in_play": [KOTN, BEN]}, {"in_play": [HOST]})
    state = start(state, "military", [ref(state, 0, BEN)])
    state = defend(state, [ref(state, 1, HOST)])
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 1


# --- cad_48 There Are No Men Like Me --------------------------------------------------------


def test_there_are_no_men_like_me_military_icon_and_no_kneel_in_military_challenges():
    me = {"house": "Lannister", "in_play": [STEWARD], "hand": [NO_MEN]}
    state = joust(me, {"in_play": [KNIGHT]})
    steward = ref(state, 0, STEWARD)
    state = use(state, 0, hand(state, 0, NO_MEN)[0], steward)
    assert "military" in icons(state, steward)
    state = start(state, "military", [steward])
    assert not state.in_play[steward].knelt


def test_there_are_no_men_like_me_kneels_in_other_challenges():
    me = {"house": "Lannister", "in_play": [KNIGHT], "hand": [NO_MEN]}
    state = joust(me, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, hand(state, 0, NO_MEN)[0], knight)
    state = start(state, "power", [knight])
    assert state.in_play[knight].knelt


def test_there_are_no_men_like_me_defends_military_standing():
    them = {"house": "Lannister", "in_play": [KNIGHT, HOST], "hand": [NO_MEN]}
    state = joust({"in_play": [KNIGHT]}, them)
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, NO_MEN)[0], knight)
    state = defend(state, [knight, host])
    assert not state.in_play[knight].knelt and state.in_play[host].knelt


# --- cad_60 Common Cause --------------------------------------------------------------------


def test_common_cause_claim_is_the_number_of_houses_among_your_characters():
    me = {"revealed_plot": COMMON_CAUSE, "in_play": [KNIGHT, KNIGHT, HOST, STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert claim_value(state, 0) == 3  # two Stark Knights count once
    state = joust(
        {"revealed_plot": COMMON_CAUSE, "in_play": [BEN]}, {"revealed_plot": COMMON_CAUSE}
    )
    assert claim_value(state, 0) == 1 and claim_value(state, 1) == 0


# --- cad_46 Podrick Payne -------------------------------------------------------------------

PODRICK, TYRION = "cad_46", "core_38"


def test_podrick_payne_gives_tyrion_a_military_icon():
    state = joust({"in_play": [PODRICK]}, {"in_play": [TYRION, KNIGHT]})
    tyrion = ref(state, 1, TYRION)
    assert "military" in icons(state, tyrion)
    assert "military" not in icons(state, ref(state, 0, PODRICK))


def test_podrick_payne_each_card_discarded_from_an_opponents_hand_lowers_the_draw_cap():
    state = joust({"in_play": [PODRICK]}, {"in_play": [HOST], "hand": [KNIGHT, KNIGHT]})
    state = start(state, "intrigue", [ref(state, 0, PODRICK)])
    state = finish_challenge(state)
    assert len(state.players[1].hand) == 1  # the intrigue claim
    assert value(state, "draw_cap", 1, 3) == 2 and value(state, "draw_cap", 0, 3) == 3
    state = pass_until(state, lambda s: s.phase == "plot")  # until the end of the round
    assert value(state, "draw_cap", 1, 3) == 3


def test_podrick_payne_not_for_your_own_discards():
    me = {"in_play": [{"card": PODRICK, "knelt": True}], "hand": [KNIGHT, KNIGHT]}
    state = joust(me, {"in_play": [STEWARD]}, first_player=1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    state = finish_challenge(state)
    assert len(state.players[0].hand) == 1
    assert value(state, "draw_cap", 0, 3) == 3


# --- cad_49 The Bastard of Godsgrace --------------------------------------------------------

BASTARD = "cad_49"


def test_the_bastard_of_godsgrace_the_first_opponents_event_claims_prized_1():
    them = {"house": "Lannister", "in_play": [STEWARD, KNIGHT], "hand": [NO_MEN, NO_MEN]}
    state = joust({"in_play": [BASTARD]}, them, first_player=1)
    first, second = hand(state, 1, NO_MEN)
    power = state.players[0].power
    state = use(state, 1, first, ref(state, 1, STEWARD))
    assert state.players[0].power == power + 1
    state = use(state, 1, second, ref(state, 1, KNIGHT))
    assert state.players[0].power == power + 1  # only the first event of the round


def test_the_bastard_of_godsgrace_only_while_standing_and_not_your_events():
    them = {"house": "Lannister", "in_play": [STEWARD], "hand": [NO_MEN]}
    knelt = {"card": BASTARD, "knelt": True}
    state = joust({"in_play": [knelt]}, them, first_player=1)
    power = state.players[0].power
    state = use(state, 1, hand(state, 1, NO_MEN)[0], ref(state, 1, STEWARD))
    assert state.players[0].power == power
    me = {"house": "Lannister", "in_play": [BASTARD, STEWARD], "hand": [NO_MEN]}
    state = joust(me, {"in_play": [KNIGHT]})
    power = state.players[1].power
    state = use(state, 0, hand(state, 0, NO_MEN)[0], ref(state, 0, STEWARD))
    assert state.players[1].power == power
