"""The Tourney for the Hand (gameplay/engine/cards/the_tourney_for_the_hand/cards.py),
played through legal actions: The Knight, Dragon Support and Free Man."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    defend,
    events,
    hand,
    joust,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

THE_KNIGHT = "atoc_8"
DRAGON_SUPPORT = "atoc_11"
FREE_MAN = "atoc_18"
TOWER_KNIGHT = "atoc_17"  # Neutral, a War crest (a body here)


def settle_challenge(state, seat, never):
    """Pass until the challenge under way is over; ``never`` (a ref of ``seat``) may never
    be used on the way."""
    for _ in range(60):
        assert uses(state, seat, never) == []
        if state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


# --- atoc_8 The Knight -------------------------------------------------------------------


def _the_knight(defenders_cards):
    state = joust(
        {"house": "Greyjoy", "in_play": [THE_KNIGHT]},
        {"house": "Stark", "in_play": defenders_cards, "deck": [STEWARD, KNIGHT]},
    )
    return state, ref(state, 0, THE_KNIGHT)


def test_the_knight_stands_and_discards_the_top_card_after_an_unopposed_win():
    state, knight = _the_knight([])
    top = state.players[1].deck[0]
    state = start(state, "power", [knight])
    state = to_window(state, "challenge_won")
    assert state.in_play[knight].knelt
    state = use(state, 0, knight)
    assert not state.in_play[knight].knelt
    assert top in state.players[1].discard and len(state.players[1].deck) == 1


def test_the_knight_does_not_answer_an_opposed_win():
    state, knight = _the_knight([KNIGHT])
    state = start(state, "military", [knight])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = settle_challenge(state, 0, knight)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not events(state, "discarded_from_deck")


# --- atoc_11 Dragon Support ---------------------------------------------------------------


def _support():
    state = joust(
        {"house": "Targaryen", "in_play": [HOST, STEWARD], "hand": [DRAGON_SUPPORT]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    return state, hand(state, 0, DRAGON_SUPPORT)[0]


def test_dragon_support_gives_melee_and_minus_1_str_to_opposing_participants():
    state, support = _support()
    host, knight = ref(state, 0, HOST), ref(state, 1, KNIGHT)
    state = start(state, "military", [host])
    state = defend(state, [knight])
    # only a participating character you control (not the Steward, not the defender)
    assert [a.cards[1:] for a in uses(state, 0, support)] == [(host,)]
    state = use(state, 0, support, host)
    melee = [e for e in events(state, "lasting_effect") if e["query"] == "keywords"]
    assert [(e["subject"], e["until"], e["add"]) for e in melee] == [(host, "challenge", ["melee"])]
    # The Host gains melee: +1 STR for the one defender (challenges keyword, 6 + 1).
    assert events(state, "challenge_resolved")[-1]["strength"] == [7, 1]
    minus = [e for e in events(state, "lasting_effect") if e["query"] == "strength"]
    assert [(e["subject"], e["until"]) for e in minus] == [(knight, "phase")]


def test_dragon_support_is_played_only_during_a_challenge():
    state, support = _support()
    assert uses(state, 0, support) == []


# --- atoc_18 Free Man ---------------------------------------------------------------------


def test_free_man_stands_a_war_crest_character_after_it_leaves_play():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {
            "house": "Stark",
            "in_play": [
                FREE_MAN,
                {"card": TOWER_KNIGHT, "knelt": True},
                {"card": STEWARD, "knelt": True},
            ],
        },
    )
    free_man, tower = ref(state, 1, FREE_MAN), ref(state, 1, TOWER_KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [], claim=[free_man])
    assert free_man in state.players[1].dead
    host = ref(state, 0, HOST)
    # a knelt War crest character of any player (not the knelt Steward: no War crest)
    assert sorted(a.cards[1:] for a in uses(state, 1, free_man)) == sorted([(tower,), (host,)])
    state = use(state, 1, free_man, tower)
    assert not state.in_play[tower].knelt
