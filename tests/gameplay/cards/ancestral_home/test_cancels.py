"""Ancestral Home cancels (gameplay/engine/cards/ancestral_home/cancels.py): Dorne Loyalist
and Harrenhal, in the ``ability`` window of an effect just triggered."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    calm_marshalling,
    hand,
    head,
    marshals,
    ref,
    until_window,
    use,
    uses,
)
from tests.gameplay.scenario import apply

LOYALIST, HARRENHAL, GREAT_WYK, CAPTAIN, HORSELORD = (
    "cad_70",
    "cad_78",
    "cad_64",
    "cad_62",
    "cad_75",
)
KEEP = "core_29"  # Great Keep: a location


def _captain_used(them):
    """Seat 0 plays Lyseni Captain and uses his response on the opponent's Host (3 power):
    the ``ability`` window of that character ability, when someone may answer it."""
    me = {"house": "Baratheon", "hand": [CAPTAIN], "gold": 5}
    state = calm_marshalling(
        me, {**them, "in_play": [{"card": HOST, "power": 3}, *them["in_play"]]}
    )
    state = apply(state, marshals(state, 0, hand(state, 0, CAPTAIN)[0])[0])
    return use(state, 0, ref(state, 0, CAPTAIN), ref(state, 1, HOST))


def _wyk_used(them):
    """Seat 0 uses Great Wyk on its Great Keep: the ``ability`` window of a location ability."""
    state = calm_marshalling({"in_play": [GREAT_WYK, KEEP]}, them)
    return use(state, 0, ref(state, 0, GREAT_WYK), ref(state, 0, KEEP))


# --- cad_70 Dorne Loyalist ----------------------------------------------------------------


def test_dorne_loyalist_kneels_a_prized_character_to_cancel_a_character_ability():
    state = _captain_used({"in_play": [LOYALIST, HORSELORD, KNIGHT]})
    loyalist, horselord = ref(state, 1, LOYALIST), ref(state, 1, HORSELORD)
    state = use(state, 1, loyalist)
    # prized characters only: never the Knight
    assert sorted(head(state)["candidates"]) == sorted([loyalist, horselord])
    state = answer(state, "kneel_cost", [horselord])
    assert state.in_play[horselord].knelt
    state = until_window(state)
    assert state.in_play[ref(state, 1, HOST)].power == 3  # cancelled
    assert state.in_play[ref(state, 0, CAPTAIN)].power == 0


def test_dorne_loyalist_needs_a_standing_prized_character():
    them = {"in_play": [{"card": LOYALIST, "knelt": True}, KNIGHT], "hand": [HARRENHAL]}
    state = _captain_used(them)
    assert not uses(state, 1, ref(state, 1, LOYALIST))


def test_dorne_loyalist_not_against_a_location_ability():
    state = _wyk_used({"in_play": [LOYALIST, HARRENHAL, STEWARD]})
    assert not uses(state, 1, ref(state, 1, LOYALIST))


# --- cad_78 Harrenhal ---------------------------------------------------------------------


def test_harrenhal_kills_a_character_to_cancel_and_takes_a_gold_token():
    state = _wyk_used({"in_play": [HARRENHAL, STEWARD]})
    harrenhal, steward = ref(state, 1, HARRENHAL), ref(state, 1, STEWARD)
    assert [a.cards[1:] for a in uses(state, 1, harrenhal)] == [(steward,)]
    state = use(state, 1, harrenhal, steward)
    assert steward in state.players[1].dead
    assert state.in_play[harrenhal].gold == 1
    state = until_window(state)
    assert not state.in_play[ref(state, 0, KEEP)].knelt  # cancelled


def test_harrenhal_with_a_third_gold_token_is_discarded():
    state = _wyk_used({"in_play": [HARRENHAL, STEWARD]})
    harrenhal, steward = ref(state, 1, HARRENHAL), ref(state, 1, STEWARD)
    state.in_play[harrenhal].gold = 2
    state = use(state, 1, harrenhal, steward)
    state = until_window(state)
    assert harrenhal in state.players[1].discard


def test_harrenhal_only_a_character_you_own_and_control():
    state = _wyk_used({"in_play": [HARRENHAL]})
    assert not uses(state, 1, ref(state, 1, HARRENHAL))
