"""The Pirates of Lys events (gameplay/engine/cards/the_pirates_of_lys/events.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import allowed, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    joust,
    ref,
    start,
    to_window,
    until_prompt,
    use,
    uses,
    watch,
)

BEAR, FURY, UNBOWED, FIRE = "asots_42", "asots_49", "asots_54", "asots_57"
LANCEL = "asots_41"  # unique, 2 STR (+1: himself Holy), intrigue and power
MOREO = "asots_50"  # unique, 3 STR, intrigue and power
SWORDS = "Hired Swords"  # Targaryen, 3 STR
RHAEGAL = "core_109"  # Targaryen, No attachments


def _knelt(card):
    return {"card": card, "knelt": True}


def _done(state):
    return state.challenge is None


# --- asots_42 The Bear and the Maiden Fair -----------------------------------------------


def test_bear_and_maiden_the_loser_discards_two_cards():
    state = joust(
        {"house": "Lannister", "in_play": [MOREO, STEWARD], "hand": [BEAR, BEAR]},
        {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT, KNIGHT, STEWARD, HOST]},
    )
    state = start(state, "intrigue", [ref(state, 0, MOREO), ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    state = until_prompt(use(state, 0, hand(state, 0, BEAR)[0]), "discard")
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 1
    state = answer(state, "discard", prompt["candidates"][:2])
    # 1 discarded at random for the claim, then 2
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 3
    assert not uses(state, 0, hand(state, 0, BEAR)[0])  # limit 1 per phase


def test_bear_and_maiden_only_after_an_intrigue_win_by_four():
    state = joust(
        {"house": "Lannister", "in_play": [MOREO, HOST], "hand": [BEAR]},
        {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT, KNIGHT]},
    )
    bear = hand(state, 0, BEAR)[0]
    state = start(state, "power", [ref(state, 0, MOREO), ref(state, 0, HOST)])
    state, offered = watch(state, 0, bear, _done)
    assert not offered  # a Power challenge
    state = joust(
        {"house": "Lannister", "in_play": [MOREO], "hand": [BEAR]},
        {"in_play": [_knelt(KNIGHT)], "hand": [KNIGHT, KNIGHT]},
    )
    bear = hand(state, 0, BEAR)[0]
    state = start(state, "intrigue", [ref(state, 0, MOREO)])
    state, offered = watch(state, 0, bear, _done)
    assert not offered  # won by 3


# --- asots_49 Ours is the Fury -----------------------------------------------------------


def test_ours_is_the_fury_stands_the_participating_unique_characters():
    state = joust(
        {"house": "Baratheon", "in_play": [LANCEL, HOST], "hand": [FURY]},
        {"in_play": [_knelt(KNIGHT)]},
    )
    lancel, host = ref(state, 0, LANCEL), ref(state, 0, HOST)
    state = start(state, "power", [lancel, host])
    state = to_window(state, "challenge_won")
    state = use(state, 0, hand(state, 0, FURY)[0])
    assert not state.in_play[lancel].knelt and state.in_play[host].knelt  # not unique


def test_ours_is_the_fury_not_by_less_than_four_nor_in_other_challenges():
    state = joust(
        {"house": "Baratheon", "in_play": [LANCEL], "hand": [FURY]},
        {"in_play": [_knelt(KNIGHT)]},
    )
    fury = hand(state, 0, FURY)[0]
    state = start(state, "power", [ref(state, 0, LANCEL)])
    state, offered = watch(state, 0, fury, _done)
    assert not offered  # won by 3
    state = joust(
        {"house": "Baratheon", "in_play": [LANCEL, MOREO, STEWARD], "hand": [FURY]},
        {"in_play": [_knelt(KNIGHT)]},
    )
    fury = hand(state, 0, FURY)[0]
    attackers = [ref(state, 0, LANCEL), ref(state, 0, MOREO), ref(state, 0, STEWARD)]
    state = start(state, "intrigue", attackers)
    state, offered = watch(state, 0, fury, _done)
    assert not offered  # an Intrigue challenge


# --- asots_54 Unbowed, Unbent, Unbroken --------------------------------------------------


def test_unbowed_replaces_the_hand_with_as_many_cards_from_the_deck():
    state = joust(
        {"in_play": [HOST]},
        {
            "house": "Martell",
            "hand": [UNBOWED, KNIGHT, KNIGHT],
            "deck": [STEWARD, STEWARD, HOST, HOST],
        },
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = use(state, 1, hand(state, 1, UNBOWED)[0])
    player = state.players[1]
    assert len(player.hand) == 2 and not hand(state, 1, KNIGHT)
    assert len(hand(state, 1, STEWARD)) == 2 and len(player.deck) == 2
    assert len(player.discard) == 3  # the two Knights and the event


def test_unbowed_not_with_an_empty_hand_nor_after_winning():
    state = joust({"in_play": [HOST]}, {"house": "Martell", "hand": [UNBOWED], "deck": [KNIGHT]})
    unbowed = hand(state, 1, UNBOWED)[0]
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, unbowed, _done)
    assert not offered  # no other card in hand
    state = joust(
        {"in_play": [KNIGHT], "hand": [UNBOWED, KNIGHT], "deck": [KNIGHT]},
        {"in_play": [_knelt(STEWARD)]},
    )
    unbowed = hand(state, 0, UNBOWED)[0]
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state, offered = watch(state, 0, unbowed, _done)
    assert not offered  # won


# --- asots_57 Fire and Blood -------------------------------------------------------------


def test_fire_and_blood_gives_two_str_and_attaches_as_a_boon():
    state = joust({"house": "Targaryen", "in_play": [SWORDS], "hand": [FIRE]}, {})
    swords, fire = ref(state, 0, SWORDS), hand(state, 0, FIRE)[0]
    assert allowed(state, "can_be_discarded", swords)
    state = use(state, 0, fire, swords)
    assert strength(state, swords) == 3 + 2
    assert state.in_play[fire].attached_to == swords
    assert not allowed(state, "can_be_discarded", swords)


def test_fire_and_blood_only_on_a_targaryen_and_not_attached_with_no_attachments():
    state = joust(
        {"house": "Targaryen", "in_play": [RHAEGAL, KNIGHT], "hand": [FIRE]}, {"in_play": [SWORDS]}
    )
    fire = hand(state, 0, FIRE)[0]
    targets = {a.cards[1] for a in uses(state, 0, fire)}
    assert targets == {ref(state, 0, RHAEGAL), ref(state, 1, SWORDS)}
    rhaegal = ref(state, 0, RHAEGAL)
    state = use(state, 0, fire, rhaegal)
    assert strength(state, rhaegal) == 4 + 2
    assert fire not in state.in_play and fire in state.players[0].discard
