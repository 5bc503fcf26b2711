"""The Prize of the North plots (gameplay/engine/cards/the_prize_of_the_north/plots.py).

Fillers: Host of Storm's End, Knight of the Tumblestone, Lannisport Steward (no text)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    head,
    marshalling,
    ref,
    until_prompt,
)

AFTERMATH = "cad_100"
ESCORT = "cad_89"  # House Dayne Escort: immune to plot effects with a Lannister character


def test_the_aftermath_keeps_up_to_three_characters_each():
    me = {"revealed_plot": AFTERMATH, "in_play": [HOST, KNIGHT, STEWARD, KNIGHT]}
    state = marshalling(me, {"in_play": [HOST, KNIGHT]})
    kept = [ref(state, 0, HOST), ref(state, 0, KNIGHT)]
    state = until_prompt(state, "keep_characters")
    assert head(state)["seat"] == 0 and head(state)["max"] == 3
    state = answer(state, "keep_characters", kept)
    assert head(state)["seat"] == 1
    state = answer(state, "keep_characters", [ref(state, 1, KNIGHT)])
    assert sorted(state.players[0].in_play) == sorted(kept)
    assert [state.code(r) for r in state.players[1].in_play] == [state.code(ref(state, 1, KNIGHT))]
    assert len(state.players[0].discard) == 2 and len(state.players[1].discard) == 1


def test_the_aftermath_does_not_discard_a_character_immune_to_plot_effects():
    me = {"revealed_plot": AFTERMATH, "in_play": [HOST]}
    state = marshalling(me, {"in_play": [ESCORT, STEWARD]})
    state = until_prompt(state, "keep_characters")
    state = answer(state, "keep_characters", [])
    state = answer(state, "keep_characters", [])
    assert [state.code(r) for r in state.players[1].in_play] == [ESCORT]
    assert not state.players[0].in_play
