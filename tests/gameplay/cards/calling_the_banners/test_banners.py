"""Calling the Banners: the Bannermen (characters attached as Banner attachments), the cards
about Banner attachments, Jory Cassel, Fishwhiskers and Practical Believer
(gameplay/engine/cards/calling_the_banners/banners.py), driven through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import facts, is_character, keywords
from gameplay.engine.rules import can_attack
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    challenge,
    end_turn,
    events,
    fight,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    use,
    uses,
    waiting_seats,
)

KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
BASTARD = "kotst_19"  # Bastard in Hiding: Baratheon, 1 STR, power
MARAUDER = "asots_24"  # Ironborn Marauder: Greyjoy, 2 STR, military and power
DAYNE = "pots_11"  # House Dayne Knight: Martell, 1 STR, intrigue and military
SERVANT = "core_118"  # Brown Ben Plumm: Targaryen, 2 STR, military
FOLLOWERS = "acoa_53"  # Fiery Followers: Baratheon, [Holy]
CHASER = "acoa_59"  # Dragon Chaser: Ambush, Intimidate, cost 4
VESSEL = "kotse_29"  # Scouting Vessel: a Warship location


def until_usable(state, seat, source, *targets):
    """Pass until ``seat`` may use ``source`` (on ``targets``)."""
    for _ in range(40):
        if any(a.cards[1:] == tuple(targets) for a in uses(state, seat, source)):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"{source} never became usable")


def test_acoa_111_banner_for_the_north_attaches_itself_from_play_and_gives_stalwart():
    me = {"in_play": ["acoa_111", KNIGHT]}
    state = joust(me, {"in_play": [SERVANT, SERVANT]})
    banner, knight = ref(state, 0, "acoa_111"), ref(state, 0, KNIGHT)
    state = fight(state, "military", [banner])
    assert facts(state, banner).type == "character"
    state = use(state, 0, banner, knight)
    assert state.in_play[banner].attached_to == knight
    assert facts(state, banner).type == "attachment" and not is_character(state, banner)
    assert events(state, "removed_from_challenge")[-1]["cards"] == [banner]
    assert "Banner" in facts(state, banner).traits
    assert "stalwart" in keywords(state, knight)
    # An attachment: never an attacker; it leaves play with its host, which is stalwart.
    state = pass_windows(state)
    assert banner not in can_attack(state, 0, "power")
    state = end_turn(state)
    state = challenge(state, "military", [ref(state, 1, SERVANT)])
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [knight])
    state = pass_windows(state)
    assert state.players[0].deck[0] == knight
    assert banner in state.players[0].discard and banner not in state.in_play


@pytest.mark.parametrize(
    ("code", "ctype", "host", "keyword"),
    [
        ("acoa_114", "power", BASTARD, "vigilant"),
        ("acoa_116", "military", MARAUDER, "intimidate"),
        ("acoa_119", "intrigue", DAYNE, "vengeful"),
    ],
)
def test_banners_attach_from_hand_to_a_character_of_their_house(code, ctype, host, keyword):
    # "acoa_114" Banner for the Storm, "acoa_116" the Kraken, "acoa_119" the South.
    me = {"in_play": [host, KNIGHT], "hand": [code]}
    state = joust(me, {"in_play": [SERVANT]})
    banner, character = hand(state, 0, code)[0], ref(state, 0, host)
    state = fight(state, ctype, [character])
    # Only a character of the banner's House: not the Stark Knight.
    assert [a.cards[1:] for a in uses(state, 0, banner)] == [(character,)]
    state = use(state, 0, banner, character)
    assert state.in_play[banner].attached_to == character
    assert keyword in keywords(state, character)
    assert events(state, "put_into_play")[-1]["card"] == banner


def test_acoa_118_banner_for_the_dragon_follows_an_ambusher_and_returns_it():
    me = {"house": "Targaryen", "in_play": ["acoa_118"], "hand": [CHASER], "gold": 4}
    state = build(players=[me, {}])
    dragon, chaser = ref(state, 0, "acoa_118"), hand(state, 0, CHASER)[0]
    state = act(state, 0, "marshal:play", [chaser])
    state = until_usable(state, 0, dragon, chaser)
    state = use(state, 0, dragon, chaser)
    assert state.in_play[dragon].attached_to == chaser
    assert facts(state, dragon).type == "attachment"
    # Attached: "Any phase: Discard Banner for the Dragon from play to return attached
    # character to its owner's hand."
    state = until_usable(state, 0, dragon, chaser)
    state = use(state, 0, dragon, chaser)
    state = pass_windows(state)
    assert chaser in state.players[0].hand and dragon in state.players[0].discard


def test_acoa_117_ascetic_follower_takes_a_banner_as_a_character():
    them = {"in_play": [{"card": KNIGHT, "attachments": ["acoa_111"]}]}
    state = build(phase="dominance", players=[{"in_play": ["acoa_117"]}, them], auto_pass=False)
    banner = ref(state, 1, "acoa_111")
    assert not is_character(state, banner)
    follower = ref(state, 0, "acoa_117")
    state = until_usable(state, 0, follower, banner)
    state = use(state, 0, follower, banner)
    assert state.in_play[banner].attached_to is None
    assert state.in_play[banner].controller == 0 and banner in state.players[0].in_play
    assert is_character(state, banner) and "stalwart" not in keywords(state, ref(state, 1, KNIGHT))


def test_acoa_120_for_family_and_honor_bannered_characters_gain_renown_and_stand():
    me = {"in_play": [{"card": KNIGHT, "attachments": ["acoa_111"]}], "hand": ["acoa_120"]}
    state = joust(me, {"in_play": [SERVANT]})
    knight, event = ref(state, 0, KNIGHT), hand(state, 0, "acoa_120")[0]
    state = until_usable(state, 0, event)
    state = use(state, 0, event)
    assert "renown" in keywords(state, knight)
    state = act(state, 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [knight])
    assert events(state, "attackers")[-1]["cards"] == [knight]
    assert not state.in_play[knight].knelt


def test_acoa_101_jory_cassel_takes_a_stark_character_as_a_duplicate():
    me = {"in_play": ["acoa_101"], "hand": [KNIGHT, SERVANT]}
    state = build(players=[me, {}])
    jory, knight = ref(state, 0, "acoa_101"), hand(state, 0, KNIGHT)[0]
    assert [a.cards[1:] for a in uses(state, 0, jory)] == [(knight,)]
    state = use(state, 0, jory, knight)
    assert state.in_play[jory].duplicates == [knight]
    assert not uses(state, 0, jory)  # he has a duplicate now


def test_acoa_104_fishwhiskers_kneels_without_a_warship_location():
    state = build(players=[{"house": "Greyjoy", "in_play": ["acoa_104"]}, {}])
    assert state.in_play[ref(state, 0, "acoa_104")].knelt
    state = build(players=[{"house": "Greyjoy", "in_play": ["acoa_104", VESSEL]}, {}])
    assert not state.in_play[ref(state, 0, "acoa_104")].knelt


def test_acoa_113_practical_believer_kneels_another_holy_character_as_it_enters_play():
    me = {"house": "Lannister", "hand": ["acoa_113"], "gold": 2}
    state = build(players=[me, {"in_play": [FOLLOWERS]}])
    believer, followers = hand(state, 0, "acoa_113")[0], ref(state, 1, FOLLOWERS)
    state = act(state, 0, "marshal:play", [believer])
    state = until_usable(state, 0, believer, followers)
    state = use(state, 0, believer, followers)
    assert state.in_play[followers].knelt
