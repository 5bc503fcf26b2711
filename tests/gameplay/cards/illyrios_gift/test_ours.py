"""Illyrio's Gift: Ours for the Taking (bwb_8, illyrios_gift/ours.py), which copies a
location's "kneel this location to ..." ability without kneeling it."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    events,
    hand,
    head,
    joust,
    ref,
    use,
    uses,
)

OURS = "bwb_8"
HAMMER = "kl_106"  # Any Phase: kneel to choose and stand a House Baratheon character
KENNELS = "core_24"  # Any Phase: kneel and pay 1 gold to search your deck for a Direwolf card
GODSWOOD = "core_32"  # Marshalling: kneel to lower the cost of your next Stark character
NARROW_SEA = "core_33"  # Marshalling: discard it from play to lower a cost
CROSSROADS = "core_138"  # no ability


def _targets(state, seat=0):
    ours = hand(state, seat, OURS)[0]
    return ours, {a.cards[1] for a in uses(state, seat, ours)}


def test_bwb_8_ours_for_the_taking_copies_an_opponents_location_without_kneeling_it():
    state = joust(
        {"house": "Greyjoy", "hand": [OURS], "in_play": [{"card": HOST, "knelt": True}]},
        {"house": "Baratheon", "in_play": [HAMMER, {"card": HOST, "knelt": True}]},
    )
    hammer, mine, theirs = ref(state, 1, HAMMER), ref(state, 0, HOST), ref(state, 1, HOST)
    ours, targets = _targets(state)
    assert targets == {hammer}
    state = use(state, 0, ours, hammer)
    assert head(state)["purpose"] == "copy_target" and head(state)["seat"] == 0
    assert set(head(state)["candidates"]) == {mine, theirs}
    state = answer(state, "copy_target", [mine])
    assert not state.in_play[mine].knelt and state.in_play[theirs].knelt
    assert not state.in_play[hammer].knelt  # the location is not knelt
    assert events(state, "ability_copied")[-1]["card"] == hammer
    assert ours in state.players[0].discard


def test_bwb_8_ours_for_the_taking_pays_the_additional_gold_cost():
    me = {"house": "Greyjoy", "hand": [OURS], "deck": [KNIGHT], "gold": 1}
    state = joust(me, {"house": "Stark", "in_play": [KENNELS]})
    kennels = ref(state, 1, KENNELS)
    ours, targets = _targets(state)
    assert targets == {kennels}
    state = use(state, 0, ours, kennels)
    assert state.players[0].gold == 0 and not state.in_play[kennels].knelt


def test_bwb_8_ours_for_the_taking_cannot_copy_what_you_cannot_pay():
    me = {"house": "Greyjoy", "hand": [OURS], "gold": 0}
    state = joust(me, {"house": "Stark", "in_play": [KENNELS, CROSSROADS]})
    assert not uses(state, 0, hand(state, 0, OURS)[0])  # no gold; Crossroads has no ability


def test_bwb_8_ours_for_the_taking_copies_only_in_the_copied_abilitys_phase():
    them = {"house": "Stark", "in_play": [GODSWOOD, NARROW_SEA]}
    state = joust({"house": "Greyjoy", "hand": [OURS]}, them)
    assert not uses(state, 0, hand(state, 0, OURS)[0])  # challenges: not a Marshalling ability
    state = joust({"house": "Greyjoy", "hand": [OURS]}, them, phase="marshalling")
    _, targets = _targets(state)
    assert targets == {ref(state, 1, GODSWOOD)}  # Narrow Sea discards itself: not copied
