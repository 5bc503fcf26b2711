"""Forging the Chain: the characters (forging_the_chain/characters.py), played through legal
actions."""

from __future__ import annotations

import pytest

from tests.gameplay.cards.forging_the_chain.helpers import never_usable
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    at_point,
    defend,
    events,
    hand,
    head,
    joust,
    pass_until,
    ref,
    start,
    until_seat,
    use,
    uses,
    won_window,
)

LUWIN = "soo_21"
CREYLEN = "soo_24"
BLACK_EARS = "soo_25"
SHIREEN = "soo_27"
SEER = "soo_31"
JAQEN = "soo_35"  # a Shadow-crest character
SCHOLAR = "soo_36"  # a Maester without text
EVENT = "core_177"  # Distinct Mastery, an event
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window


# --- soo_21 Maester Luwin ----------------------------------------------------------------


def _luwin_wins(deck: list[str], attackers=(LUWIN,)):
    state = joust(
        {"house": "Stark", "in_play": [LUWIN, KNIGHT], "deck": deck},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    attackers = [ref(state, 0, name) for name in attackers]
    return won_window(state, "power", attackers)


def test_soo_21_maester_luwin_finds_an_event_in_the_top_5():
    deck = [KNIGHT, KNIGHT, EVENT, KNIGHT, KNIGHT, KNIGHT, KNIGHT]
    state = _luwin_wins(deck)
    event = state.players[0].deck[2]
    state = use(state, 0, ref(state, 0, LUWIN))
    assert head(state)["purpose"] == "search" and head(state)["candidates"] == [event]
    state = answer(state, "search", [event])
    assert event in state.players[0].hand and len(state.players[0].deck) == 6
    assert any(e["cards"] == [event] for e in events(state, "revealed"))


def test_soo_21_maester_luwin_sees_only_the_top_5():
    deck = [KNIGHT, KNIGHT, KNIGHT, KNIGHT, KNIGHT, EVENT]
    state = _luwin_wins(deck)
    state = use(state, 0, ref(state, 0, LUWIN))
    assert head(state)["purpose"] == "search" and head(state)["candidates"] == []


def test_soo_21_maester_luwin_must_have_participated():
    state = joust(
        {"house": "Stark", "in_play": [LUWIN, KNIGHT], "deck": [EVENT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    never_usable(state, 0, ref(state, 0, LUWIN))


# --- soo_24 Maester Creylen --------------------------------------------------------------


def test_soo_24_maester_creylen_claims_1_power_after_any_intrigue_win():
    state = joust(
        {"house": "Stark", "in_play": [STEWARD], "gold": 0},
        {"house": "Lannister", "in_play": [CREYLEN], "gold": 1},
    )
    state = won_window(state, "intrigue", [ref(state, 0, STEWARD)])
    creylen = ref(state, 1, CREYLEN)
    state = use(state, 1, creylen)
    assert state.in_play[creylen].power == 1 and state.players[1].gold == 0


def test_soo_24_maester_creylen_needs_1_gold_and_an_intrigue_challenge():
    state = joust(
        {"house": "Stark", "in_play": [STEWARD, KNIGHT]},
        {"house": "Lannister", "in_play": [CREYLEN], "gold": 0},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    never_usable(state, 1, ref(state, 1, CREYLEN))  # no gold
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT]},
        {"house": "Lannister", "in_play": [CREYLEN], "gold": 1},
    )
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    never_usable(state, 1, ref(state, 1, CREYLEN))  # not an Intrigue challenge


# --- soo_25 Black Ears -------------------------------------------------------------------


def _ears(my_hand: list[str], their_hand: list[str]):
    state = joust(
        {"house": "Lannister", "in_play": [BLACK_EARS, KNIGHT], "hand": my_hand},
        {"house": "Stark", "in_play": [HOST], "hand": their_hand},
    )
    ears, knight = ref(state, 0, BLACK_EARS), ref(state, 0, KNIGHT)
    state = start(state, "military", [ears])
    host = ref(state, 1, HOST)
    return _after_defenders(state, host), ears, knight


def _after_defenders(state, host):
    state = defend(state, [host])
    return at_point(state, "after_defenders")


def test_soo_25_black_ears_removes_a_participant_with_fewer_cards_in_hand():
    state, ears, _ = _ears([RUMORS, RUMORS], [RUMORS, RUMORS, RUMORS])
    host = ref(state, 1, HOST)
    state = use(state, 0, ears, host)
    state = answer(state, "discard_cost", hand(state, 0, RUMORS)[:1])
    assert host not in state.challenge["defenders"]
    assert len(state.players[0].hand) == 1
    assert not uses(state, 0, ears)  # Limit once per challenge


def test_soo_25_black_ears_removes_nobody_without_fewer_cards():
    state, ears, _ = _ears([RUMORS, RUMORS, RUMORS], [RUMORS, RUMORS])
    host = ref(state, 1, HOST)
    state = use(state, 0, ears, host)
    state = answer(state, "discard_cost", hand(state, 0, RUMORS)[:1])
    assert host in state.challenge["defenders"]  # 2 cards against 2: not fewer


def test_soo_25_black_ears_only_while_participating():
    state = joust(
        {"house": "Lannister", "in_play": [BLACK_EARS, KNIGHT], "hand": [RUMORS]},
        {"house": "Stark", "in_play": [HOST], "hand": [RUMORS, RUMORS]},
    )
    ears, knight = ref(state, 0, BLACK_EARS), ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])
    state = _after_defenders(state, ref(state, 1, HOST))
    assert not uses(state, 0, ears)
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [ears, knight])


# --- soo_27 Shireen Baratheon ------------------------------------------------------------


def test_soo_27_shireen_stops_a_character_claiming_power_this_phase():
    state = joust(
        {"house": "Baratheon", "in_play": [SHIREEN, STEWARD], "hand": [RUMORS]},
        {"house": "Lannister", "in_play": [CREYLEN], "gold": 2},
    )
    creylen = ref(state, 1, CREYLEN)
    state = use(state, 0, ref(state, 0, SHIREEN), creylen)
    assert state.in_play[ref(state, 0, SHIREEN)].knelt
    state = won_window(state, "intrigue", [ref(state, 0, STEWARD)])
    state = use(state, 1, creylen)
    assert state.in_play[creylen].power == 0


def test_soo_27_shireen_must_kneel():
    state = joust(
        {"house": "Baratheon", "in_play": [{"card": SHIREEN, "knelt": True}, STEWARD]},
        {"house": "Lannister", "in_play": [CREYLEN]},
    )
    assert not uses(state, 0, ref(state, 0, SHIREEN))


# --- soo_31 Shadow Seer ------------------------------------------------------------------


def test_soo_31_shadow_seer_puts_a_shadow_card_into_shadows():
    state = joust(
        {"house": "Targaryen", "in_play": [SEER], "hand": [JAQEN, KNIGHT]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    state = won_window(state, "intrigue", [ref(state, 0, SEER)])
    state = use(state, 0, ref(state, 0, SEER))
    assert not hand(state, 0, JAQEN) and len(state.players[0].shadows) == 1
    assert hand(state, 0, KNIGHT)


def test_soo_31_shadow_seer_needs_an_intrigue_win_and_a_shadow_card():
    state = joust(
        {"house": "Targaryen", "in_play": [SEER, HOST], "hand": [KNIGHT]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, SEER)])
    never_usable(state, 0, ref(state, 0, SEER))  # no Shadow card in hand
    state = joust(
        {"house": "Targaryen", "in_play": [SEER, HOST], "hand": [JAQEN]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    state = start(state, "power", [ref(state, 0, SEER), ref(state, 0, HOST)])
    never_usable(state, 0, ref(state, 0, SEER))  # a Power challenge
    state = joust(
        {"house": "Targaryen", "in_play": [SEER, STEWARD], "hand": [JAQEN]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    never_usable(state, 0, ref(state, 0, SEER))  # did not participate


def test_soo_27_shireen_stops_renown_too():
    state = joust(
        {"house": "Greyjoy", "in_play": ["kotse_2"]},
        {"house": "Baratheon", "in_play": [SHIREEN, STEWARD], "hand": [RUMORS]},
    )
    asha = ref(state, 0, "kotse_2")
    state = use(until_seat(state, 1), 1, ref(state, 1, SHIREEN), asha)
    state = start(state, "power", [asha])
    state = pass_until(state, lambda s: s.challenge is None)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.in_play[asha].power == 0
    assert not [e for e in events(state, "power") if e.get("card") == asha]
