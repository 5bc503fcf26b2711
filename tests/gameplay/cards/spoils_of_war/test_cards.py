"""Spoils of War locations, attachments and events
(gameplay/engine/cards/spoils_of_war/cards.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Crossroads (a non-limited location, 1 influence), Great Keep (a limited
location), Renly's Courtier (core_86, an Any Phase ability)."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank, traits
from gameplay.engine.rules import play_problem
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    challenge_without,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    in_play,
    joust,
    never_offered,
    pass_until,
    pass_windows,
    ref,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
)

BITTERBRIDGE, CONQUEST, SONG, TRAITOR, MURDERED = "cad_4", "cad_5", "cad_7", "cad_9", "cad_12"
CREWMAN = "cad_6"
CROSSROADS, KEEP, COURTIER, LADY = "core_138", "core_29", "core_86", "core_6"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- cad_4 Bitterbridge ---------------------------------------------------------------------


def test_bitterbridge_stops_a_character_triggering_its_abilities_this_phase():
    state = joust({"in_play": [BITTERBRIDGE]}, {"in_play": [COURTIER, KNIGHT]})
    bridge, courtier = ref(state, 0, BITTERBRIDGE), ref(state, 1, COURTIER)
    before = until_seat(state, 1)
    assert uses(before, 1, courtier)
    state = use(state, 0, bridge, courtier)
    assert state.in_play[bridge].knelt
    state = until_seat(state, 1)
    assert not uses(state, 1, courtier)
    state = pass_until(state, lambda s: s.phase != "challenges")  # the effect ends with it
    assert not [e for e in state.effects if e["query"] == "can_trigger"]


def test_bitterbridge_only_while_standing():
    state = joust({"in_play": [_knelt(BITTERBRIDGE)]}, {"in_play": [COURTIER]})
    assert not uses(state, 0, ref(state, 0, BITTERBRIDGE))


# --- cad_5 Right of Conquest ----------------------------------------------------------------


def test_right_of_conquest_takes_a_location_the_loser_did_not_choose():
    me = {"in_play": [LADY], "hand": [CONQUEST]}
    state = joust(me, {"in_play": [CROSSROADS, CROSSROADS, _knelt(KNIGHT)]})
    kept, taken = state.players[1].in_play[:2]
    state = start(state, "power", [ref(state, 0, LADY)])
    state = to_window(state, "challenge_won")
    power = state.players[1].power
    state = use(state, 0, hand(state, 0, CONQUEST)[0])
    assert head(state)["purpose"] == "keep_location" and head(state)["seat"] == 1
    state = answer(state, "keep_location", [kept])
    assert state.in_play[taken].controller == 0 and state.in_play[kept].controller == 1
    state = finish_challenge(state)
    assert state.players[1].power >= power + 1  # prized 1 for the event played


def test_right_of_conquest_never_a_limited_location():
    me = {"in_play": [LADY], "hand": [CONQUEST]}
    state = joust(me, {"in_play": [CROSSROADS, KEEP, _knelt(KNIGHT)]})
    crossroads, keep = state.players[1].in_play[:2]
    state = start(state, "power", [ref(state, 0, LADY)])
    state = to_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, CONQUEST)[0])
    state = answer(state, "keep_location", [crossroads])
    assert state.in_play[keep].controller == 1 and state.in_play[crossroads].controller == 1


def test_right_of_conquest_needs_a_participating_lord_or_lady():
    me = {"in_play": [KNIGHT], "hand": [CONQUEST]}
    state = joust(me, {"in_play": [CROSSROADS, CROSSROADS]})
    card = hand(state, 0, CONQUEST)[0]
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, card)


# --- cad_7 The Reaver's Song ----------------------------------------------------------------


def test_the_reavers_song_discards_all_locations_and_forbids_yours_for_the_game():
    me = {"house": "Greyjoy", "in_play": [HOST, CROSSROADS], "hand": [SONG, CROSSROADS]}
    state = joust(me, {"in_play": [CROSSROADS]}, phase="dominance")
    state = until_window(state, "dominance_won")
    mine_in_hand = hand(state, 0, "Crossroads")[0]
    state = use(state, 0, hand(state, 0, SONG)[0])
    state = pass_windows(state)
    assert len(state.players[0].discard) >= 2 and state.players[1].discard
    assert play_problem(state, 0, mine_in_hand) is not None
    assert not [r for r in state.in_play if state.code(r) == CROSSROADS]


def test_the_reavers_song_only_when_you_win_dominance():
    me = {"house": "Greyjoy", "hand": [SONG]}
    state = joust(me, {"in_play": [HOST, CROSSROADS], "hand": [SONG]}, phase="dominance")
    state = until_window(state, "dominance_won")
    assert not uses(state, 0, hand(state, 0, SONG)[0])


# --- cad_9 Traitor --------------------------------------------------------------------------


def test_traitor_gives_the_trait_and_blanks_its_character_while_participating():
    me = {"in_play": [{"card": CREWMAN, "attachments": [TRAITOR]}, HOST, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    crewman = ref(state, 0, CREWMAN)
    assert "Traitor" in traits(state, crewman) and not is_blank(state, crewman)
    state = start(state, "military", [crewman, ref(state, 0, HOST)])
    assert is_blank(state, crewman)
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0 and not resolved["unopposed"]  # his text is blank


def test_traitor_not_while_its_character_does_not_participate():
    me = {"in_play": [{"card": CREWMAN, "attachments": [TRAITOR]}, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    crewman = ref(state, 0, CREWMAN)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not is_blank(state, crewman)


# --- cad_12 You Murdered Her Children -------------------------------------------------------


def test_you_murdered_her_children_discards_the_attacker_and_its_copies():
    me = {"in_play": [KNIGHT], "hand": [KNIGHT], "deck": [KNIGHT, HOST, KNIGHT]}
    them = {"house": "Martell", "in_play": [CROSSROADS, CROSSROADS], "hand": [MURDERED]}
    state = joust(me, them)
    knight = ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])
    state = to_window(state, "challenge_won")
    power = state.players[0].power
    state = use(state, 1, hand(state, 1, MURDERED)[0], knight)
    state = pass_windows(state)
    assert head(state)["purpose"] == "discard_copies" and head(state)["seat"] == 1
    assert len(head(state)["candidates"]) == 3  # two in the deck, one in the hand
    state = answer(state, "discard_copies", head(state)["candidates"])
    assert [state.code(r) for r in state.players[0].discard] == ["core_18"] * 4
    assert [state.code(r) for r in state.players[0].deck] == ["core_89"]
    assert not state.players[0].hand and events(state, "shuffled")
    state = finish_challenge(state)
    assert state.players[0].power >= power + 2  # prized 2


def test_you_murdered_her_children_needs_two_influence_and_a_lost_defence():
    me = {"in_play": [KNIGHT]}
    them = {"house": "Martell", "in_play": [CROSSROADS], "hand": [MURDERED]}
    state = joust(me, them)
    card = hand(state, 1, MURDERED)[0]
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 1, card)  # 1 influence
    them = {"house": "Martell", "in_play": [CROSSROADS, CROSSROADS, HOST], "hand": [MURDERED]}
    state = joust({"in_play": [KNIGHT]}, them)
    card = hand(state, 1, MURDERED)[0]
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 1, card, [ref(state, 1, HOST)])


# --- cad_14 Show of Force -------------------------------------------------------------------

SHOW = "cad_14"


def _attacked_by_knight(me_in_play, ctype="military"):
    """Seat 1 attacks seat 0 first (seat 1 is the first player) with the Knight."""
    me = {"in_play": me_in_play, "hand": [SHOW]}
    state = joust(me, {"in_play": [KNIGHT, "core_54"]}, first_player=1)
    attacker = ref(state, 1, KNIGHT) if ctype == "military" else ref(state, 1, "core_54")
    return start(state, ctype, [attacker])


def test_show_of_force_counterattacks_with_the_defenders_after_the_challenge():
    state = _attacked_by_knight([HOST, KNIGHT])
    host = ref(state, 0, HOST)
    state = to_window(state, "challenge_won", defenders=[host])
    power = state.players[1].power
    state = use(state, 0, hand(state, 0, SHOW)[0])
    state = pass_until(state, lambda s: len(events(s, "challenge")) == 2)
    assert state.challenge is not None and state.challenge["attacker"] == 0
    assert state.challenge["type"] == "military" and state.challenge["attackers"] == [host]
    assert state.players[0].challenges_done == []  # not one of seat 0's challenges
    state = finish_challenge(state)
    (_, second) = events(state, "challenge_resolved")
    assert second["attacker"] == 0 and second["winner"] == 0
    assert state.players[1].power >= power + 2  # prized 2


def test_show_of_force_only_after_a_military_challenge_won_as_the_defender():
    state = _attacked_by_knight(["core_54", "core_54"], ctype="intrigue")
    card = hand(state, 0, SHOW)[0]
    state = never_offered(state, 0, card, defenders=in_play(state, 0, "core_54"))
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0  # won as the defender, but an intrigue challenge
    me = {"in_play": [HOST], "hand": [SHOW]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    challenge_without(state, "military", [ref(state, 0, HOST)], 0, hand(state, 0, SHOW)[0])
