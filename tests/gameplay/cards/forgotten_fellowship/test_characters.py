"""Forgotten Fellowship's characters (gameplay/engine/cards/forgotten_fellowship/
characters.py): kr_81, 83, 86, 87, 89, 92, 93, 96, 97.

Fillers: Knight of the Tumblestone (2 STR, cost 2), Lannisport Steward (2 STR, cost 2,
intrigue only), Host of Storm's End (6 STR, cost 5)."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank, keywords, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    code,
    defend,
    events,
    hand,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
    watch,
)

BRIGHTWATER, ASHA, ASHEMARK, DOG, OBARA = "kr_81", "kr_83", "kr_86", "kr_87", "kr_89"
ROBB, HARWIN, GENDRY, LADY = "kr_92", "kr_93", "kr_96", "kr_97"


def _won(state, ctype, attackers, defenders=()):
    """Seat 0 wins a challenge with ``attackers``; at its ``challenge_won`` window, seat 0
    asked."""
    state = start(state, ctype, attackers)
    state = to_window(state, "challenge_won", defenders)
    return until_seat(state, 0)


def _after_challenge(state):
    return pass_until(state, lambda s: s.challenge is None)


# --- kr_81 Brightwater Man-at-Arms -------------------------------------------------------


def test_brightwater_does_not_kneel_to_attack():
    state = joust({"in_play": [BRIGHTWATER, KNIGHT]}, {"in_play": [STEWARD]})
    brightwater, knight = ref(state, 0, BRIGHTWATER), ref(state, 0, KNIGHT)
    state = start(state, "military", [brightwater, knight])
    assert not state.in_play[brightwater].knelt
    assert state.in_play[knight].knelt


def test_brightwater_does_not_kneel_to_defend():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [BRIGHTWATER]})
    brightwater = ref(state, 1, BRIGHTWATER)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [brightwater])
    assert events(state, "defenders")[-1]["cards"] == [brightwater]
    assert not state.in_play[brightwater].knelt


def test_brightwater_is_discarded_at_the_end_of_the_dominance_phase():
    players = [{"in_play": [BRIGHTWATER]}, {"in_play": [KNIGHT]}]
    state = build(phase="dominance", players=players, auto_pass=False)
    brightwater = ref(state, 0, BRIGHTWATER)
    state = pass_until(state, lambda s: s.phase != "dominance")
    assert brightwater not in state.in_play
    assert brightwater in state.players[0].discard


# --- kr_83 Asha Greyjoy -------------------------------------------------------------------


def _asha(their_power):
    """An unopposed military challenge against Asha's player (power 2): the attacker's
    House gains 1 power for it before the claim kills Asha."""
    state = joust({"in_play": [HOST], "power": their_power}, {"in_play": [ASHA], "power": 2})
    asha = ref(state, 1, ASHA)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    return _after_challenge(state), asha


def test_asha_cannot_be_killed_while_an_opponent_has_more_house_power():
    state, asha = _asha(2)  # 3 against 2
    assert asha in state.in_play


def test_asha_can_be_killed_when_no_opponent_has_more_house_power():
    state, asha = _asha(1)  # 2 against 2
    assert asha in state.players[1].dead


# --- kr_86 Ashemark Knight ----------------------------------------------------------------


def test_ashemark_knight_discards_a_card_from_hand_to_draw_one():
    state = joust({"in_play": [ASHEMARK], "hand": [STEWARD], "deck": [HOST, KNIGHT]}, {})
    steward = hand(state, 0, STEWARD)[0]
    state = use(state, 0, ref(state, 0, ASHEMARK))
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [steward])
    assert steward in state.players[0].discard
    assert [state.code(r) for r in state.players[0].hand] == [code(HOST)]


def test_ashemark_knight_needs_a_card_in_hand():
    state = joust({"in_play": [ASHEMARK], "deck": [HOST]}, {})
    assert not uses(state, 0, ref(state, 0, ASHEMARK))


# --- kr_87 Ser Gregor's Dog ---------------------------------------------------------------


def test_ser_gregors_dog_gets_1_str_after_a_card_is_discarded_from_a_hand():
    state = joust({"in_play": [DOG, ASHEMARK], "hand": [STEWARD], "deck": [HOST]}, {})
    dog = ref(state, 0, DOG)
    assert strength(state, dog) == 0
    state = use(state, 0, ref(state, 0, ASHEMARK))
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], [hand(state, 0, STEWARD)[0]])
    state = until_seat(state, 0)
    assert head(state).get("trigger") == "discarded_from_hand"
    state = use(state, 0, dog)
    assert strength(state, dog) == 1
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert strength(state, dog) == 0  # until the end of the phase


def test_ser_gregors_dog_answers_only_a_discard_from_a_hand():
    state = joust({"in_play": [DOG, KNIGHT]}, {"in_play": [STEWARD]})
    dog = ref(state, 0, DOG)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, dog, lambda s: s.challenge is None)
    assert not offered and strength(state, dog) == 0


# --- kr_89 Obara Sand ---------------------------------------------------------------------


def test_obara_gets_2_str_and_renown_attacking_a_player_with_more_characters():
    state = joust({"in_play": [OBARA]}, {"in_play": [KNIGHT, STEWARD]})
    obara = ref(state, 0, OBARA)
    assert strength(state, obara) == 3
    state = start(state, "military", [obara])
    assert strength(state, obara) == 5
    assert "renown" in keywords(state, obara)


def test_obara_gains_nothing_against_a_player_with_no_more_characters():
    state = joust({"in_play": [OBARA]}, {"in_play": [KNIGHT]})
    obara = ref(state, 0, OBARA)
    state = start(state, "military", [obara])
    assert strength(state, obara) == 3
    assert "renown" not in keywords(state, obara)


# --- kr_92 Robb Stark ---------------------------------------------------------------------


def test_robb_kills_a_character_with_str_above_its_printed_cost():
    state = joust({"in_play": [ROBB]}, {"in_play": [KNIGHT, {"card": HOST, "knelt": True}]})
    robb, host = ref(state, 0, ROBB), ref(state, 1, HOST)
    state = _won(state, "power", [robb])
    assert {a.cards[1:] for a in uses(state, 0, robb)} == {(host,)}  # the Knight: 2 = 2
    state = use(state, 0, robb, host)
    state = _after_challenge(state)
    assert host in state.players[1].dead


def test_robb_only_after_winning_a_challenge_he_took_part_in():
    state = joust({"in_play": [ROBB, KNIGHT]}, {"in_play": [{"card": HOST, "knelt": True}]})
    robb = ref(state, 0, ROBB)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, robb, lambda s: s.challenge is None)
    assert not offered


# --- kr_93 Harwin -------------------------------------------------------------------------


def _harwin(their_power):
    deck = [KNIGHT, KNIGHT, HOST, KNIGHT]
    state = joust({"in_play": [HARWIN], "deck": deck}, {"power": their_power, "in_play": []})
    return state, ref(state, 0, HARWIN)


def test_harwin_searches_the_deck_and_puts_the_card_found_on_top():
    state, harwin = _harwin(2)
    state = _won(state, "military", [harwin])
    state = use(state, 0, harwin)
    assert head(state)["purpose"] == "search"
    host = next(r for r in head(state)["candidates"] if state.code(r) == code(HOST))
    state = act(state, 0, "select", [host])
    if head(state).get("purpose") == "search":
        state = act(state, 0, "done")
    assert state.players[0].deck[0] == host
    assert len(state.players[0].deck) == 4


def test_harwin_only_while_an_opponent_has_more_house_power():
    state, harwin = _harwin(0)
    state = start(state, "military", [harwin])
    state, offered = watch(state, 0, harwin, lambda s: s.challenge is None)
    assert not offered


def test_harwin_only_after_a_military_challenge():
    state, harwin = _harwin(2)
    state = start(state, "power", [harwin])
    state, offered = watch(state, 0, harwin, lambda s: s.challenge is None)
    assert not offered


# --- kr_96 Gendry -------------------------------------------------------------------------


def test_gendry_moves_1_power_from_the_losers_house_card_to_himself():
    state = joust({"in_play": [GENDRY]}, {"power": 3})
    gendry = ref(state, 0, GENDRY)
    state = _won(state, "military", [gendry])
    state = use(state, 0, gendry)
    assert state.in_play[gendry].power == 1
    assert state.players[1].power == 2


def test_gendry_only_while_an_opponent_has_more_house_power():
    state = joust({"in_play": [GENDRY], "power": 3}, {"power": 3})
    gendry = ref(state, 0, GENDRY)
    state = start(state, "military", [gendry])
    state, offered = watch(state, 0, gendry, lambda s: s.challenge is None)
    assert not offered


def test_gendry_only_in_a_challenge_he_took_part_in():
    state = joust({"in_play": [GENDRY, KNIGHT]}, {"power": 3})
    gendry = ref(state, 0, GENDRY)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, gendry, lambda s: s.challenge is None)
    assert not offered


# --- kr_97 Lady of the Leaves -------------------------------------------------------------


def test_lady_of_the_leaves_blanks_a_character_until_the_end_of_the_phase():
    state = joust({"in_play": [LADY, KNIGHT]}, {"in_play": [OBARA], "power": 1})
    lady, obara = ref(state, 0, LADY), ref(state, 1, OBARA)
    state = use(state, 0, lady, obara)
    assert state.in_play[lady].knelt
    assert is_blank(state, obara)
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert not is_blank(state, obara)


def test_lady_of_the_leaves_only_while_an_opponent_has_more_house_power():
    state = joust({"in_play": [LADY, KNIGHT], "power": 1}, {"in_play": [OBARA], "power": 1})
    assert not uses(state, 0, ref(state, 0, LADY))


def test_robbs_kill_cannot_be_saved():
    host = {"card": HOST, "knelt": True, "duplicates": [HOST]}
    state = joust({"in_play": [ROBB]}, {"in_play": [host]})
    robb, host = ref(state, 0, ROBB), ref(state, 1, HOST)
    state = _won(state, "power", [robb])
    state = use(state, 0, robb, host)
    state = _after_challenge(state)
    assert host in state.players[1].dead  # its duplicate could not save it
