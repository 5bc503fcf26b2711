"""War of Five Kings (ator_99): an epic phase whose losing defenders select their next plot
at random instead of the claim (gameplay/engine/epic.py)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import act, events, head, ref, until_phase, waiting_seats
from tests.gameplay.epictest import PLOT, epic_challenge, play_battle, plot_phase

KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power


def test_ator_99_war_of_five_kings_losing_defender_selects_next_plot_at_random():
    them = {"in_play": [KNIGHT], "plot_deck": [PLOT, "kotse_50", "kotse_53"], "power": 2}
    state = plot_phase([{"hand": ["ator_99"], "in_play": [KNIGHT, KNIGHT]}, them])
    state = play_battle(state, 0, "ator_99")
    state = epic_challenge(state, 0, "power", [ref(state, 0, KNIGHT, 0), ref(state, 0, KNIGHT, 1)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.players[1].power == 2  # instead of the power claim
    assert events(state, "random_plot_next")[-1]["seat"] == 1
    state = until_phase(state, "plot")
    assert head(state)["name"] == "choose_plots"
    assert waiting_seats(state) == [0]  # seat 1 is not asked: its plot was chosen at random
    chosen = state.players[1].chosen_plot
    assert chosen in state.players[1].plot_deck
    assert events(state, "plot_chosen")[-1] == {
        "event": "plot_chosen",
        "round": 1,
        "seat": 1,
        "random": True,
    }
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    assert state.players[1].revealed_plot == chosen
    assert not [a for a in legal_actions(state, 1) if a.kind == "plot:choose"]
