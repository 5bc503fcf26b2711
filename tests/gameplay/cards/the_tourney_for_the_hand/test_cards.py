"""The Tourney for the Hand (gameplay/engine/cards/the_tourney_for_the_hand/cards.py),
played through legal actions: The Last River, Knight of Flowers, Highgarden Squire,
Highgarden and Tourney Lance."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    apply,
    defend,
    events,
    hand,
    joust,
    marshalling,
    marshals,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

LAST_RIVER = "atoc_3"
FLOWERS = "atoc_5"
SQUIRE = "atoc_6"
HIGHGARDEN = "atoc_15"
LANCE = "atoc_19"
ARYA = "atoc_1"  # Stark, 2 STR, military and intrigue (a body here)


# --- atoc_3 The Last River ---------------------------------------------------------------


def test_the_last_river_gives_participants_without_a_military_icon_minus_1_str():
    state = joust(
        {"house": "Stark", "in_play": [LAST_RIVER, STEWARD, ARYA]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    river = ref(state, 0, LAST_RIVER)
    mine, arya, theirs = ref(state, 0, STEWARD), ref(state, 0, ARYA), ref(state, 1, STEWARD)
    state = start(state, "intrigue", [mine, arya])
    state = defend(state, [theirs])
    state = use(state, 0, river)
    # Steward 2-1, Arya 2 (a Military icon) against the other Steward 2-1
    assert events(state, "challenge_resolved")[-1]["strength"] == [3, 1]


def test_the_last_river_is_used_only_during_a_challenge():
    state = joust(
        {"house": "Stark", "in_play": [LAST_RIVER, STEWARD]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    assert uses(state, 0, ref(state, 0, LAST_RIVER)) == []  # no challenge under way


# --- atoc_5 Knight of Flowers ------------------------------------------------------------


def _flowers(attackers_names, window=True):
    state = joust(
        {"house": "Baratheon", "in_play": [FLOWERS, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    flowers = ref(state, 0, FLOWERS)
    attackers = [ref(state, 0, n) for n in attackers_names]
    state = start(state, "power", attackers)
    state = to_window(state, "challenge_won", []) if window else settle_challenge(state, flowers)
    return state, flowers


def settle_challenge(state, never=None):
    """Pass and decline everything until the challenge under way is over; ``never`` (a
    ref) may never be used on the way."""
    for _ in range(60):
        if never is not None:
            assert uses(state, 0, never) == []
        if state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def test_knight_of_flowers_claims_2_power_after_winning_alone():
    state, flowers = _flowers([FLOWERS])
    state = use(state, 0, flowers)
    assert state.in_play[flowers].power == 2


def test_knight_of_flowers_does_not_answer_a_challenge_he_did_not_fight_alone():
    state, flowers = _flowers([FLOWERS, KNIGHT], window=False)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.in_play[flowers].power == 0


def test_knight_of_flowers_claims_once_per_phase():
    state, flowers = _flowers([FLOWERS])
    state = use(state, 0, flowers)
    state.in_play[flowers].knelt = False
    state = start(state, "military", [flowers])
    state = settle_challenge(state, flowers)
    assert len(events(state, "challenge_resolved")) == 2
    assert state.in_play[flowers].power == 2 and uses(state, 0, flowers) == []


# --- atoc_6 Highgarden Squire ------------------------------------------------------------


def test_highgarden_squire_gives_a_knight_joust_until_the_end_of_the_phase():
    state = joust(
        {"house": "Baratheon", "in_play": [SQUIRE, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    squire, knight = ref(state, 0, SQUIRE), ref(state, 1, KNIGHT)
    assert [a.cards[1:] for a in uses(state, 0, squire)] == [(knight,)]  # Knights only
    state = use(state, 0, squire, knight)
    assert "joust" in keywords(state, knight) and state.in_play[squire].knelt


def test_highgarden_squire_is_a_challenges_action():
    state = joust(
        {"house": "Baratheon", "in_play": [SQUIRE]},
        {"house": "Stark", "in_play": [KNIGHT]},
        phase="marshalling",
    )
    assert uses(state, 0, ref(state, 0, SQUIRE)) == []


# --- atoc_15 Highgarden ------------------------------------------------------------------


def _highgarden(gold=1):
    state = joust(
        {"house": "Baratheon", "in_play": [HIGHGARDEN, HOST], "gold": gold},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}, STEWARD]},
    )
    knight = ref(state, 1, KNIGHT)
    state.in_play[knight].power = 1
    return state, ref(state, 0, HIGHGARDEN), knight


def test_highgarden_stands_or_kneels_a_character_with_power():
    state, highgarden, knight = _highgarden()
    assert [a.cards[1:] for a in uses(state, 0, highgarden)] == [(knight,)]  # power only
    state = use(state, 0, highgarden, knight)
    assert not state.in_play[knight].knelt and state.in_play[highgarden].knelt
    assert state.players[0].gold == 0


def test_highgarden_kneels_a_standing_character_with_power():
    state, highgarden, knight = _highgarden()
    host = ref(state, 0, HOST)
    state.in_play[host].power = 2
    state = use(state, 0, highgarden, host)
    assert state.in_play[host].knelt and state.in_play[knight].knelt


def test_highgarden_needs_1_gold():
    state, highgarden, _knight = _highgarden(gold=0)
    assert uses(state, 0, highgarden) == []


# --- atoc_19 Tourney Lance ---------------------------------------------------------------


def test_tourney_lance_gives_joust_and_draws_a_card_when_played():
    state = marshalling(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [LANCE], "deck": [STEWARD], "gold": 1}
    )
    knight, lance = ref(state, 0, KNIGHT), hand(state, 0, LANCE)[0]
    assert "joust" not in keywords(state, knight)
    found = [a for a in marshals(state, 0, lance) if a.cards[1:] == (knight,)]
    state = apply(state, found[0])
    assert "joust" in keywords(state, knight)
    assert len(state.players[0].hand) == 1 and not state.players[0].deck
