"""Chasing Dragons: Ser Archibald Yronwood (btns_52), Ser Gerris Drinkwater (btns_53),
Archmaester Marwyn (btns_55), Sellsword Deserter (btns_56) and Pentos (btns_58)
(gameplay/engine/cards/chasing_dragons/martell_targaryen.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (Ally,
2 STR, intrigue), House Dayne Knight (pots_11, Martell), Crossroads (core_138, a
location), Treaty with the North (low_39, an agenda), Seized (asots_65, an attachment),
Hired Swords (qod_8, a Targaryen Army)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    challenge_without,
    events,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

ARCHIBALD = "btns_52"
GERRIS = "btns_53"
MARWYN = "btns_55"
DESERTER = "btns_56"
PENTOS = "btns_58"
DAYNE = "pots_11"
CROSSROADS = "core_138"
TREATY = "low_39"
SEIZED = "asots_65"
SWORDS = "qod_8"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- btns_52 Ser Archibald Yronwood -------------------------------------------------------


def test_archibald_kneels_a_location_after_he_is_declared_as_a_defender():
    me = {"in_play": [KNIGHT, CROSSROADS]}
    state = joust(me, {"house": "Martell", "in_play": [ARCHIBALD]})
    archibald, road = ref(state, 1, ARCHIBALD), ref(state, 0, CROSSROADS)
    assert {"deadly", "renown"} <= keywords(state, archibald)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = to_window(state, "defenders_declared", [archibald])
    state = use(state, 1, archibald, road)
    assert [e["card"] for e in events(state, "knelt")] == [road]


def _agenda_joust(me, them):
    return agenda_position([me, them], {1: TREATY})


def test_archibald_text_is_blank_while_running_a_non_character_agenda():
    me = {"in_play": [KNIGHT, CROSSROADS]}
    state = _agenda_joust(me, {"house": "Martell", "in_play": [ARCHIBALD]})
    archibald = ref(state, 1, ARCHIBALD)
    assert not {"deadly", "renown"} & keywords(state, archibald)
    knight = ref(state, 0, KNIGHT)
    state = challenge_without(state, "military", [knight], 1, archibald, [archibald])
    assert not events(state, "knelt")


# --- btns_53 Ser Gerris Drinkwater --------------------------------------------------------


def test_gerris_stands_another_martell_character_after_he_is_knelt_as_a_defender():
    them = {"house": "Martell", "in_play": [GERRIS, _knelt(DAYNE)]}
    state = joust({"in_play": [KNIGHT]}, them)
    gerris, dayne = ref(state, 1, GERRIS), ref(state, 1, DAYNE)
    assert {"stealth", "renown"} <= keywords(state, gerris)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = to_window(state, "knelt", [gerris])
    assert [a.cards[1] for a in uses(state, 1, gerris)] == [dayne]  # not himself
    state = use(state, 1, gerris, dayne)
    assert [e["card"] for e in events(state, "stood")] == [dayne]


def test_gerris_text_is_blank_while_running_a_non_character_agenda():
    them = {"house": "Martell", "in_play": [GERRIS, _knelt(DAYNE)]}
    state = _agenda_joust({"in_play": [KNIGHT]}, them)
    gerris, dayne = ref(state, 1, GERRIS), ref(state, 1, DAYNE)
    assert not {"stealth", "renown"} & keywords(state, gerris)
    knight = ref(state, 0, KNIGHT)
    state = challenge_without(state, "military", [knight], 1, gerris, [gerris])
    assert dayne not in [e["card"] for e in events(state, "stood")]


# --- btns_55 Archmaester Marwyn -----------------------------------------------------------


def _dominance(state, seat):
    for _ in range(30):
        if state.phase == "dominance" and waiting_seats(state)[0] == seat:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no dominance window")


def test_marwyn_lets_the_opponent_sort_3_cards_of_your_discard_pile():
    me = {"house": "Targaryen", "in_play": [MARWYN], "discard": [KNIGHT, STEWARD, DAYNE, SEIZED]}
    state = _dominance(joust(me, {}, phase="dominance"), 0)
    marwyn = ref(state, 0, MARWYN)
    knight, steward, dayne, seized = state.players[0].discard
    state = use(state, 0, marwyn)
    assert state.in_play[marwyn].knelt
    state = answer(state, "marwyn_cards", [knight, steward, dayne])
    assert head(state)["seat"] == 1  # the opponent to the left
    state = answer(state, "marwyn_deck", [steward])
    assert sorted(head(state)["candidates"]) == sorted([knight, dayne])
    state = answer(state, "marwyn_hand", [knight])
    player = state.players[0]
    assert player.deck[-1] == steward and knight in player.hand
    assert player.discard == [seized, dayne]  # the last on top


def test_marwyn_needs_3_cards_in_the_discard_pile():
    me = {"house": "Targaryen", "in_play": [MARWYN], "discard": [KNIGHT, STEWARD]}
    state = joust(me, {}, phase="dominance")
    assert not uses(state, 0, ref(state, 0, MARWYN))


# --- btns_56 Sellsword Deserter -----------------------------------------------------------


def test_sellsword_deserter_gives_allies_and_refugees_minus_1_str():
    state = joust({"house": "Targaryen", "in_play": [DESERTER, STEWARD, KNIGHT]}, {})
    assert strength(state, ref(state, 0, STEWARD)) == 1  # an Ally
    assert strength(state, ref(state, 0, DESERTER)) == 1  # itself (Ally, Refugee)
    assert strength(state, ref(state, 0, KNIGHT)) == 2


def test_sellsword_deserter_returns_from_the_discard_pile_for_an_attachment():
    me = {"house": "Targaryen", "discard": [DESERTER], "hand": [STEWARD, SEIZED]}
    state = joust(me, {"in_play": [KNIGHT]})
    deserter = state.players[0].discard[0]
    seized = hand(state, 0, SEIZED)[0]
    state = use(state, 0, deserter)  # the only attachment is discarded (not the Steward)
    assert deserter in state.players[0].hand
    assert state.players[0].discard == [seized]


def test_sellsword_deserter_needs_an_attachment_in_hand_and_the_challenges_phase():
    me = {"house": "Targaryen", "discard": [DESERTER], "hand": [STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert not uses(state, 0, state.players[0].discard[0])
    me = {"house": "Targaryen", "discard": [DESERTER], "hand": [SEIZED], "gold": 5}
    state = build(players=[me, {}])
    assert state.phase == "marshalling"
    assert not uses(state, 0, state.players[0].discard[0])


# --- btns_58 Pentos -----------------------------------------------------------------------


def test_pentos_lowers_the_first_out_of_house_targaryen_card_and_army_each_round():
    me = {"house": "Stark", "gold": 10, "in_play": [PENTOS], "hand": [SWORDS, SWORDS]}
    state = build(players=[me, {}])
    plain = build(players=[{"house": "Stark", "gold": 10, "hand": [SWORDS]}, {}])
    first, second = hand(state, 0, SWORDS)
    base = gold_cost(plain, 0, hand(plain, 0, SWORDS)[0])
    assert gold_cost(state, 0, first) == base - 2  # both reductions
    action = next(a for a in marshals(state, 0, first) if a.kind == "marshal:play")
    state = engine_apply(state, action)
    assert gold_cost(state, 0, second) == base  # both used up this round


def test_pentos_not_for_an_in_house_targaryen_card():
    me = {"house": "Targaryen", "gold": 10, "in_play": [PENTOS], "hand": [MARWYN]}
    state = build(players=[me, {}])
    assert gold_cost(state, 0, hand(state, 0, MARWYN)[0]) == 3


def test_a_character_agenda_does_not_blank_archibald():
    state = joust({"in_play": [KNIGHT]}, {"house": "Martell", "in_play": [ARCHIBALD]})
    griff = state.new_card("btns_57", 1)  # Griff as seat 1's only agenda (set up by hand)
    state.players[1].agenda, state.players[1].agenda_card = "btns_57", griff
    for cache in ("_passive_cache", "_agenda_cards"):
        state.__dict__.pop(cache, None)
    assert {"deadly", "renown"} <= keywords(state, ref(state, 1, ARCHIBALD))
