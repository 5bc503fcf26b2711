"""The ``plot_revealing`` response window (steps._reveal_plots), opened per revealed plot
before initiative only in a game with a card that answers it (Counterplot, cad_28), and
"cancel the revealing of that plot" (steps.cancel_plot_reveal, reveal_replacement)."""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.steps import PLOT_REVEALING, cancel_plot_reveal, reveal_replacement
from tests.gameplay.cardtest import CALM, SEASON_PLOT, act, build, head


def _revealed(hand):
    players = [
        {"house": "Lannister", "plot_deck": [SEASON_PLOT], "hand": hand},
        {"plot_deck": [CALM, SEASON_PLOT]},
    ]
    state = build(phase="plot", players=players, auto_pass=False)
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    plot = state.players[1].plot_deck[0]
    return engine_apply(state, Action(1, "plot:choose", (plot,), "")), plot


def _about(state, plot):
    return [s for s in state.queue if (s.get("event") or {}).get("card") == plot]


def test_no_window_without_a_card_answering_it():
    state, _ = _revealed([])
    assert not [s for s in state.queue if s.get("trigger") == PLOT_REVEALING]


def test_the_window_comes_before_initiative():
    state, plot = _revealed(["cad_28"])
    assert head(state).get("trigger") == PLOT_REVEALING
    names = [s.get("trigger") or s["name"] for s in state.queue]
    assert names.index(PLOT_REVEALING) < names.index("initiative")
    assert _about(state, plot)


def test_cancel_and_replace_a_revealed_plot():
    state, plot = _revealed(["cad_28"])
    cancel_plot_reveal(state, 1, plot)
    player = state.players[1]
    assert plot in player.used_plots and player.revealed_plot is None
    assert not _about(state, plot)  # its queued responses are dropped
    new = player.plot_deck[0]
    reveal_replacement(state, 1, new)
    assert player.revealed_plot == new and new not in player.plot_deck
    names = [s.get("trigger") or s["name"] for s in state.queue]
    answers = [i for i, s in enumerate(state.queue) if (s.get("event") or {}).get("card") == new]
    assert min(answers) < names.index("initiative")  # its own plot_revealing window
    assert max(answers) > names.index("recycle_plots")  # plot_revealed, as the others
