"""steps.reveal_new_plot takes the new plot from the used pile when it lies there ("choose a
Castle plot card in your used pile. Reveal it as your new plot card": Alayne Stone, w_71)."""

from __future__ import annotations

from gameplay.engine.steps import reveal_new_plot
from tests.gameplay.cardtest import CALM, build


def test_reveal_new_plot_from_the_used_pile():
    state = build(
        phase="marshalling",
        players=[{"revealed_plot": CALM, "used_plots": [CALM]}, {"revealed_plot": CALM}],
    )
    player = state.players[0]
    old, new = player.revealed_plot, player.used_plots[0]
    deck = list(player.plot_deck)
    reveal_new_plot(state, 0, new)
    assert player.revealed_plot == new
    assert player.used_plots == [old]
    assert player.plot_deck == deck


def test_reveal_new_plot_from_the_plot_deck_is_unchanged():
    state = build(phase="marshalling", players=[{"revealed_plot": CALM}, {"revealed_plot": CALM}])
    player = state.players[0]
    old, new = player.revealed_plot, player.plot_deck[0]
    reveal_new_plot(state, 0, new)
    assert player.revealed_plot == new and old in player.used_plots
    assert new not in player.plot_deck
