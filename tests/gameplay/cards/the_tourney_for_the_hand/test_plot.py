"""The Tourney for the Hand plot Into the Lists
(gameplay/engine/cards/the_tourney_for_the_hand/cards.py), revealed as a player would."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    head,
    plots_revealed,
    ref,
)

LISTS = "atoc_20"
BARRISTAN = "atoc_10"  # 3 STR, a Military icon (a body here)


def _lists(theirs):
    state = plots_revealed(
        LISTS, CALM, me={"in_play": [KNIGHT, HOST, STEWARD]}, them={"in_play": theirs}
    )
    assert head(state).get("purpose") == "into_the_lists" and head(state)["seat"] == 0
    knight = ref(state, 0, KNIGHT)
    # non-Army, a Military icon: not the Host (Army), not the Steward (no Military icon)
    assert head(state)["candidates"] == [knight]
    return answer(state, "into_the_lists", [knight]), knight


def test_into_the_lists_the_highest_str_knelt_claims_2_power():
    state, knight = _lists([BARRISTAN])
    barristan = ref(state, 1, BARRISTAN)
    assert head(state).get("purpose") == "into_the_lists" and head(state)["seat"] == 1
    state = answer(state, "into_the_lists", [barristan])
    assert state.in_play[knight].knelt and state.in_play[barristan].knelt
    assert state.in_play[barristan].power == 2 and state.in_play[knight].power == 0


def test_into_the_lists_each_player_may_decline():
    state, knight = _lists([BARRISTAN])
    state = answer(state, "into_the_lists", [])
    barristan = ref(state, 1, BARRISTAN)
    assert not state.in_play[barristan].knelt
    assert state.in_play[knight].power == 2


def test_into_the_lists_a_tie_claims_nothing():
    state, knight = _lists([KNIGHT])
    theirs = ref(state, 1, KNIGHT)
    state = answer(state, "into_the_lists", [theirs])
    assert state.in_play[knight].power == 0 and state.in_play[theirs].power == 0
