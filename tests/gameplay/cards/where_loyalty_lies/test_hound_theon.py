"""Where Loyalty Lies: The Hound (atoc_64) and Theon Greyjoy (atoc_69)
(gameplay/engine/cards/where_loyalty_lies/hound_theon.py)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    codes,
    events,
    finish_challenge,
    head,
    joust,
    names,
    pass_windows,
    ref,
    start,
    until_window,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

HOUND = "atoc_64"
OLD_HOUND = "core_42"  # "If The Hound is killed, place him in your discard pile ..."
THEON = "atoc_69"
SPEAR = "atoc_115"  # an attachment (Weapon)
ROBB = "Robb Stark"  # a unique character


def _codes(refs, state):
    return [state.code(r) for r in refs]


# --- atoc_64 The Hound ---------------------------------------------------------------------


def _hound_killed_by_claim(hound: dict | str):
    """Seat 0 wins a military challenge against seat 1, whose only character is ``hound``;
    the claim kills him (the duplicate-save prompt, if any, is declined)."""
    them = {"house": "Lannister", "in_play": [hound], "deck": [KNIGHT]}
    state = joust({"in_play": [HOST]}, them)
    hound_ref = state.players[1].in_play[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    return finish_challenge(state), hound_ref


def _waiting(state):
    return waiting_seats(state)[0]


def test_atoc_64_the_hound_is_shuffled_into_the_deck_instead_of_killed():
    state, hound = _hound_killed_by_claim(HOUND)
    player = state.players[1]
    assert hound not in state.in_play and not player.in_play
    assert not player.dead and not player.discard
    assert HOUND in _codes(player.deck, state) and len(player.deck) == 2
    assert not [e for e in events(state, "killed") if e["card"] == hound]
    assert events(state, "kill_replaced")[-1]["card"] == hound
    assert events(state, "shuffled")[-1]["seat"] == 1


def test_atoc_64_the_hounds_attachments_are_discarded_as_he_leaves():
    state, _ = _hound_killed_by_claim({"card": HOUND, "attachments": [SPEAR]})
    player = state.players[1]
    assert _codes(player.discard, state) == [SPEAR]
    assert HOUND in _codes(player.deck, state) and not player.dead


def test_core_42_the_older_hound_still_goes_to_the_discard_pile_killed():
    state, hound = _hound_killed_by_claim(OLD_HOUND)
    assert hound in state.players[1].discard
    assert events(state, "killed")[-1]["card"] == hound


# --- atoc_69 Theon Greyjoy -------------------------------------------------------------------


def _dominance(me: dict, deck: list[str]):
    return joust({"house": "Greyjoy", **me}, {"deck": deck}, phase="dominance")


def test_atoc_69_theon_in_the_dead_pile_discards_the_top_card_of_each_opponents_deck():
    state = _dominance({"dead": [THEON]}, [KNIGHT, STEWARD])
    assert codes(state, state.players[1].discard) == names(KNIGHT)  # the top card
    assert len(state.players[1].deck) == 1
    assert not state.players[0].in_play  # a Knight is not unique: Theon stays dead


def test_atoc_69_theon_in_play_has_no_text():
    state = _dominance({"in_play": [THEON]}, [KNIGHT, STEWARD])
    assert not state.players[1].discard and len(state.players[1].deck) == 2


def _theon_offered(state):
    state = until_window(state, "card_discarded_from_deck")
    theon = state.players[0].dead[0]
    return state, theon, uses(state, 0, theon)


def test_atoc_69_theon_comes_into_play_after_a_unique_character_is_discarded():
    state = _dominance({"dead": [THEON]}, [ROBB, KNIGHT])
    state, theon, offered = _theon_offered(state)
    assert offered
    state = apply(state, offered[0])
    assert theon in state.in_play and state.in_play[theon].controller == 0
    assert theon not in state.players[0].dead


def test_atoc_69_theon_ignores_a_unique_character_from_his_owners_own_deck():
    me = {"dead": [THEON], "in_play": [OLD_HOUND], "deck": [ROBB]}
    state = _dominance(me, [KNIGHT])
    step = head(state)
    if step.get("purpose") != "the_hound":
        state = pass_windows(state)
    assert head(state).get("purpose") == "the_hound"
    theon = state.players[0].dead[0]
    state = act(state, 0, "choose", choice="discard_top_card")  # Robb, from his own deck
    assert state.code(state.players[0].discard[0]) != THEON
    for _ in range(10):
        assert not uses(state, 0, theon)
        if head(state).get("name") != "window":
            break
        state = act(state, _waiting(state), "pass")
    assert theon in state.players[0].dead


def test_atoc_69_theon_not_while_a_copy_is_in_play():
    state = _dominance({"dead": [THEON], "in_play": [THEON]}, [ROBB, KNIGHT])
    assert len(state.players[1].discard) == 1  # the dead copy's forced effect
    dead = state.players[0].dead[0]
    for _ in range(10):
        assert not uses(state, 0, dead)
        if head(state).get("name") != "window":
            break
        state = act(state, _waiting(state), "pass")
    assert dead in state.players[0].dead
