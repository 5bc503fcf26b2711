"""The Tourney for the Hand: Storm's End Tourney Grounds
(gameplay/engine/cards/the_tourney_for_the_hand/cards.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.influence import house_mark
from tests.gameplay.cards.the_tourney_for_the_hand.helpers import settle_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    joust,
    ref,
    start,
    to_window,
    use,
    uses,
)

GROUNDS = "atoc_7"
FLOWERS = "atoc_5"  # unique, joust
BARRISTAN = "atoc_10"  # unique (a body here)


def _grounds(theirs, attacker=FLOWERS):
    state = joust(
        {
            "house": "Baratheon",
            "in_play": [GROUNDS, FLOWERS, HOST],
            "discard": [KNIGHT, STEWARD],
            "deck": [HOST],
        },
        {"house": "Stark", "in_play": theirs},
    )
    grounds = ref(state, 0, GROUNDS)
    state = start(state, "power", [ref(state, 0, attacker)])
    return state, grounds


def test_storms_end_tourney_grounds_puts_the_top_character_on_the_deck():
    state, grounds = _grounds([BARRISTAN])  # one unique character each
    steward = state.players[0].discard[-1]
    state = to_window(state, "challenge_won")
    state = use(state, 0, grounds)
    assert state.players[0].deck[0] == steward and house_mark(0) in state.used
    assert uses(state, 0, grounds) == []  # the House card kneels now


def test_storms_end_tourney_grounds_puts_it_in_hand_with_more_unique_characters():
    state, grounds = _grounds([KNIGHT])
    steward = state.players[0].discard[-1]
    state = to_window(state, "challenge_won")
    state = use(state, 0, grounds)
    assert steward in state.players[0].hand


def test_storms_end_tourney_grounds_needs_a_participant_with_joust():
    state, grounds = _grounds([KNIGHT], attacker=HOST)
    settle_challenge(state, 0, grounds)


def test_storms_end_tourney_grounds_needs_a_standing_house_card():
    state, grounds = _grounds([KNIGHT])
    state.used.append(house_mark(0))
    settle_challenge(state, 0, grounds)
