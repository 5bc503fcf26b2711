"""Spoils of War plots (gameplay/engine/cards/spoils_of_war/plots.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR),
On Dagger Lake (btns_39, a River plot that triggers the top River plot of the used pile)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    finish_challenge,
    joust,
    plots_revealed,
    ref,
    start,
)

SEIZING, CROSSING, THEON = "cad_19", "cad_20", "cad_17"
DAGGER_LAKE = "btns_39"


def _prized_kill(plots):
    """Seat 0 kills Theon (prized 2) of seat 1 by a military claim; the power seat 0 claims
    beyond the unopposed challenge's."""
    me = {"in_play": [HOST], "revealed_plot": plots[0]}
    state = joust(me, {"in_play": [{"card": THEON, "knelt": True}], "revealed_plot": plots[1]})
    power = state.players[0].power
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    return state.players[0].power - power - 1


# --- cad_19 Seizing the Prize ---------------------------------------------------------------


def test_seizing_the_prize_claims_one_more_power_for_the_prized_keyword():
    assert _prized_kill(["Summoning Season", "Summoning Season"]) == 2
    assert _prized_kill([SEIZING, "Summoning Season"]) == 3
    assert _prized_kill(["Summoning Season", SEIZING]) == 2  # the opponent's plot: no


# --- cad_20 Crossing the Mummer's Ford ------------------------------------------------------


def test_crossing_the_mummers_ford_adds_a_card_per_river_plot_in_the_used_pile():
    me = {"used_plots": [CROSSING, DAGGER_LAKE, "Summoning Season"], "deck": [KNIGHT] * 4}
    state = plots_revealed(CROSSING, "Summoning Season", me=me)
    assert len(state.players[0].hand) == 2 and len(state.players[0].deck) == 2


def test_crossing_the_mummers_ford_cannot_be_triggered_by_another_card():
    me = {"used_plots": [CROSSING], "deck": [KNIGHT] * 4, "hand": [KNIGHT]}
    state = plots_revealed(DAGGER_LAKE, "Summoning Season", me=me, them={"hand": [KNIGHT]})
    assert len(state.players[0].hand) == 1 and len(state.players[0].deck) == 4
