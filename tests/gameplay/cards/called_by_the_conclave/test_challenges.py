"""Called by the Conclave: the cards that add challenges (Lady Genna soo_43, Citadel Custom
soo_56), played through legal actions.

Fillers: Lannisport Steward (2 STR, intrigue), Knight of the Tumblestone (2 STR, military and
power), Oldtown Scholar (soo_36, a Maester, 1 STR, intrigue and power)."""

from __future__ import annotations

from tests.gameplay.cards.called_by_the_conclave.helpers import SCHOLAR
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    challenge_kinds,
    challenge_without,
    choose,
    finish_challenge,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
)

GENNA, CUSTOM = "soo_43", "soo_56"


def _at_turn(state):
    state = pass_windows(state)
    assert head(state).get("turn") == 0, head(state)
    return state


def _kinds_after(state):
    """The challenge types seat 0 may still initiate once the challenge is over (none once
    its challenges turn has passed to its opponent)."""
    state = pass_windows(finish_challenge(state))
    return challenge_kinds(state, 0) if head(state).get("turn") == 0 else set()


# --- soo_43 Lady Genna -------------------------------------------------------------------------


def _genna_game():
    return joust(
        {"house": "Lannister", "in_play": [GENNA, STEWARD, STEWARD]},
        {"in_play": [STEWARD, STEWARD, KNIGHT]},
    )


def test_soo_43_lady_genna_allows_another_intrigue_challenge_after_losing_one_as_attacker():
    state = _genna_game()
    steward = ref(state, 0, STEWARD)
    state = start(state, "intrigue", [steward])
    state = to_window(
        state, "challenge_won", defenders=[ref(state, 1, STEWARD), ref(state, 1, STEWARD, 1)]
    )
    assert head(state)["event"]["loser"] == 0
    state = use(state, 0, ref(state, 0, GENNA))
    assert "intrigue" in _kinds_after(state)


def test_soo_43_lady_genna_without_her_response_no_second_intrigue_challenge():
    state = _genna_game()
    steward = ref(state, 0, STEWARD)
    state = start(state, "intrigue", [steward])
    state = to_window(
        state, "challenge_won", defenders=[ref(state, 1, STEWARD), ref(state, 1, STEWARD, 1)]
    )
    assert "intrigue" not in _kinds_after(state)


def test_soo_43_lady_genna_only_after_losing_an_intrigue_challenge_as_the_attacker():
    genna = "soo_43"
    # lost a military challenge as the attacker
    state = joust({"house": "Lannister", "in_play": [GENNA, KNIGHT]}, {"in_play": [HOST]})
    challenge_without(
        state, "military", [ref(state, 0, KNIGHT)], 0, ref(state, 0, genna), [ref(state, 1, HOST)]
    )
    # won the intrigue challenge
    state = _genna_game()
    state = challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, ref(state, 0, genna))
    # lost an intrigue challenge as the defender
    state = joust(
        {"in_play": [STEWARD, STEWARD]},
        {"house": "Lannister", "in_play": [GENNA, STEWARD]},
    )
    challenge_without(
        state,
        "intrigue",
        [ref(state, 0, STEWARD), ref(state, 0, STEWARD, 1)],
        1,
        ref(state, 1, genna),
        [ref(state, 1, STEWARD)],
    )


# --- soo_56 Citadel Custom ---------------------------------------------------------------------


def _custom_game(**me):
    spec = {"house": "Baratheon", "in_play": [SCHOLAR, KNIGHT, KNIGHT], "hand": [CUSTOM], **me}
    return joust(spec, {"in_play": [STEWARD]})


def test_soo_56_citadel_custom_kneels_a_maester_for_an_additional_power_challenge():
    state = _at_turn(_custom_game())
    scholar = ref(state, 0, SCHOLAR)
    state = use(state, 0, hand(state, 0, CUSTOM)[0])
    assert state.in_play[scholar].knelt
    assert head(state)["purpose"] == "choose_player"
    state = choose(state, "0")
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert "power" in _kinds_after(state)


def test_soo_56_citadel_custom_may_give_the_challenge_to_an_opponent():
    state = _at_turn(_custom_game())
    state = use(state, 0, hand(state, 0, CUSTOM)[0])
    state = choose(state, "1")
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    assert "power" not in _kinds_after(state)


def test_soo_56_citadel_custom_needs_a_standing_maester_and_the_challenges_phase():
    state = _at_turn(_custom_game(in_play=[KNIGHT]))
    assert not uses(state, 0, hand(state, 0, CUSTOM)[0])
    state = _at_turn(_custom_game(in_play=[{"card": SCHOLAR, "knelt": True}, KNIGHT]))
    assert not uses(state, 0, hand(state, 0, CUSTOM)[0])
    state = joust(
        {"house": "Baratheon", "in_play": [SCHOLAR], "hand": [CUSTOM]}, {}, phase="marshalling"
    )
    assert not uses(state, 0, hand(state, 0, CUSTOM)[0])


# --- soo_46 Conflict of Interest ---------------------------------------------------------------

CONFLICT, ADVISOR = "soo_46", "soo_69"  # Linked Advisor: a Learned Maester, intrigue
SIEGE = "kotse_49"  # Siege of Riverrun: claim 2 ("You cannot declare Intrigue challenges.")


def _conflict_game(**me):
    spec = {"house": "Baratheon", "in_play": [ADVISOR, STEWARD, KNIGHT], "hand": [CONFLICT], **me}
    return _at_turn(joust(spec, {"revealed_plot": SIEGE, "hand": [KNIGHT] * 5}))


def test_soo_46_conflict_of_interest_every_player_uses_the_chosen_plots_claim():
    state = _conflict_game()
    state = use(state, 0, hand(state, 0, CONFLICT)[0])
    assert state.in_play[ref(state, 0, ADVISOR)].knelt
    state = choose(state, "1")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = finish_challenge(state)
    assert len(state.players[1].hand) == 3  # the claim of Siege of Riverrun: 2


def test_soo_46_conflict_of_interest_without_it_your_own_claim():
    state = _conflict_game()
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = finish_challenge(state)
    assert len(state.players[1].hand) == 4


def test_soo_46_conflict_of_interest_at_the_beginning_of_the_phase_with_a_learned_character():
    state = _conflict_game()
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = _at_turn(finish_challenge(state))
    assert not uses(state, 0, hand(state, 0, CONFLICT)[0])
    state = _conflict_game(in_play=[SCHOLAR, STEWARD])  # a Maester without the Learned crest
    assert not uses(state, 0, hand(state, 0, CONFLICT)[0])
