"""The Isle of Ravens characters (soo_63, soo_65, soo_67, soo_69, soo_72), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    choose,
    defend,
    events,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
)

SPY = "soo_63"
BASTARD = "soo_65"
LITANY = "soo_66"
BAELOR = "soo_67"
ADVISOR = "soo_69"
ACOLYTE = "soo_72"
KHORANE = "asots_85"  # a unique Baratheon character without renown
CLANSMAN = "w_67"  # Clan Scout, a Clansman without text
SCAVENGER = "bwb_46"  # Vale Scavenger: kneel attached character, a player draws 1 card


def _challenge_over(state) -> bool:
    return state.challenge is None


# --- soo_63 The Regent's Spy -----------------------------------------------------------------


def test_regents_spy_looks_at_the_top_card_of_the_losers_deck():
    state = joust(
        {"house": "Lannister", "in_play": [SPY]},
        {"house": "Stark", "in_play": [KNIGHT], "deck": [HOST, KNIGHT]},
    )
    spy = ref(state, 0, SPY)
    top = state.players[1].deck[0]
    state = start(state, "intrigue", [spy])
    state = to_window(state, "challenge_won", [])
    state = until_seat(state, 0)
    state = use(state, 0, spy)
    step = head(state)
    assert step.get("purpose") == "look" and step["ctx"]["shown"] == [top]
    assert state.players[1].deck[0] == top  # it stays where it is


def test_regents_spy_only_after_an_intrigue_challenge_it_took_part_in():
    state = joust(
        {"house": "Lannister", "in_play": [SPY, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT], "deck": [HOST]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_until(state, _challenge_over)
    assert events(state, "looked_at_deck") == []


def test_regents_spy_not_after_a_challenge_it_lost():
    state = joust(
        {"house": "Lannister", "in_play": [SPY]},
        {"house": "Stark", "in_play": ["Varys"], "deck": [HOST]},
    )
    spy = ref(state, 0, SPY)
    state = start(state, "intrigue", [spy])
    state = defend(state, [ref(state, 1, "Varys")])
    state = pass_until(state, _challenge_over)
    assert events(state, "looked_at_deck") == []


# --- soo_65 Stormlands Bastard ---------------------------------------------------------------


def test_stormlands_bastard_gives_renown_to_a_unique_baratheon_until_the_challenge_ends():
    state = joust(
        {"house": "Baratheon", "in_play": [BASTARD, KHORANE, HOST]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    bastard, khorane = ref(state, 0, BASTARD), ref(state, 0, KHORANE)
    assert uses(state, 0, bastard) == []  # no challenge under way
    state = start(state, "intrigue", [khorane])
    state = until_window(state, None)
    state = until_seat(state, 0)
    # Only unique Baratheon characters.
    assert {a.cards[1] for a in uses(state, 0, bastard)} == {khorane}
    state = use(state, 0, bastard, khorane)
    assert state.in_play[bastard].knelt
    state = pass_until(state, _challenge_over)
    assert state.in_play[khorane].power == 1  # renown
    assert "renown" not in keywords(state, khorane)  # it ended with the challenge


# --- soo_67 Baelor Blacktyde -----------------------------------------------------------------


def test_baelor_blacktyde_opponents_cannot_play_events_with_a_copy_in_their_discard_pile():
    state = joust(
        {"house": "Greyjoy", "in_play": [BAELOR], "hand": [LITANY], "discard": [LITANY]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [LITANY], "discard": [LITANY]},
    )
    state = until_window(state, None)
    theirs = state.players[1].hand[0]
    mine = state.players[0].hand[0]
    state = until_seat(state, 1)
    assert uses(state, 1, theirs) == []
    state = until_seat(state, 0)
    assert uses(state, 0, mine) != []  # his controller is no opponent of his


def test_baelor_blacktyde_lets_opponents_play_events_without_a_copy_in_discard():
    state = joust(
        {"house": "Greyjoy", "in_play": [BAELOR]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [LITANY], "discard": [BASTARD]},
    )
    state = until_window(state, None)
    state = until_seat(state, 1)
    assert uses(state, 1, state.players[1].hand[0]) != []


# --- soo_69 Linked Advisor -------------------------------------------------------------------


def test_linked_advisor_gets_plus_one_str_per_attachment():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": ADVISOR, "attachments": ["soo_79", "soo_78"]}]},
        {"house": "Stark", "in_play": [{"card": ADVISOR}]},
    )
    assert strength(state, ref(state, 0, ADVISOR)) == 5
    assert strength(state, ref(state, 1, ADVISOR)) == 3  # no attachments, no bonus


# --- soo_72 Informed Acolyte -----------------------------------------------------------------


def _scavenger_draws(drawer: str):
    """Seat 1 kneels its Clan Scout with Vale Scavenger (bwb_46) to have ``drawer`` draw 1."""
    state = joust(
        {"house": "Martell", "in_play": [ACOLYTE], "deck": [KNIGHT] * 8},
        {
            "house": "Lannister",
            "in_play": [{"card": CLANSMAN, "attachments": [SCAVENGER]}],
            "deck": [HOST] * 8,
        },
    )
    state = until_window(state, None)
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, SCAVENGER))
    return choose(state, drawer)


def test_informed_acolyte_draws_as_many_as_an_opponent_drew_outside_the_draw_phase():
    state = _scavenger_draws("1")
    step = head(state)
    assert step.get("name") == "window" and step.get("trigger") == "cards_drawn"
    acolyte = ref(state, 0, ACOLYTE)
    state = until_seat(state, 0)
    state = use(state, 0, acolyte)
    assert len(state.players[0].hand) == 1  # as many as seat 1 drew


def test_informed_acolyte_does_not_answer_its_own_players_draw():
    state = _scavenger_draws("0")
    assert len(state.players[0].hand) == 1
    assert uses(state, 0, ref(state, 0, ACOLYTE)) == []
    assert not state.in_play[ref(state, 0, ACOLYTE)].knelt


def test_informed_acolyte_ignores_draws_in_the_draw_phase():
    state = joust(
        {"house": "Martell", "in_play": [ACOLYTE], "deck": [KNIGHT] * 8},
        {"house": "Stark", "in_play": [KNIGHT], "deck": [HOST] * 8},
        phase="draw",
    )
    assert len(state.players[1].hand) == 2 or state.phase != "draw"
    assert (
        not any(e.get("type") == "window" and e.get("trigger") == "cards_drawn" for e in state.log)
        or not state.in_play[ref(state, 0, ACOLYTE)].knelt
    )
    assert not state.in_play[ref(state, 0, ACOLYTE)].knelt
    assert len(state.players[0].hand) == 2
