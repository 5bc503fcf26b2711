"""The last card of The Prize of the North: In the Hands of the Qohorik (cad_97,
gameplay/engine/cards/the_prize_of_the_north/qohorik.py)."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    CALM,
    KNIGHT,
    SEASON_PLOT,
    act,
    build,
    hand,
    head,
    use,
    uses,
    waiting_seats,
)

QOHORIK = "cad_97"
PLOTS = [SEASON_PLOT, CALM, "Rains of Autumn"]


def _plot_phase(my_hand=(QOHORIK,), players=2, seed=0):
    seats = [{"hand": list(my_hand), "plot_deck": PLOTS, "deck": [KNIGHT] * 3}]
    seats += [{"plot_deck": PLOTS, "deck": [KNIGHT] * 3} for _ in range(players - 1)]
    variant = "joust" if players == 2 else "melee"
    return build(phase="plot", players=seats, auto_pass=False, variant=variant, seed=seed)


def _pass_to_plots(state):
    while head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_qohorik_makes_the_opponent_choose_the_plot_at_random():
    state = _plot_phase()
    assert head(state).get("point") == "before_plots"
    power = state.players[1].power
    state = use(state, 0, hand(state, 0, QOHORIK)[0])
    assert state.players[1].power == power + 1  # prized 1: the opponent claims 1
    state = _pass_to_plots(state)
    assert head(state)["name"] == "choose_plots"
    assert waiting_seats(state) == [0]  # seat 1 is not asked: its plot is chosen already
    assert state.players[1].chosen_plot in state.players[1].plot_deck
    assert not any(a.kind == "plot:choose" for a in legal_actions(state, 1))
    chosen = [e for e in state.log if e["event"] == "plot_chosen"]
    assert chosen[-1] == {**chosen[-1], "seat": 1, "random": True}
    assert "card" not in chosen[-1]  # nobody learns which plot
    state = act(state, 0, "plot:choose", [state.players[0].plot_deck[0]])
    assert state.players[1].revealed_plot is not None


def test_qohorik_random_choice_is_the_seeds():
    found = set()
    for seed in range(12):
        state = _plot_phase(seed=seed)
        state = use(state, 0, hand(state, 0, QOHORIK)[0])
        found.add(state.code(_pass_to_plots(state).players[1].chosen_plot))
    assert len(found) > 1  # not always the same plot


def test_qohorik_only_before_the_plots_are_chosen():
    state = _plot_phase()
    card = hand(state, 0, QOHORIK)[0]
    state = _pass_to_plots(state)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    assert state.phase == "plot" and state.players[1].revealed_plot is not None
    while head(state).get("name") == "window" and state.phase == "plot":
        assert not uses(state, 0, card)  # the plot phase window: no plot choice left
        state = act(state, waiting_seats(state)[0], "pass")


def test_qohorik_window_is_opened_whoever_holds_the_card():
    # Seat 0's Qohorik is in its deck: the window still opens (a hand tells nothing).
    seats = [
        {"deck": [QOHORIK, KNIGHT], "plot_deck": PLOTS},
        {"plot_deck": PLOTS, "deck": [KNIGHT] * 2},
    ]
    state = build(phase="plot", players=seats, auto_pass=False)
    assert head(state).get("point") == "before_plots"
    assert not any(a.kind == "use" for s in (0, 1) for a in legal_actions(state, s))
    # A game without the card has no such window.
    state = build(phase="plot", players=[{"plot_deck": PLOTS}, {"plot_deck": PLOTS}])
    assert head(state).get("name") == "choose_plots"


def test_qohorik_chooses_one_opponent_in_melee():
    state = _plot_phase(players=3)
    state = use(state, 0, hand(state, 0, QOHORIK)[0])
    assert head(state).get("purpose") == "choose_opponent"
    state = act(state, 0, "choose", choice="2")
    state = _pass_to_plots(state)
    assert state.players[2].chosen_plot is not None  # chosen at random
    assert state.players[1].chosen_plot is None and 1 in waiting_seats(state)


def test_qohorik_only_an_opponent_still_to_choose():
    # The only opponent skips its plot this round (The Art of Seduction): nobody to choose.
    state = _plot_phase()
    state.effects.append(
        {"query": "skip_plot", "subject": 1, "until": "round", "source": None, "round": 1}
    )
    state.effects[-1]["round"] = state.round
    assert not uses(state, 0, hand(state, 0, QOHORIK)[0])
