"""The forced moment ``plot_to_used_pile`` (steps._to_used_pile) names the plot as the
event's ``card``, so the plot's own forced text is found in the used pile (a prized plot:
vocabulary.prized, The Lost Message cad_40); a revealed plot that the event names is a
source once, not twice (abilities.fire_forced)."""

from __future__ import annotations

from tests.gameplay.cardtest import CALM, act, build, events


def _next_plots(first: str):
    state = build(
        phase="plot",
        players=[
            {"revealed_plot": first, "plot_deck": [CALM]},
            {"revealed_plot": CALM, "plot_deck": [CALM]},
        ],
    )
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_a_prized_plot_to_the_used_pile_fires_once():
    state = _next_plots("cad_40")
    prized = [e for e in events(state, "power") if e.get("reason") == "prized"]
    assert [(e["seat"], e["amount"]) for e in prized] == [(1, 1)]


def test_a_plot_without_such_text_fires_nothing():
    state = _next_plots(CALM)
    assert not [e for e in events(state, "power") if e.get("reason") == "prized"]
