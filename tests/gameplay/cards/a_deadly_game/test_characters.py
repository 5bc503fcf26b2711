"""A Deadly Game characters (gameplay/engine/cards/a_deadly_game/characters.py).

Fillers: Knight of the Tumblestone (Stark, House Tully Knight, 2 STR, military and power),
Host of Storm's End (Baratheon Army, 6 STR), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import crests, icons, immune_to, keywords, strength
from gameplay.engine.as_attachment import attach
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import play_problem
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_kinds,
    challenge_without,
    choose,
    defend,
    events,
    finish_challenge,
    head,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

BRIENNE, ULF, HARRIERS, TYENE = "w_21", "w_26", "w_27", "w_29"
TYTOS, ELITE, DROGO, IRRI, MYA = "w_32", "w_33", "w_35", "w_36", "w_37"
WARRIOR = "w_23"  # Warrior of Note: Greyjoy, deadly, renown, war crest
SCOUT = "w_67"  # Clan Scout: Lannister Clansman, 1 STR, no text
BEN = "core_118"  # Brown Ben Plumm: Targaryen, 2 STR military, no text
SWORDS = "qod_8"  # Hired Swords: Targaryen Army, no text
TAKEN_CAPTIVE = "w_39"  # a Castle plot
EVENT = "core_155"  # Distraction, an event card


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_21 Brienne of Tarth -------------------------------------------------------------------


def _brienne_attacks(their_power: int):
    them = {"in_play": [{"card": KNIGHT, "power": their_power}], "hand": [EVENT]}
    state = joust({"in_play": [BRIENNE]}, them)
    brienne = ref(state, 0, BRIENNE)
    state = start(state, "military", [brienne])
    return until_window(state, "knelt"), brienne


def test_brienne_of_tarth_an_opponent_moves_one_power_to_your_house():
    state, brienne = _brienne_attacks(2)
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, brienne)
    state = answer(state, "brienne_power", [knight])
    assert state.players[0].power == 1 and state.in_play[knight].power == 1
    assert play_problem(state, 1, state.players[1].hand[0]) is None


def test_brienne_of_tarth_an_opponent_who_does_not_cannot_play_events_this_round():
    state, brienne = _brienne_attacks(2)
    state = use(state, 0, brienne)
    state = answer(state, "brienne_power", [])
    assert state.players[0].power == 0
    assert play_problem(state, 1, state.players[1].hand[0]) is not None


def test_brienne_of_tarth_an_opponent_without_power_cannot_play_events():
    state, brienne = _brienne_attacks(0)
    state = use(state, 0, brienne)
    assert play_problem(state, 1, state.players[1].hand[0]) is not None


def test_brienne_of_tarth_only_after_she_kneels_and_a_limited_response():
    state = joust({"in_play": [BRIENNE, KNIGHT]}, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, BRIENNE))
    state = joust({"in_play": [BRIENNE]}, {"in_play": [_knelt(KNIGHT)]})
    state.players[0].limited_response_used = True
    challenge_without(state, "military", [ref(state, 0, BRIENNE)], 0, ref(state, 0, BRIENNE))


# --- w_26 Ulf Son of Umar --------------------------------------------------------------------


def test_ulf_son_of_umar_gains_a_keyword_printed_on_another_character():
    state = joust({"in_play": [ULF], "hand": [STEWARD]}, {"in_play": [WARRIOR]})
    ulf = ref(state, 0, ULF)
    state = use(state, 0, ulf)
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", state.players[0].hand)
    assert sorted(head(state)["options"]) == ["crest_war", "keyword_deadly", "keyword_renown"]
    state = choose(state, "keyword_deadly")
    assert "deadly" in keywords(state, ulf)
    assert not state.players[0].hand  # the card was discarded


def test_ulf_son_of_umar_gains_a_crest():
    state = joust({"in_play": [ULF], "hand": [STEWARD]}, {"in_play": [WARRIOR]})
    ulf = ref(state, 0, ULF)
    state = use(state, 0, ulf)
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", state.players[0].hand)
    state = choose(state, "crest_war")
    assert "war" in crests(state, ulf)


def test_ulf_son_of_umar_needs_a_card_in_hand_and_another_character_with_keywords():
    state = joust({"in_play": [ULF]}, {"in_play": [WARRIOR]})
    assert not uses(state, 0, ref(state, 0, ULF))
    state = joust({"in_play": [ULF], "hand": [STEWARD]}, {"in_play": [STEWARD]})
    assert not uses(state, 0, ref(state, 0, ULF))  # nothing printed on another character


# --- w_27 Moon Brother Harriers --------------------------------------------------------------


def test_moon_brother_harriers_participating_clansmen_get_one_str():
    state = joust({"in_play": [HARRIERS, SCOUT, ULF], "gold": 2}, {"in_play": [KNIGHT]})
    harriers, scout, ulf = ref(state, 0, HARRIERS), ref(state, 0, SCOUT), ref(state, 0, ULF)
    state = start(state, "military", [harriers, scout])
    state = until_window(state)
    before = {r: _str(state, r) for r in (harriers, scout, ulf)}
    state = use(state, 0, harriers)
    assert state.players[0].gold == 1
    assert _str(state, harriers) == before[harriers] + 1
    assert _str(state, scout) == before[scout] + 1
    assert _str(state, ulf) == before[ulf]  # not participating
    assert not uses(state, 0, harriers)  # once per challenge


def test_moon_brother_harriers_only_in_a_challenge_with_a_participating_clansman():
    state = joust({"in_play": [HARRIERS, KNIGHT], "gold": 2}, {"in_play": [_knelt(KNIGHT)]})
    assert not uses(state, 0, ref(state, 0, HARRIERS))
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, HARRIERS))


def _str(state, card):
    return strength(state, card)


# --- w_29 Tyene Sand -------------------------------------------------------------------------


def test_tyene_sand_sets_your_claim_to_two_after_losing_as_the_defender():
    state = joust({"in_play": [HOST]}, {"in_play": [TYENE, KNIGHT]})
    tyene = ref(state, 1, TYENE)
    state = won_window(state, "power", [ref(state, 0, HOST)], [ref(state, 1, KNIGHT)])
    state = use(state, 1, tyene)
    assert claim_value(state, 1) == 2
    state.effects.append({"query": "claim", "subject": 1, "until": "phase", "amount": 3})
    assert claim_value(state, 1) == 2  # cannot be raised


def test_tyene_sand_not_after_losing_as_the_attacker():
    state = joust({"in_play": [TYENE, _knelt(HOST)]}, {"in_play": [HOST]})
    challenge_without(state, "power", [ref(state, 0, TYENE)], 0, ref(state, 0, TYENE), ())


# --- w_32 Tytos Blackwood --------------------------------------------------------------------


def test_tytos_blackwood_moves_power_from_the_attacker_after_winning_as_defender():
    state = joust({"in_play": [KNIGHT], "power": 3}, {"in_play": [TYTOS, HOST]})
    tytos = ref(state, 1, TYTOS)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 1, tytos)
    assert state.players[0].power == 2 and state.players[1].power == 1


def test_tytos_blackwood_not_as_the_attacker():
    state = joust({"in_play": [TYTOS], "power": 0}, {"in_play": [_knelt(KNIGHT)], "power": 3})
    challenge_without(state, "power", [ref(state, 0, TYTOS)], 0, ref(state, 0, TYTOS))


# --- w_33 Raventree Elite --------------------------------------------------------------------


def test_raventree_elite_participating_house_tully_characters_are_immune():
    state = joust({"in_play": [ELITE, KNIGHT, KNIGHT]}, {"in_play": [HOST]})
    attacker, home = ref(state, 0, KNIGHT), ref(state, 0, KNIGHT, 1)
    assert not immune_to(state, attacker, "event", 1)
    state = start(state, "military", [attacker])
    assert immune_to(state, attacker, "event", 1)
    assert immune_to(state, attacker, "character", 1)
    assert not immune_to(state, attacker, "event", 0)  # only opponents'
    assert not immune_to(state, home, "event", 1)  # not participating


def test_raventree_elite_not_an_opponents_house_tully_character():
    state = joust({"in_play": [ELITE]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, ELITE)])
    state = defend(state, [knight])
    assert not immune_to(state, knight, "event", 0)


# --- w_35 Khal Drogo -------------------------------------------------------------------------


def test_khal_drogo_attacking_alone_replaces_the_claim():
    them = {"in_play": [STEWARD, _knelt(KNIGHT)], "hand": [EVENT], "power": 2}
    state = joust({"in_play": [DROGO]}, them)
    steward = ref(state, 1, STEWARD)
    state = start(state, "power", [ref(state, 0, DROGO)])
    state = defend(state, [])
    state = pass_windows(state)
    while head(state).get("purpose") != "drogo_kill":
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "drogo_kill", [steward])
    state = pass_windows(state)
    assert steward in state.players[1].dead
    assert not state.players[1].hand
    # 1 power for the unopposed challenge, 1 moved by Drogo; no power claim
    assert state.players[0].power == 2 and state.players[1].power == 1
    assert not [e for e in events(state, "power_moved") if e.get("reason") == "claim"]


def test_khal_drogo_not_when_he_attacks_with_another():
    them = {"in_play": [_knelt(KNIGHT)], "hand": [EVENT], "power": 2}
    state = joust({"in_play": [DROGO, HOST]}, them)
    state = start(state, "power", [ref(state, 0, DROGO), ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert state.players[1].hand and state.players[1].power == 1  # the normal claim
    assert not events(state, "killed")


# --- w_36 Irri -------------------------------------------------------------------------------


def _claimed(me_in_play, victim_name):
    """Seat 1 (first player) attacks seat 0 with the Host in a military challenge, seat 0
    declares no defender and chooses ``victim_name`` for the claim; returns the state at
    the next decision (the ``would_be_killed`` window when a save is offered)."""
    state = joust({"in_play": me_in_play}, {"in_play": [HOST]}, first_player=1)
    victim = ref(state, 0, victim_name)
    state = start(state, "military", [ref(state, 1, HOST)])
    while head(state).get("purpose") != "claim_kill":
        state = act(state, waiting_seats(state)[0], "pass")
    return answer(state, "claim_kill", [victim]), victim


def test_irri_is_attached_to_a_targaryen_character_instead_of_being_killed():
    state, irri = _claimed([_knelt(IRRI), _knelt(BEN), _knelt(SWORDS), _knelt(KNIGHT)], IRRI)
    swords = ref(state, 0, SWORDS)
    state = until_window(state, "would_be_killed")
    state = use(state, 0, irri, irri)
    assert sorted(head(state)["candidates"]) == sorted([ref(state, 0, BEN), swords])
    state = answer(state, "attach_to", [swords])
    assert state.in_play[irri].attached_to == swords
    assert "power" in icons(state, swords)
    assert irri not in state.players[0].dead


def test_irri_host_does_not_kneel_to_attack_in_power_challenges():
    state = joust({"in_play": [_knelt(IRRI), BEN]}, {"in_play": [HOST]})
    irri, ben = ref(state, 0, IRRI), ref(state, 0, BEN)
    attach(state, 0, irri, ben)
    state = start(state, "power", [ben])
    assert not state.in_play[ben].knelt


def test_irri_host_kneels_to_attack_in_other_challenges():
    state = joust({"in_play": [_knelt(IRRI), BEN]}, {"in_play": [HOST]})
    irri, ben = ref(state, 0, IRRI), ref(state, 0, BEN)
    attach(state, 0, irri, ben)
    state = start(state, "military", [ben])
    assert state.in_play[ben].knelt


def test_irri_not_without_a_targaryen_character():
    state, irri = _claimed([_knelt(IRRI), _knelt(KNIGHT)], IRRI)
    state = finish_challenge(state, check=lambda s: not uses(s, 0, irri))
    assert irri in state.players[0].dead


# --- w_37 Mya Stone --------------------------------------------------------------------------


def test_mya_stone_small_opponents_cannot_attack_alone_with_a_castle_plot_revealed():
    them = {"in_play": [MYA]}
    state = joust({"in_play": [KNIGHT], "revealed_plot": TAKEN_CAPTIVE}, them)
    assert not challenge_kinds(state, 0)  # the Knight (cost 2) is the only attacker


def test_mya_stone_not_without_a_castle_plot():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [MYA]})
    assert "military" in challenge_kinds(state, 0)


def test_mya_stone_not_a_more_expensive_character():
    state = joust({"in_play": [HOST], "revealed_plot": TAKEN_CAPTIVE}, {"in_play": [MYA]})
    assert "military" in challenge_kinds(state, 0)
