"""Carrion Bird (ator_16, a_song_of_summer/carrion.py), played through legal actions: its
response cannot be cancelled.

Black Raven (ator_2) is a Raven attachment; Seasick (kotse_19) cancels a triggered effect
from the hand; Besiegers of Dorne (acoa_19) cancel the first effect of the first challenge.
"""

from __future__ import annotations

from gameplay.engine import cancels
from gameplay.engine.abilities import SCRIPTS
from tests.gameplay.cardtest import (
    act,
    answer,
    events,
    head,
    joust,
    ref,
    use,
    won_window,
)

BIRD = "ator_16"
BLACK_RAVEN = "ator_2"
SEASICK = "kotse_19"
BESIEGERS = "acoa_19"
KNIGHT = "Knight of the Tumblestone"


def won_with_bird(them):
    state = joust({"in_play": [BIRD], "discard": [BLACK_RAVEN, BIRD, KNIGHT]}, them)
    bird = ref(state, 0, BIRD)
    return won_window(state, "military", [bird]), bird


def shuffle_ravens_from_the_discard_pile(state, bird):
    ravens = [r for r in state.players[0].discard if state.code(r) != "core_18"]
    state = use(state, 0, bird)
    assert head(state)["purpose"] == "carrion_bird"  # no cancel window came first
    state = act(state, 0, "choose", choice="discard_pile")
    state = answer(state, "shuffle_into_deck", ravens)
    assert [state.code(r) for r in state.players[0].discard] == ["core_18"]
    assert sorted(state.code(r) for r in state.players[0].deck) == sorted([BLACK_RAVEN, BIRD])
    return state


def test_ator_16_carrion_bird_shuffles_ravens_back_and_cannot_be_cancelled():
    assert SCRIPTS[BIRD].abilities[0].cannot_be_cancelled
    state, bird = won_with_bird({"hand": [SEASICK]})
    state = shuffle_ravens_from_the_discard_pile(state, bird)
    assert not events(state, "cancelled")


def test_ator_16_carrion_bird_is_not_cancelled_by_a_forced_cancel():
    state, bird = won_with_bird({"in_play": [{"card": BESIEGERS, "knelt": True}]})
    state = shuffle_ravens_from_the_discard_pile(state, bird)  # the first effect triggered
    assert not events(state, "cancelled")


def test_no_cancel_is_offered_against_an_effect_that_cannot_be_cancelled():
    state, bird = won_with_bird({})
    state.queue.insert(0, {"name": "resolve_ability", "ctx": {"source": bird}, "cancelled": False})
    assert cancels.can_be_cancelled(state)
    state.queue[0][cancels.UNCANCELABLE] = True
    assert not cancels.can_be_cancelled(state)
