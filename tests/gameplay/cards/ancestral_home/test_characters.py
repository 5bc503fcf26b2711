"""Ancestral Home characters (gameplay/engine/cards/ancestral_home/characters.py) and the
Prized keyword of the pack's cards."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    calm_marshalling,
    choose,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshals,
    never_offered,
    pass_windows,
    ref,
    start,
    to_window,
    until_prompt,
    use,
    uses,
)
from tests.gameplay.scenario import apply

CAPTAIN, HOSTER, BLACKFISH, HORSELORD, DAENERYS = "cad_62", "cad_72", "cad_73", "cad_75", "cad_76"
HONOR_GUARD = "core_54"  # Lannisport Honor Guard: 4 STR, military and intrigue


def _knelt(card):
    return {"card": card, "knelt": True}


# --- Prized -------------------------------------------------------------------------------


def test_a_prized_character_of_the_pack_gives_its_value_when_killed():
    state = joust({"in_play": [HOST]}, {"in_play": [_knelt(HORSELORD)]})
    power = state.players[0].power
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    assert state.players[1].dead
    assert state.players[0].power - power == 2  # 1 unopposed, 1 prized


# --- cad_62 Lyseni Captain ----------------------------------------------------------------


def _captain_played(gold):
    state = calm_marshalling(
        {"house": "Baratheon", "hand": [CAPTAIN, KNIGHT], "gold": gold},
        {"in_play": [{"card": HOST, "power": 3}]},
    )
    state = apply(state, marshals(state, 0, hand(state, 0, CAPTAIN)[0])[0])
    return state, ref(state, 0, CAPTAIN)


def test_lyseni_captain_pays_2_gold_to_move_all_power_from_a_character_to_him():
    state, captain = _captain_played(5)
    host = ref(state, 1, HOST)
    state = use(state, 0, captain, host)
    assert state.in_play[captain].power == 3 and state.in_play[host].power == 0
    assert state.players[0].gold == 0


def test_lyseni_captain_needs_2_gold():
    state, captain = _captain_played(4)
    assert not uses(state, 0, captain)


def test_lyseni_captain_only_after_he_is_played():
    state, captain = _captain_played(7)
    state = pass_windows(state)
    state = apply(state, marshals(state, 0, hand(state, 0, KNIGHT)[0])[0])
    assert not uses(state, 0, captain)


# --- cad_72 Hoster Tully ------------------------------------------------------------------


def test_hoster_tully_leaving_play_adds_house_tully_cards_of_the_top_5_to_the_hand():
    deck = [BLACKFISH, STEWARD, BLACKFISH, STEWARD, HOST, BLACKFISH]
    state = joust({"in_play": [HOST]}, {"in_play": [_knelt(HOSTER)], "deck": deck})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed")
    top = list(state.players[1].deck[:5])
    assert len([r for r in top if state.code(r) == BLACKFISH]) < 3  # one is not in the top 5
    hoster = state.players[1].dead[0]
    state = use(state, 1, hoster)
    prompt = head(state)
    tullys = [r for r in top if state.code(r) == BLACKFISH]
    assert prompt["purpose"] == "search" and prompt["candidates"] == tullys
    state = answer(state, "search", tullys)
    assert sorted(state.players[1].hand) == sorted(tullys)
    assert len(state.players[1].deck) == 6 - len(tullys)
    assert any(e.get("cards") == tullys for e in events(state, "revealed"))


# --- cad_75 Horselord ---------------------------------------------------------------------


def test_horselord_characters_with_more_than_one_icon_do_not_count():
    state = joust({"in_play": [HORSELORD]}, {"in_play": [HOST]})
    state = start(state, "power", [ref(state, 0, HORSELORD)])
    state = defend(state, [ref(state, 1, HOST)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 0] and resolved["winner"] == 0


def test_horselord_only_while_participating():
    state = joust({"in_play": [HORSELORD, KNIGHT]}, {"in_play": [HONOR_GUARD]})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 4]


# --- cad_76 Daenerys Targaryen ------------------------------------------------------------


def test_daenerys_kills_the_chosen_character_if_she_wins():
    them = {"in_play": [STEWARD, {"card": KNIGHT, "attachments": ["core_34"]}]}
    state = joust({"in_play": [DAENERYS]}, them)
    daenerys, steward = ref(state, 0, DAENERYS), ref(state, 1, STEWARD)
    state = start(state, "power", [daenerys])
    state = to_window(state, "attackers_declared")
    # only a character without attachments
    assert [a.cards[1:] for a in uses(state, 0, daenerys)] == [(steward,)]
    state = finish_challenge(use(state, 0, daenerys, steward))
    assert steward in state.players[1].dead


def test_daenerys_kills_nobody_if_she_loses():
    state = joust({"in_play": [DAENERYS]}, {"in_play": [STEWARD, HOST]})
    daenerys, steward = ref(state, 0, DAENERYS), ref(state, 1, STEWARD)
    state = start(state, "power", [daenerys])
    state = to_window(state, "attackers_declared")
    state = use(state, 0, daenerys, steward)
    state = defend(state, [ref(state, 1, HOST)])
    state = pass_windows(state)
    assert steward in state.players[1].in_play


# --- cad_67 Tyrion Lannister --------------------------------------------------------------

TYRION = "cad_67"
EVENT = "core_155"  # Distraction: an event card


def test_tyrion_alone_puts_the_revealed_card_into_play_under_my_control():
    state = joust({"in_play": [TYRION]}, {"in_play": [_knelt(HOST)], "hand": [KNIGHT]})
    knight = state.players[1].hand[0]
    state = start(state, "intrigue", [ref(state, 0, TYRION)])
    state = until_prompt(state, "put_into_play")
    state = choose(state, "put")
    assert state.in_play[knight].controller == 0
    assert any(e.get("cards") == [knight] for e in events(state, "revealed"))


def test_tyrion_alone_may_discard_the_revealed_card_instead():
    state = joust({"in_play": [TYRION]}, {"in_play": [_knelt(HOST)], "hand": [KNIGHT]})
    knight = state.players[1].hand[0]
    state = start(state, "intrigue", [ref(state, 0, TYRION)])
    state = until_prompt(state, "put_into_play")
    state = choose(state, "discard")
    assert knight in state.players[1].discard


def test_tyrion_alone_discards_a_card_that_cannot_be_put_into_play():
    state = joust({"in_play": [TYRION]}, {"in_play": [_knelt(HOST)], "hand": [EVENT]})
    event = state.players[1].hand[0]
    state = finish_challenge(start(state, "intrigue", [ref(state, 0, TYRION)]))
    assert event in state.players[1].discard


def test_tyrion_not_alone_gives_the_normal_claim():
    me = {"in_play": [TYRION, STEWARD]}
    state = joust(me, {"in_play": [_knelt(HOST)], "hand": [KNIGHT]})
    knight = state.players[1].hand[0]
    attackers = [ref(state, 0, TYRION), ref(state, 0, STEWARD)]
    state = finish_challenge(start(state, "intrigue", attackers))
    assert knight in state.players[1].discard  # intrigue claim: discarded at random
    assert not events(state, "revealed")


# --- cad_61 Renly Baratheon ---------------------------------------------------------------

RENLY = "cad_61"


def _renly_turn(in_play, gold=10):
    me = {"house": "Baratheon", "in_play": in_play, "hand": [HOST, KNIGHT], "gold": gold}
    return calm_marshalling(me)


def _settle_kneel(state, pick):
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [pick])
    return state


def test_renly_lowers_the_next_character_by_the_prized_cards_i_control():
    state = _renly_turn([RENLY, HORSELORD])
    renly = ref(state, 0, RENLY)
    state = _settle_kneel(use(state, 0, renly), renly)
    assert state.in_play[renly].knelt
    host = hand(state, 0, HOST)[0]
    gold = state.players[0].gold
    state = apply(state, marshals(state, 0, host)[0])
    printed = 5  # Host of Storm's End
    assert gold - state.players[0].gold == printed - 2  # Renly and Horselord are prized


def test_renly_limit_once_per_round_and_a_baratheon_character_to_kneel():
    state = _renly_turn([RENLY, HOST, HORSELORD])
    renly = ref(state, 0, RENLY)
    state = _settle_kneel(use(state, 0, renly), ref(state, 0, HOST))
    assert not uses(state, 0, renly)  # Renly still stands: the limit
    state = _renly_turn([{"card": RENLY, "knelt": True}, HORSELORD])
    assert not uses(state, 0, ref(state, 0, RENLY))  # Horselord is no Baratheon


def test_renly_only_in_the_marshalling_phase():
    state = joust({"house": "Baratheon", "in_play": [RENLY, HOST]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, RENLY))


# --- cad_73 The Blackfish -----------------------------------------------------------------


def _claim_kill_gain(attacker):
    state = joust({"in_play": [BLACKFISH, HOST]}, {"in_play": [_knelt(KNIGHT)]})
    power = state.players[0].power
    state = finish_challenge(start(state, "military", [ref(state, 0, attacker)]))
    assert state.players[1].dead
    return state.players[0].power - power - 1  # 1 for the unopposed challenge (renown: on him)


def test_the_blackfish_attacking_a_character_dying_for_military_claim_is_prized_1():
    assert _claim_kill_gain(BLACKFISH) == 1


def test_the_blackfish_only_while_attacking():
    assert _claim_kill_gain(HOST) == 0


def test_daenerys_only_after_she_is_declared_as_an_attacker():
    state = joust({"in_play": [DAENERYS, HOST]}, {"in_play": [STEWARD]})
    daenerys = ref(state, 0, DAENERYS)
    state = start(state, "military", [ref(state, 0, HOST)])
    never_offered(state, 0, daenerys)
