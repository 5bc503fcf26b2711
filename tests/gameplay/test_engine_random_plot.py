"""A plot chosen at random in the plot phase (steps.random_plots) and the ``before_plots``
window opened for a card played from a hand (triggers.BEFORE_PLOTS_FROM_HAND). In the Hands
of the Qohorik (cad_97) uses both."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from gameplay.engine.steps import RANDOM_PLOT
from tests.gameplay.cardtest import CALM, KNIGHT, SEASON_PLOT, act, build, head, waiting_seats

PLOTS = [SEASON_PLOT, CALM]


def _choosing(effects=()):
    state = build(phase="plot", players=[{"plot_deck": PLOTS}, {"plot_deck": PLOTS}])
    assert head(state)["name"] == "choose_plots"
    state.effects.extend(effects)
    return act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])


def _random(seat):
    return {"query": RANDOM_PLOT, "subject": seat, "until": "phase", "source": None, "value": True}


def test_a_random_plot_effect_chooses_for_the_seat_and_is_used_up():
    state = _choosing([_random(1)])
    # seat 1 was not asked: both plots are chosen and revealed
    assert state.players[1].revealed_plot is not None
    assert not any(e["query"] == RANDOM_PLOT for e in state.effects)
    assert any(e["event"] == "plot_chosen" and e.get("random") for e in state.log)


def test_a_random_plot_comes_from_the_used_pile_while_it_must():
    used = {"query": "plot_from_used", "subject": 1, "until": "phase", "source": None}
    state = build(
        phase="plot",
        players=[{"plot_deck": PLOTS}, {"plot_deck": PLOTS, "used_plots": ["Rains of Autumn"]}],
    )
    rains = state.players[1].used_plots[0]
    state.effects.extend([_random(1), {**used, "value": True}])
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    assert state.players[1].revealed_plot == rains


def test_without_the_effect_the_seat_chooses():
    state = _choosing()
    assert head(state)["name"] == "choose_plots" and waiting_seats(state) == [1]
    assert all(a.kind == "plot:choose" for a in legal_actions(state, 1))


def test_no_before_plots_window_without_such_a_card():
    state = build(phase="plot", players=[{"deck": [KNIGHT]}, {"deck": [KNIGHT]}], auto_pass=False)
    assert head(state)["name"] == "choose_plots"
    holding = [{"deck": ["cad_97"]}, {"deck": [KNIGHT]}]
    state = build(phase="plot", players=holding, auto_pass=False)
    assert head(state).get("point") == "before_plots"
